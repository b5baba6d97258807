import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { insertProducts, pngImage, rosePicture, sendForm } from './catalog-fixtures';
import { startS3Server, type S3TestServer } from './s3-test-server';
import { createTestApp, type TestApp, type TestUser } from './test-app';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('product images in an S3 bucket (STORAGE_DRIVER=s3)', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let admin: TestUser;

  /** Every key in the bucket, straight from the S3 server. */
  const bucketKeys = async () => ((await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((object) => object.Key!).sort();
  const bucketObject = async (key: string) => {
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return {
      contentType: object.ContentType,
      cacheControl: object.CacheControl,
      etag: object.ETag,
      data: Buffer.from(await object.Body!.transformToByteArray()),
    };
  };
  /** `products/<id>` from an image URL such as /uploads/products/<id>-detail.webp. */
  const imageKeyOf = (url: string) => /^\/uploads\/(products\/[0-9a-f]{24})-detail\.webp$/.exec(url)![1];

  beforeAll(async () => {
    s3 = await startS3Server('thalir-shop-images');
    t = await createTestApp(s3.env);
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores an uploaded image, its original and renditions, in the bucket and serves it back with its content type', async () => {
    const picture = await pngImage('#b03060', 256);
    const created = await sendForm(t, 'POST', '/api/products', admin.token, {
      name: 'Crimson Carnation',
      price: '80',
      stock: '12',
      type: 'flower',
      image: { data: picture, filename: 'carnation.png', type: 'image/png' },
    });
    expect(created.status).toBe(201);
    const product = created.body.data;
    const key = imageKeyOf(product.image);
    expect(product.imageCard).toBe(`/uploads/${key}-card.webp`);

    expect(await bucketKeys()).toEqual([`originals/${key}`, `${key}-card.webp`, `${key}-detail.webp`]);
    const detail = await bucketObject(`${key}-detail.webp`);
    expect(detail).toMatchObject({ contentType: 'image/webp', cacheControl: IMMUTABLE });
    expect(detail.data.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const original = await bucketObject(`originals/${key}`);
    expect(original.contentType).toBe('image/png');
    expect(original.data.equals(picture)).toBe(true);
    // Nothing went to the local folder.
    expect(existsSync(join(t.config.dataDir, 'uploads'))).toBe(false);

    const served = await t.request('GET', product.image);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe(IMMUTABLE);
    expect(served.headers['content-length']).toBe(String(detail.data.length));
    expect(served.headers.etag).toBe(detail.etag);
    expect(served.headers['last-modified']).toEqual(expect.stringMatching(/ GMT$/));
    expect(served.raw.equals(detail.data)).toBe(true);

    const card = await t.request('GET', product.imageCard);
    expect(card.status).toBe(200);
    expect(card.headers['content-type']).toBe('image/webp');
    expect(card.raw.equals((await bucketObject(`${key}-card.webp`)).data)).toBe(true);
  });

  it('answers a revalidation with 304 and a HEAD with the headers alone, and keeps the originals private', async () => {
    const product = (
      await sendForm(t, 'POST', '/api/products', admin.token, { name: 'Fern', price: '10', type: 'green_leaf', image: await rosePicture('#2e8b57') })
    ).body.data;
    const first = await t.request('GET', product.image);
    const again = await t.request('GET', product.image, { headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    const since = await t.request('GET', product.image, { headers: { 'if-modified-since': String(first.headers['last-modified']) } });
    expect(since.status).toBe(304);
    const stale = await t.request('GET', product.image, { headers: { 'if-none-match': '"another"' } });
    expect(stale.status).toBe(200);
    expect(stale.raw.equals(first.raw)).toBe(true);

    const head = await t.request('HEAD', product.image);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.headers['content-length']).toBe(String(first.raw.length));
    expect(head.raw.length).toBe(0);

    const key = imageKeyOf(product.image);
    expect((await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `originals/${key}` }))).ContentType).toBe('image/png');
    // Whatever else lands in the bucket under products/ is not served from the shop's origin.
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'products/page.html', Body: '<script>alert(1)</script>', ContentType: 'text/html' }));
    const paths = [
      `/uploads/originals/${key}`,
      `/uploads/${key}-thumb.webp`,
      '/uploads/products/',
      '/uploads/products/%2e%2e%2fsecret',
      '/uploads/products/page.html',
    ];
    for (const path of paths) {
      const res = await t.request('GET', path);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false });
    }
  });

  it('replaces the objects when the image changes and removes them with the product', async () => {
    const product = (
      await sendForm(t, 'POST', '/api/products', admin.token, { name: 'Lily', price: '30', type: 'flower', image: await rosePicture('#ffffff') })
    ).body.data;
    const oldKey = imageKeyOf(product.image);
    const updated = await sendForm(t, 'PUT', `/api/admin/products/${product._id}`, admin.token, { image: await rosePicture('#ffd700') });
    expect(updated.status).toBe(200);
    const newKey = imageKeyOf(updated.body.data.image);
    const keys = await bucketKeys();
    expect(keys.filter((key) => key.includes(oldKey))).toEqual([]);
    expect(keys.filter((key) => key.includes(newKey))).toEqual([`originals/${newKey}`, `${newKey}-card.webp`, `${newKey}-detail.webp`]);

    expect((await t.request('DELETE', `/api/products/${product._id}`, { token: admin.token })).status).toBe(200);
    expect((await bucketKeys()).filter((key) => key.includes(newKey))).toEqual([]);
    expect((await t.request('GET', updated.body.data.image)).status).toBe(404);
  });
});

describe('product image URLs on a CDN (ASSET_BASE_URL)', () => {
  const CDN = 'https://cdn.thalir.example/uploads';
  const PUBLIC_URL = 'https://shop.thalir.example';
  let t: TestApp;
  let admin: TestUser;
  let product: { _id: string; image: string; imageCard: string };

  beforeAll(async () => {
    t = await createTestApp({ ASSET_BASE_URL: `${CDN}/`, PUBLIC_URL });
    admin = await t.createUser({ role: 'admin' });
    // A shell build without server bundles: pages come with their head, drawn in the browser.
    mkdirSync(join(t.config.webRoot, 'shell'), { recursive: true });
    writeFileSync(
      join(t.config.webRoot, 'shell/index.html'),
      '<!doctype html><html><head><!--page-head--><title>Thalir Blooms</title><!--/page-head--></head><body><div id="root"></div></body></html>',
    );
    const created = await sendForm(t, 'POST', '/api/products', admin.token, {
      name: 'Blue Orchid',
      price: '450',
      stock: '2',
      type: 'flower',
      image: await rosePicture('#3050c0'),
    });
    expect(created.status).toBe(201);
    product = created.body.data;
  });
  afterAll(() => t?.close());

  it('points the image URLs of every answer at the CDN', async () => {
    const key = /^https:\/\/cdn\.thalir\.example\/uploads\/(products\/[0-9a-f]{24})-detail\.webp$/.exec(product.image)?.[1];
    expect(key).toBeDefined();
    expect(product.imageCard).toBe(`${CDN}/${key}-card.webp`);
    const picture = (answer: { image: string; imageCard: string }) => ({ image: answer.image, imageCard: answer.imageCard });
    const expected = picture(product);

    expect(picture((await t.request('GET', `/api/products/${product._id}`)).body.data)).toEqual(expected);
    const list = (await t.request('GET', '/api/products')).body.data;
    expect(picture(list.find((item: { _id: string }) => item._id === product._id))).toEqual(expected);
    const paged = (await t.request('GET', '/api/products?page=1&limit=5')).body.data;
    expect(picture(paged.find((item: { _id: string }) => item._id === product._id))).toEqual(expected);

    const updated = await sendForm(t, 'PUT', `/api/admin/products/${product._id}`, admin.token, { stock: '1' });
    expect(picture(updated.body.data)).toEqual(expected);

    const customer = await t.createUser();
    const wished = await t.request('POST', '/api/wishlist', { token: customer.token, body: { productId: product._id } });
    expect(wished.status).toBe(201);
    const wishlist = wished.body.data ?? wished.body;
    expect(picture(wishlist.items[0].product)).toEqual(expected);

    const sales = await t.request('GET', '/api/admin/stats/sales', { token: admin.token });
    const stats = sales.body.data ?? sales.body;
    expect(picture(stats.lowStock.find((item: { _id: string }) => item._id === product._id))).toEqual(expected);
  });

  it('keeps the placeholder of a product without a picture on the site', async () => {
    const [id] = await insertProducts(t, [{ name: 'No Picture Yet' }]);
    expect((await t.request('GET', `/api/products/${id}`)).body.data.image).toBe('/assets/product-placeholder.svg');
  });

  it('names the CDN picture in the product page preview, and the CSP lets pages load it', async () => {
    const page = await t.request('GET', `/product/${product._id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<meta property="og:image" content="${product.imageCard}"/>`);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.thalir\.example/);
    expect(csp).not.toMatch(/script-src [^;]*https:\/\/cdn\.thalir\.example/);
  });

  it('still serves the files at /uploads for a CDN that fetches from the API, letting the CDN origin use them', async () => {
    const path = new URL(product.image).pathname;
    const res = await t.request('GET', path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
