import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { multipart, pngImage, rosePicture, sendForm } from './catalog-fixtures';
import { createTestApp, TestApp, TestUser } from './test-app';

const FIVE_MB = 5 * 1024 * 1024;

describe('catalogue administration: create, update, delete', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;

  const uploads = () => join(t.config.dataDir, 'uploads');
  /** The files behind a product image URL such as /uploads/products/ab12-detail.webp. */
  const imageFiles = (imageUrl: string) => {
    const key = imageUrl.replace(/^\/uploads\//, '').replace(/-detail\.webp$/, '');
    return [`${key}-card.webp`, `${key}-detail.webp`].map((name) => join(uploads(), name));
  };
  const validFields = async () => ({
    name: 'Peach Rose',
    price: '52.50',
    stock: '4',
    type: 'flower',
    description: 'Warm apricot tones. Limited stock.',
    image: await rosePicture('#f7b48d'),
  });
  const create = async (fields: Record<string, unknown> = {}) => {
    const res = await sendForm(t, 'POST', '/api/products', admin.token, { ...(await validFields()), ...(fields as object) });
    expect(res.status).toBe(201);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
    customer = await t.createUser();
  });
  afterAll(() => t.close());

  describe('POST /api/products', () => {
    it('creates a product from the admin form and serves its image renditions', async () => {
      const res = await sendForm(t, 'POST', '/api/products', admin.token, await validFields());
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        success: true,
        data: {
          _id: expect.any(String),
          name: 'Peach Rose',
          price: 52.5,
          stock: 4,
          type: 'flower',
          description: 'Warm apricot tones. Limited stock.',
          image: expect.stringMatching(/^\/uploads\/products\/[0-9a-f]{24}-detail\.webp$/),
          imageCard: expect.stringMatching(/^\/uploads\/products\/[0-9a-f]{24}-card\.webp$/),
          hsnCode: '0603',
          gstRate: 0,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      });
      const image = await t.request('GET', res.body.data.image);
      expect(image.status).toBe(200);
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(image.raw.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect((await t.request('GET', res.body.data.imageCard)).status).toBe(200);

      const listed = await t.request('GET', `/api/products/${res.body.data._id}`);
      expect(listed.body.data).toEqual(res.body.data);
    });

    it('defaults stock to 0 and description to empty', async () => {
      const { image, name, price, type } = await validFields();
      const res = await sendForm(t, 'POST', '/api/products', admin.token, { name, price, type, image });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ stock: 0, description: '' });
    });

    it('takes whole, one- and two-decimal prices and 0', async () => {
      for (const [price, expected] of [
        ['120', 120],
        ['120.5', 120.5],
        ['0.01', 0.01],
        ['0', 0],
      ] as const) {
        expect((await create({ price })).price).toBe(expected);
      }
    });

    it.each([
      ['a blank name', { name: '' }, 'Name is required'],
      ['a name over 120 characters', { name: 'x'.repeat(121) }, 'Name must be at most 120 characters'],
      ['a blank price', { price: '' }, 'Price is required'],
      ['a negative price', { price: '-1' }, 'Price cannot be negative'],
      ['a price with 3 decimals', { price: '12.345' }, 'Price can have at most 2 decimal places'],
      ['a price in words', { price: 'cheap' }, 'Price must be a number'],
      ['a price in exponent notation', { price: '1e3' }, 'Price must be a number'],
      ['a price past the limit', { price: '1000001' }, 'Price must be at most 1000000'],
      ['an unknown type', { type: 'tree' }, 'Type must be one of: flower, green_leaf'],
      ['a blank type', { type: '' }, 'Type is required'],
      ['a fractional stock', { stock: '2.5' }, 'Stock must be a whole number'],
      ['a negative stock', { stock: '-3' }, 'Stock cannot be negative'],
      ['a stock in words', { stock: 'many' }, 'Stock must be a whole number'],
      ['a description over 5000 characters', { description: 'x'.repeat(5001) }, 'Description must be at most 5000 characters'],
    ])('refuses %s with 400, creating nothing', async (_label, fields, message) => {
      const before = (await t.request('GET', '/api/products')).body.data.length;
      const res = await sendForm(t, 'POST', '/api/products', admin.token, { ...(await validFields()), ...fields });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
      expect((await t.request('GET', '/api/products')).body.data.length).toBe(before);
    });

    it('requires an image when adding', async () => {
      const { image: _image, ...fields } = await validFields();
      const res = await sendForm(t, 'POST', '/api/products', admin.token, fields);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please choose an image for the product');
    });

    it('refuses a text file named .png with 415, checking content rather than name, and keeps no file', async () => {
      const files = () => readdirSync(join(uploads(), 'products')).length;
      const before = files();
      const res = await sendForm(t, 'POST', '/api/products', admin.token, {
        ...(await validFields()),
        image: { data: Buffer.from('definitely not a picture\n'.repeat(20)), filename: 'rose.png', type: 'image/png' },
      });
      expect(res.status).toBe(415);
      expect(res.body.message).toMatch(/not a supported image/);
      expect(files()).toBe(before);
    });

    it('refuses a truncated picture and an SVG document with 415', async () => {
      const png = await pngImage('#123456', 256);
      const truncated = png.subarray(0, Math.floor(png.length / 2));
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
      for (const data of [truncated, svg]) {
        const res = await sendForm(t, 'POST', '/api/products', admin.token, {
          ...(await validFields()),
          image: { data, filename: 'x.png', type: 'image/png' },
        });
        expect(res.status).toBe(415);
      }
    });

    it('refuses an image over 5 MB with 413 and a message', async () => {
      const res = await sendForm(t, 'POST', '/api/products', admin.token, {
        ...(await validFields()),
        image: { data: Buffer.alloc(FIVE_MB + 1, 1), filename: 'huge.png', type: 'image/png' },
      });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ success: false, message: 'Image is too large (5 MB at most)' });
    });

    it('refuses a JSON body with 415', async () => {
      const res = await t.request('POST', '/api/products', { token: admin.token, body: { name: 'Rose', price: 1, type: 'flower' } });
      expect(res.status).toBe(415);
      expect(res.body.message).toBe('Send the product as multipart/form-data');
    });

    it('refuses a file sent in another field', async () => {
      const { image, ...fields } = await validFields();
      const res = await sendForm(t, 'POST', '/api/products', admin.token, { ...fields, photo: image });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Send the picture in the "image" field');
    });
  });

  describe('HSN codes and GST rates', () => {
    it('follows the type when left blank, takes what staff give, and edits like any field', async () => {
      expect(await create({ hsnCode: '', gstRate: '' })).toMatchObject({ hsnCode: '0603', gstRate: 0 });
      expect(await create({ type: 'green_leaf' })).toMatchObject({ hsnCode: '0604', gstRate: 0 });
      const dried = await create({ hsnCode: '06049000', gstRate: '5' });
      expect(dried).toMatchObject({ hsnCode: '06049000', gstRate: 5 });
      const edited = await sendForm(t, 'PUT', `/api/admin/products/${dried._id}`, admin.token, { gstRate: '0.25' });
      expect(edited.body.data).toMatchObject({ hsnCode: '06049000', gstRate: 0.25 });
      expect((await t.request('GET', `/api/products/${dried._id}`)).body.data).toMatchObject({ hsnCode: '06049000', gstRate: 0.25 });
    });

    it.each([
      [{ hsnCode: '603' }, 'HSN code must be 4, 6 or 8 digits'],
      [{ hsnCode: '06O3' }, 'HSN code must be 4, 6 or 8 digits'],
      [{ gstRate: '4' }, 'GST rate must be one of 0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40 (percent)'],
      [{ gstRate: 'five' }, 'GST rate must be one of 0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40 (percent)'],
    ])('refuses %j with 400', async (fields, message) => {
      const res = await sendForm(t, 'POST', '/api/products', admin.token, { ...(await validFields()), ...fields });
      expect([res.status, res.body.message]).toEqual([400, message]);
    });
  });

  describe('PUT /api/admin/products/:id', () => {
    it('changes the fields given and keeps the image when none is sent', async () => {
      const product = await create();
      const res = await sendForm(t, 'PUT', `/api/admin/products/${product._id}`, admin.token, {
        name: 'Peach Avalanche Rose',
        price: '55',
        stock: '12',
        type: 'flower',
        description: 'Now restocked.',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: { ...product, name: 'Peach Avalanche Rose', price: 55, stock: 12, description: 'Now restocked.', updatedAt: expect.any(String) },
      });
      expect(Date.parse(res.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(product.updatedAt));
      expect((await t.request('GET', `/api/products/${product._id}`)).body.data.name).toBe('Peach Avalanche Rose');
    });

    it('keeps fields that are not sent or left blank', async () => {
      const product = await create();
      const res = await sendForm(t, 'PUT', `/api/admin/products/${product._id}`, admin.token, { stock: '9', price: '' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ name: product.name, price: product.price, type: product.type, stock: 9, description: product.description });
    });

    it('replaces the image and removes the old files once the change is saved', async () => {
      const product = await create();
      const oldFiles = imageFiles(product.image);
      expect(oldFiles.every((file) => existsSync(file))).toBe(true);
      const res = await sendForm(t, 'PUT', `/api/admin/products/${product._id}`, admin.token, { image: await rosePicture('#2255aa') });
      expect(res.status).toBe(200);
      expect(res.body.data.image).not.toBe(product.image);
      expect(imageFiles(res.body.data.image).every((file) => existsSync(file))).toBe(true);
      expect(oldFiles.some((file) => existsSync(file))).toBe(false);
      expect((await t.request('GET', product.image)).status).toBe(404);
    });

    it('validates like create and changes nothing on a bad value', async () => {
      const product = await create();
      for (const [fields, message] of [
        [{ price: '-5' }, 'Price cannot be negative'],
        [{ price: '9.999' }, 'Price can have at most 2 decimal places'],
        [{ stock: '1.5' }, 'Stock must be a whole number'],
        [{ type: 'shrub' }, 'Type must be one of: flower, green_leaf'],
      ] as const) {
        const res = await sendForm(t, 'PUT', `/api/admin/products/${product._id}`, admin.token, fields);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      }
      const bad = await sendForm(t, 'PUT', `/api/admin/products/${product._id}`, admin.token, {
        image: { data: Buffer.from('plain text'), filename: 'new.png', type: 'image/png' },
      });
      expect(bad.status).toBe(415);
      expect((await t.request('GET', `/api/products/${product._id}`)).body.data).toEqual(product);
      expect(imageFiles(product.image).every((file) => existsSync(file))).toBe(true);
    });

    it('answers 404 for an unknown or malformed id and keeps no uploaded file', async () => {
      const before = readdirSync(join(uploads(), 'products')).length;
      for (const id of ['7c1f8f4e-0000-4000-8000-000000000000', 'nope']) {
        const res = await sendForm(t, 'PUT', `/api/admin/products/${id}`, admin.token, { name: 'Ghost', image: await rosePicture() });
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Product not found');
      }
      expect(readdirSync(join(uploads(), 'products')).length).toBe(before);
    });
  });

  describe('DELETE /api/products/:id', () => {
    it('deletes the product and its image files', async () => {
      const product = await create();
      const res = await t.request('DELETE', `/api/products/${product._id}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Product deleted' });
      expect((await t.request('GET', `/api/products/${product._id}`)).status).toBe(404);
      expect(imageFiles(product.image).some((file) => existsSync(file))).toBe(false);
      expect((await t.request('GET', '/api/products')).body.data.map((p: { _id: string }) => p._id)).not.toContain(product._id);
    });

    it('keeps the names and prices of past orders', async () => {
      const product = await create({ name: 'Pink Stargazer Lily', price: '210' });
      const [order] = await t.dataSource.query(
        `INSERT INTO orders (user_id, total_paise, payment_method, address) VALUES ($1, 42000, 'cash', '14 Rayakottai Road') RETURNING id`,
        [customer.id],
      );
      await t.dataSource.query(
        `INSERT INTO order_items (order_id, product_id, name, unit_price_paise, quantity, hsn_code, gst_rate_bp) VALUES ($1, $2, 'Pink Stargazer Lily', 21000, 2, '0603', 0)`,
        [order.id, product._id],
      );
      expect((await t.request('DELETE', `/api/products/${product._id}`, { token: admin.token })).status).toBe(200);
      const lines = await t.dataSource.query(`SELECT product_id, name, unit_price_paise, quantity FROM order_items WHERE order_id = $1`, [order.id]);
      expect(lines).toEqual([{ product_id: null, name: 'Pink Stargazer Lily', unit_price_paise: 21000, quantity: 2 }]);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of ['7c1f8f4e-0000-4000-8000-000000000000', 'nope']) {
        const res = await t.request('DELETE', `/api/products/${id}`, { token: admin.token });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, message: 'Product not found' });
      }
    });
  });

  describe('admin only', () => {
    it('answers 401 to visitors and 403 to customers for create, update and delete, changing nothing', async () => {
      const product = await create();
      const form = await multipart({ ...(await validFields()) });
      const calls = [
        { method: 'POST', url: '/api/products' },
        { method: 'PUT', url: `/api/admin/products/${product._id}` },
        { method: 'DELETE', url: `/api/products/${product._id}` },
      ];
      for (const { method, url } of calls) {
        for (const [token, status] of [
          [undefined, 401],
          [customer.token, 403],
        ] as const) {
          const res = await t.request(method, url, {
            token,
            ...(method === 'DELETE' ? {} : { payload: form.payload, headers: { 'content-type': form.contentType } }),
          });
          expect(res.status).toBe(status);
          expect(typeof res.body.message).toBe('string');
        }
      }
      expect((await t.request('GET', `/api/products/${product._id}`)).body.data).toEqual(product);
    });
  });
});
