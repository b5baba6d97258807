import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpException } from '@nestjs/common';
import { RazorpayGateway } from '../src/payments/razorpay.gateway';

/** A local stand-in for api.razorpay.com, answering the way the real API does. */
describe('RazorpayGateway through the official SDK', () => {
  let server: Server;
  let baseUrl: string;
  let answer: (request: IncomingMessage, body: string, response: ServerResponse) => void;
  const hanging: ServerResponse[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => answer(request, body, response));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const response of hanging) response.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  const gateway = (options: { timeoutMs?: number; apiBaseUrl?: string } = {}) =>
    new RazorpayGateway({ keyId: 'rzp_test_stub', keySecret: 'stub_secret', webhookSecret: 'stub_webhook' }, { apiBaseUrl: baseUrl, ...options });
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(HttpException);
    const http = error as HttpException;
    return { status: http.getStatus(), message: (http.getResponse() as { message: string }).message };
  }

  it('creates an INR order for the amount and receipt given, with the key as basic auth', async () => {
    let seen: { url?: string; auth?: string; body?: Record<string, unknown> } = {};
    answer = (request, body, response) => {
      seen = { url: request.url, auth: request.headers.authorization, body: JSON.parse(body) };
      json(response, 200, { id: 'order_Stub0000000001', entity: 'order', amount: 24100, currency: 'INR', receipt: 'shop-1', status: 'created' });
    };
    expect(await gateway().createOrder({ amountPaise: 24100, receipt: 'shop-1' })).toEqual({ id: 'order_Stub0000000001', amountPaise: 24100 });
    expect(seen.url).toBe('/v1/orders');
    expect(seen.auth).toBe(`Basic ${Buffer.from('rzp_test_stub:stub_secret').toString('base64')}`);
    expect(seen.body).toMatchObject({ amount: 24100, currency: 'INR', receipt: 'shop-1' });
  });

  it("maps Razorpay's error answers (plain objects from the SDK) to 502 with its description", async () => {
    answer = (_request, _body, response) =>
      json(response, 400, { error: { code: 'BAD_REQUEST_ERROR', description: 'Order amount less than minimum amount allowed' } });
    expect(await failure(gateway().createOrder({ amountPaise: 50, receipt: 'shop-2' }))).toEqual({
      status: 502,
      message: 'The payment provider refused the payment: Order amount less than minimum amount allowed',
    });

    answer = (_request, _body, response) => json(response, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    expect(await failure(gateway().createOrder({ amountPaise: 5000, receipt: 'shop-3' }))).toEqual({
      status: 502,
      message: 'Online payment is not available right now (the payment provider refused our credentials)',
    });
  });

  it('gives up after the timeout with 503 instead of waiting forever', async () => {
    answer = (_request, _body, response) => hanging.push(response);
    const started = Date.now();
    expect((await failure(gateway({ timeoutMs: 200 }).createOrder({ amountPaise: 5000, receipt: 'shop-4' }))).status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers 503 when Razorpay cannot be reached at all', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failure(gateway({ apiBaseUrl: `http://127.0.0.1:${port}` }).createOrder({ amountPaise: 5000, receipt: 'shop-5' }))).toEqual({
      status: 503,
      message: 'The payment provider could not be reached. Please try again in a moment',
    });
  });
});
