import sharp from 'sharp';
import type { TestApp, TestResponse } from './test-app';

/** A small real picture, different per colour so uploads are distinguishable. */
export function pngImage(colour = '#c81d3a', size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export interface FormFile {
  data: Buffer;
  filename: string;
  type?: string;
}

/** A multipart/form-data body exactly as a browser's FormData would send it. */
export async function multipart(fields: Record<string, string | FormFile>): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type ?? 'application/octet-stream' }), value.filename);
  }
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}

export async function sendForm(
  t: TestApp,
  method: 'POST' | 'PUT',
  url: string,
  token: string | undefined,
  fields: Record<string, string | FormFile>,
): Promise<TestResponse> {
  const { payload, contentType } = await multipart(fields);
  return t.request(method, url, { token, payload, headers: { 'content-type': contentType } });
}

export const rosePicture = async (colour?: string): Promise<FormFile> => ({ data: await pngImage(colour), filename: 'rose.png', type: 'image/png' });

/** Inserts catalogue rows directly (faster than the API when a test only needs data). */
export async function insertProducts(
  t: TestApp,
  rows: { name: string; type?: 'flower' | 'green_leaf'; pricePaise?: number; stock?: number; description?: string; createdAt?: Date }[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const row of rows) {
    const [inserted] = await t.dataSource.query(
      `INSERT INTO products (name, type, price_paise, stock, description, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
      [row.name, row.type ?? 'flower', row.pricePaise ?? 1000, row.stock ?? 10, row.description ?? '', row.createdAt ?? new Date()],
    );
    ids.push(inserted.id);
  }
  return ids;
}
