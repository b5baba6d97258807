import type { Order } from '@thalir/contracts';
import { type AppConfig, DEMO_SELLER } from '../src/config/app-config';
import { InvoiceRenderer } from '../src/invoices/invoice-renderer';
import { discountedOrder, discountedOrderLines, longOrder } from './invoice-fixtures';
import { signedPayment, startPayment } from './payment-fixtures';
import { pdfText } from './pdf-text';
import { placeOrder, seedProducts } from './shop-fixtures';
import { createTestApp, TestApp, TestUser } from './test-app';

describe('invoices', () => {
  let t: TestApp;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    buyer = await t.createUser({ name: 'Kavya Raman', email: 'kavya.invoice@example.com' });
    other = await t.createUser();
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(() => t.close());

  it('answers a one-page Bill of Supply for exempt flowers: seller with GSTIN, buyer, delivery, HSN per line, total in words', async () => {
    const [rose, fern] = await seedProducts(t, [
      { name: 'Premium Red Rose Crate', pricePaise: 12050000, stock: 10 },
      { name: 'Leatherleaf Fern Bunch', pricePaise: 4550, stock: 10 },
    ]);
    await t.dataSource.query(`UPDATE products SET hsn_code = '0604' WHERE id = $1`, [fern]);
    const order = await placeOrder(t, buyer, [
      { product: rose, quantity: 2 },
      { product: fern, quantity: 3 },
    ]);
    const res = await t.request('GET', `/api/orders/${order._id}/invoice`, { token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Invoice_${order._id}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.raw.subarray(0, 5).toString()).toBe('%PDF-');

    const { text, pages } = await pdfText(res.raw);
    expect(pages).toBe(1);
    expect(order.invoiceNumber).toMatch(/^TB\/\d{2}-\d{2}\/\d{6}$/);
    for (const expected of [
      'BILL OF SUPPLY',
      'Thalir Blooms Exports Pvt. Ltd.',
      '14 Rayakottai Road, Hosur, Tamil Nadu 635109, India',
      'GSTIN 33AABCT1234C1Z3',
      'State: Tamil Nadu (code 33)',
      `Invoice no. ${order.invoiceNumber}`,
      'Kavya Raman',
      'kavya.invoice@example.com',
      '12 Lotus Street, Chennai 600001',
      `${order.delivery!.slot}`,
      'Place of supply: Tamil Nadu (33)',
      'Premium Red Rose Crate 0603 2 ₹1,20,500.00 ₹2,41,000.00',
      'Leatherleaf Fern Bunch 0604 3 ₹45.50 ₹136.50',
      '₹2,41,136.50',
      'No GST charged',
      'Rupees Two Lakh Forty One Thousand One Hundred Thirty Six and Fifty Paise Only',
      'Cash on Delivery',
      'Unpaid',
      'fresh flowers and foliage are exempt from GST',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('TAX INVOICE');
    expect(text).not.toContain('CGST');
  });

  it('answers a Tax Invoice when a line is taxed: CGST and SGST within Tamil Nadu, IGST to Karnataka, a summary by rate, never the gift message', async () => {
    const [vase, rose] = await seedProducts(t, [
      { name: 'Ceramic Vase', pricePaise: 118000, stock: 10 },
      { name: 'Red Rose', pricePaise: 2500, stock: 100 },
    ]);
    await t.dataSource.query(`UPDATE products SET hsn_code = '6913', gst_rate_bp = 1800 WHERE id = $1`, [vase]);
    const options = (await t.request('GET', '/api/delivery/options')).body as { dates: { date: string; slots: string[] }[] };
    const { date, slots } = options.dates[0];
    const place = async (pincode: string) => {
      const res = await t.request('POST', '/api/orders', {
        token: buyer.token,
        body: {
          orderItems: [
            { product: vase, quantity: 1 },
            { product: rose, quantity: 12 },
          ],
          paymentMethod: 'cash',
          address: '4 Temple Road',
          delivery: { date, slot: slots[0], recipientName: 'Lakshmi', recipientPhone: '9876543210', pincode, giftMessage: 'Happy birthday, Amma!' },
        },
      });
      expect(res.status).toBe(201);
      return res.body;
    };

    // ₹1,180.00 at 18%: taxable ₹1,000.00 and ₹180.00 of tax; the roses are exempt.
    const chennai = await place('600017');
    const intra = (await pdfText((await t.request('GET', `/api/orders/${chennai._id}/invoice`, { token: buyer.token })).raw)).text;
    for (const expected of [
      'TAX INVOICE',
      'Lakshmi',
      '9876543210 · PIN 600017',
      'Place of supply: Tamil Nadu (33)',
      'Taxable value GST CGST SGST Amount',
      'Ceramic Vase 6913 1 ₹1,180.00 ₹1,000.00 18% ₹90.00 ₹90.00 ₹1,180.00',
      'Red Rose 0603 12 ₹25.00 ₹300.00 0% ₹0.00 ₹0.00 ₹300.00',
      'GST rate Taxable value CGST SGST Total tax',
      '0% ₹300.00 ₹0.00 ₹0.00 ₹0.00',
      '18% ₹1,000.00 ₹90.00 ₹90.00 ₹180.00',
      'Total ₹1,300.00 ₹90.00 ₹90.00 ₹180.00',
      '₹1,480.00',
      'Inclusive of GST',
      'Rupees One Thousand Four Hundred Eighty Only',
    ]) {
      expect(intra).toContain(expected);
    }
    expect(intra).not.toContain('Happy birthday');

    const bengaluru = await place('560001');
    const inter = (await pdfText((await t.request('GET', `/api/orders/${bengaluru._id}/invoice`, { token: buyer.token })).raw)).text;
    for (const expected of [
      'Place of supply: Karnataka (29)',
      'Taxable value GST IGST Amount',
      'Ceramic Vase 6913 1 ₹1,180.00 ₹1,000.00 18% ₹180.00 ₹1,180.00',
      'GST rate Taxable value IGST Total tax',
      '18% ₹1,000.00 ₹180.00 ₹180.00',
    ]) {
      expect(inter).toContain(expected);
    }
    expect(inter).not.toContain('CGST');
    expect(inter).not.toContain('Happy birthday');
  });

  it('accepts the token as ?token= for the browser download link', async () => {
    const [product] = await seedProducts(t, [{ stock: 10 }]);
    const order = await placeOrder(t, buyer, [{ product, quantity: 1 }]);
    const res = await t.request('GET', `/api/orders/${order._id}/invoice?token=${encodeURIComponent(buyer.token)}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect((await t.request('GET', `/api/orders/${order._id}/invoice?token=not-a-jwt`)).status).toBe(401);
    expect((await t.request('GET', `/api/orders/${order._id}/invoice`)).status).toBe(401);
  });

  it("answers 404 for another customer's invoice and unknown orders; admins may download any", async () => {
    const [product] = await seedProducts(t, [{ stock: 10 }]);
    const order = await placeOrder(t, buyer, [{ product, quantity: 1 }]);
    const foreign = await t.request('GET', `/api/orders/${order._id}/invoice`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Order not found');
    expect((await t.request('GET', `/api/orders/${order._id}/invoice?token=${other.token}`)).status).toBe(404);
    expect((await t.request('GET', '/api/orders/00000000-0000-4000-8000-000000000000/invoice', { token: admin.token })).status).toBe(404);
    expect((await t.request('GET', '/api/orders/nope/invoice', { token: admin.token })).status).toBe(404);
    expect((await t.request('GET', `/api/orders/${order._id}/invoice`, { token: admin.token })).status).toBe(200);
  });

  it('shows a paid online order as paid, also when the unpaid invoice was downloaded before', async () => {
    const [product] = await seedProducts(t, [{ stock: 10 }]);
    const order = await placeOrder(t, buyer, [{ product, quantity: 1 }], 'razorpay');
    const unpaid = await t.request('GET', `/api/orders/${order._id}/invoice`, { token: buyer.token });
    expect((await pdfText(unpaid.raw)).text).toContain('Unpaid');

    const { providerOrderId } = await startPayment(t, buyer, order._id);
    expect((await t.request('POST', '/api/payments/verify', { token: buyer.token, body: signedPayment(t, order._id, providerOrderId) })).status).toBe(200);
    const paid = await t.request('GET', `/api/orders/${order._id}/invoice`, { token: buyer.token, headers: { 'if-none-match': String(unpaid.headers.etag) } });
    expect(paid.status).toBe(200);
    expect(paid.headers.etag).not.toBe(unpaid.headers.etag);
    const { text } = await pdfText(paid.raw);
    expect(text).toContain('Credit/Debit Card (Razorpay)');
    expect(text).toMatch(/Paid on \d{1,2} \w{3} \d{4}/);
    expect(text).not.toContain('Unpaid');
  });

  it('answers 304 to a download of an unchanged invoice the browser already has, and the same bytes again without it', async () => {
    const [product] = await seedProducts(t, [{ stock: 10 }]);
    const order = await placeOrder(t, buyer, [{ product, quantity: 1 }]);
    const first = await t.request('GET', `/api/orders/${order._id}/invoice`, { token: buyer.token });
    const again = await t.request('GET', `/api/orders/${order._id}/invoice`, { token: buyer.token, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    const byAdmin = await t.request('GET', `/api/orders/${order._id}/invoice`, { token: admin.token });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.raw.equals(first.raw)).toBe(true);
    // The ETag never lets another customer learn about the order.
    expect(
      (await t.request('GET', `/api/orders/${order._id}/invoice`, { token: other.token, headers: { 'if-none-match': String(first.headers.etag) } })).status,
    ).toBe(404);
  });

  it('prints accented names, ligatures and the rupee sign as typed, and the next plain invoice stays right', async () => {
    const accented = await t.createUser({ name: 'Zoë Nuñez-Ågren', email: 'zoe.invoice@example.com' });
    const [fern] = await seedProducts(t, [{ name: 'Crème Brûlée Office Waffle Bouquet', pricePaise: 99950, stock: 10 }]);
    const unusual = await placeOrder(t, accented, [{ product: fern, quantity: 1 }]);
    const plain = await placeOrder(t, buyer, [{ product: fern, quantity: 2 }]);

    const unusualText = (await pdfText((await t.request('GET', `/api/orders/${unusual._id}/invoice`, { token: accented.token })).raw)).text;
    for (const expected of ['Zoë Nuñez-Ågren', 'Crème Brûlée Office Waffle Bouquet', '₹999.50']) expect(unusualText).toContain(expected);
    const plainText = (await pdfText((await t.request('GET', `/api/orders/${plain._id}/invoice`, { token: buyer.token })).raw)).text;
    for (const expected of ['Kavya Raman', 'Crème Brûlée Office Waffle Bouquet', '₹1,999.00']) expect(plainText).toContain(expected);
  });

  it('prints a seller whose configured text goes beyond the shared font subset', async () => {
    const [product] = await seedProducts(t, [{ stock: 10 }]);
    const placed = await placeOrder(t, buyer, [{ product, quantity: 1 }]);
    const seller = { ...t.config.seller, legalName: 'Thaḷir Blooms Exports Pvt. Ltd.', address: 'Śrī Nagar, Hosur, Tamil Nadu 635109' };
    const renderer = new InvoiceRenderer({ ...t.config, seller });
    const { text } = await pdfText(await renderer.render({ order: placed, lines: [{ hsnCode: '0603', gstRateBp: 0 }] }));
    for (const expected of ['Thaḷir Blooms Exports Pvt. Ltd.', 'Śrī Nagar, Hosur, Tamil Nadu 635109', 'BILL OF SUPPLY']) expect(text).toContain(expected);
  });

  it('keeps 50 lines with long names and a 500-character address on one page', async () => {
    const products = await seedProducts(
      t,
      Array.from({ length: 50 }, (_, i) => ({ name: `Line ${i + 1} ${'Extraordinarily Long Chrysanthemum Name '.repeat(3)}`.slice(0, 120), stock: 5 })),
    );
    const res = await t.request('POST', '/api/orders', {
      token: buyer.token,
      body: { orderItems: products.map((product) => ({ product, quantity: 1 })), paymentMethod: 'cash', address: 'Flat 9, '.repeat(61) + 'Hosur 635109' },
    });
    expect(res.status).toBe(201);
    const pdf = (await t.request('GET', `/api/orders/${res.body._id}/invoice`, { token: buyer.token })).raw;
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBe(1);
    expect(text).toContain('Line 1 ');
    expect(text).toContain('Line 50 ');
    expect(text).toContain('₹5,000.00');
  });
});

/** Orders as their JSON reads, rendered without a database: discounts and delivery charges come from offers and zones staff set up. */
describe('invoice PDF with discounts and a delivery charge', () => {
  const renderer = new InvoiceRenderer({ seller: DEMO_SELLER } as AppConfig);

  it('prints each line before and after its discount, the delivery charge at the principal rate, and totals that add up to the order', async () => {
    const { text, pages } = await pdfText(await renderer.render({ order: discountedOrder, lines: discountedOrderLines }));
    expect(pages).toBe(1);
    for (const expected of [
      'TAX INVOICE',
      '# Item HSN Qty Gross Discount Taxable value GST CGST SGST Amount',
      // ₹1,349.10 at 5%: taxable ₹1,284.86, tax ₹64.24.
      '1 Dried Lavender Arrangement 0603 1 ₹1,499.00 ₹149.90 ₹1,284.86 5% ₹32.12 ₹32.12 ₹1,349.10',
      '2 Red Rose Bunch (12 stems) 0603 2 ₹900.00 ₹90.00 ₹810.00 0% ₹0.00 ₹0.00 ₹810.00',
      'Delivery charge 0603 ₹60.00 ₹0.00 ₹57.14 5% ₹1.43 ₹1.43 ₹60.00',
      '0% ₹810.00 ₹0.00 ₹0.00 ₹0.00',
      '5% ₹1,342.00 ₹33.55 ₹33.55 ₹67.10',
      'Total ₹2,152.00 ₹33.55 ₹33.55 ₹67.10',
      '₹2,219.10',
      'Rupees Two Thousand Two Hundred Nineteen and Ten Paise Only',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints free delivery as a delivery charge discounted to nothing, inter-state as IGST', async () => {
    const order: Order = {
      ...discountedOrder,
      delivery: { ...discountedOrder.delivery!, pincode: '560001' },
      discounts: [...discountedOrder.discounts!, { name: 'Free delivery', code: 'SHIPFREE', amount: 60 }],
      totalAmount: 2159.1,
    };
    const { text, pages } = await pdfText(await renderer.render({ order, lines: discountedOrderLines }));
    expect(pages).toBe(1);
    for (const expected of [
      'Place of supply: Karnataka (29)',
      '# Item HSN Qty Gross Discount Taxable value GST IGST Amount',
      'Delivery charge 0603 ₹60.00 ₹60.00 ₹0.00 5% ₹0.00 ₹0.00',
      '5% ₹1,284.86 ₹64.24 ₹64.24',
      '₹2,159.10',
      'Rupees Two Thousand One Hundred Fifty Nine and Ten Paise Only',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('stays a Bill of Supply when every line is exempt: the delivery charge is exempt with them', async () => {
    const { text } = await pdfText(
      await renderer.render({
        order: discountedOrder,
        lines: [
          { hsnCode: '0603', gstRateBp: 0 },
          { hsnCode: '0604', gstRateBp: 0 },
        ],
      }),
    );
    for (const expected of [
      'BILL OF SUPPLY',
      '# Item HSN Qty Gross Discount Amount',
      '1 Dried Lavender Arrangement 0603 1 ₹1,499.00 ₹149.90 ₹1,349.10',
      'Delivery charge 0603 ₹60.00 ₹0.00 ₹60.00',
      '₹2,219.10',
      'No GST charged',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('CGST');
  });

  it('prints a delivery charge without discounts in the usual columns', async () => {
    const order: Order = {
      ...discountedOrder,
      discounts: [],
      orderItems: discountedOrder.orderItems.map((item) => ({ ...item, discount: 0 })),
      totalAmount: 2459,
    };
    const { text } = await pdfText(await renderer.render({ order, lines: discountedOrderLines }));
    expect(text).toContain('# Item HSN Qty Unit price Taxable value GST CGST SGST Amount');
    expect(text).toContain('Delivery charge 0603 ₹57.14 5% ₹1.43 ₹1.43 ₹60.00');
    expect(text).toContain('₹2,459.00');
  });

  it('keeps 25 discounted lines, the delivery charge and a long address on one page', async () => {
    const { order, lines } = longOrder();
    const { text, pages } = await pdfText(await renderer.render({ order, lines }));
    expect(pages).toBe(1);
    for (const expected of [
      'Line 1 ',
      'Line 25 ',
      'Delivery charge',
      '₹81,431.25',
      'Rupees Eighty One Thousand Four Hundred Thirty One and Twenty Five Paise Only',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
