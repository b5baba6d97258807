import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { createTestApp, type TestApp } from './test-app';

describe('frontend files', () => {
  let t: TestApp;
  const script = 'console.log("thalir");'.repeat(100);

  beforeAll(async () => {
    t = await createTestApp();
    const shell = join(t.config.webRoot, 'shell');
    const storefront = join(t.config.webRoot, 'storefront-mfe');
    mkdirSync(shell, { recursive: true });
    mkdirSync(storefront, { recursive: true });
    writeFileSync(join(shell, 'index.html'), '<div id="root"></div>');
    writeFileSync(join(shell, 'main.0123456789ab.js'), script);
    writeFileSync(join(shell, 'main.0123456789ab.js.br'), brotliCompressSync(script));
    writeFileSync(join(storefront, 'remoteEntry.js'), script);
    writeFileSync(join(storefront, 'remoteEntry.js.br'), brotliCompressSync(script));
  });

  afterAll(() => t.close());

  it('serves the shell page at every page address while the builds have no server bundles (the browser draws the page)', async () => {
    for (const path of ['/', '/products', '/product/abc', '/login']) {
      const page = await t.request('GET', path);
      expect(page.status).toBe(200);
      expect(page.body).toBe('<div id="root"></div>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the brotli copy written by the build to browsers that take brotli, cached like the file it encodes', async () => {
    const res = await t.request('GET', '/main.0123456789ab.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.raw).toString()).toBe(script);

    const remoteEntry = await t.request('GET', '/remotes/storefront/remoteEntry.js', { headers: { 'accept-encoding': 'br' } });
    expect(remoteEntry.headers['content-encoding']).toBe('br');
    expect(remoteEntry.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(remoteEntry.raw).toString()).toBe(script);
  });

  it('sends the file itself to a client that takes no encoding', async () => {
    const res = await t.request('GET', '/main.0123456789ab.js', { headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });
});
