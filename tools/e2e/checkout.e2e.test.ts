import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import {
  apiLogin,
  clickButton,
  clickLink,
  closeSession,
  createProductViaApi,
  DEMO_ADMIN,
  expectShopRunning,
  fillDelivery,
  fillField,
  launchBrowser,
  openSession,
  registerCustomer,
  rupees,
  seeElement,
  seeText,
  selectOption,
  SHOP_START_TIMEOUT,
  signInAs,
  startShop,
  UI_TIMEOUT,
  waitForPath,
  type CreatedProduct,
  type Shop,
} from './support';

interface ApiOrder {
  _id: string;
  totalAmount: number;
  isPaid: boolean;
  paymentMethod: 'cash' | 'razorpay';
}

async function myOrders(shopUrl: string, token: string): Promise<ApiOrder[]> {
  const response = await fetch(`${shopUrl}/api/orders/my-orders`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`my-orders: ${response.status} ${await response.text()}`);
  return (await response.json()) as ApiOrder[];
}

/** The cells of the My Orders row for an order, as the customer reads them. */
async function orderRow(page: Page, shortId: string): Promise<{ id: string; total: string; status: string; payment: string }> {
  await seeElement(page, 'table.orders-table tbody tr');
  const row = await page.$$eval(
    'table.orders-table tbody tr',
    (rows, wanted) => {
      const match = rows.find((row) => row.querySelector('th')?.textContent === wanted);
      if (!match) return null;
      const cell = (label: string) => match.querySelector(`[data-label="${label}"]`)?.textContent?.trim() ?? '';
      return { id: cell('Order ID'), total: cell('Total'), status: cell('Status'), payment: cell('Payment') };
    },
    shortId,
  );
  if (!row) throw new Error(`My Orders has no row for ${shortId}`);
  return row;
}

async function addToCartFromProductPage(page: Page, shopUrl: string, product: CreatedProduct, times: number): Promise<void> {
  await page.goto(`${shopUrl}/product/${product._id}`);
  for (let click = 1; click <= times; click += 1) {
    await clickButton(page, 'Add to Cart');
    await page.waitForFunction(
      (id, quantity) =>
        (JSON.parse(localStorage.getItem('cart') ?? '[]') as { product: { _id: string }; quantity: number }[]).some(
          (item) => item.product._id === id && item.quantity === quantity,
        ),
      { timeout: UI_TIMEOUT },
      product._id,
      click,
    );
  }
}

async function waitForFile(path: string, timeout = UI_TIMEOUT): Promise<Buffer> {
  const deadline = Date.now() + timeout;
  // Chromium writes `<name>.crdownload` and renames it when the download is complete.
  while (!existsSync(path)) {
    if (Date.now() > deadline) throw new Error(`${path} was not downloaded; the folder holds: ${readdirSync(join(path, '..')).join(', ') || 'nothing'}`);
    await new Promise((done) => setTimeout(done, 200));
  }
  return readFileSync(path);
}

describe('checkout: cart, cash and online orders, invoices, stock', () => {
  let browser: Browser;
  let shop: Shop;
  let tulips: CreatedProduct;
  let lastStems: CreatedProduct;
  let downloads: string;

  beforeAll(async () => {
    downloads = mkdtempSync(join(tmpdir(), 'thalir-downloads-'));
    // The embedded database, as `npm start` runs the shop, also where the others run on PostgreSQL.
    shop = await startShop({}, { database: 'embedded' });
    browser = await launchBrowser();
    const adminToken = await apiLogin(shop.url, DEMO_ADMIN);
    tulips = await createProductViaApi(shop.url, adminToken, { name: `Journey Tulip ${Date.now()}`, price: 45.5, stock: 50 });
    lastStems = await createProductViaApi(shop.url, adminToken, { name: `Last Stems Orchid ${Date.now()}`, price: 120, stock: 2 });
  }, SHOP_START_TIMEOUT);

  afterEach(() => expectShopRunning(shop));

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    rmSync(downloads, { recursive: true, force: true });
  });

  it('places a cash order from the cart, lists it as Unpaid and downloads its invoice', async () => {
    const customer = await registerCustomer(shop.url, 'Cash Customer');
    const page = await openSession(browser, downloads);
    await signInAs(page, shop.url, customer);
    await addToCartFromProductPage(page, shop.url, tulips, 2);

    const badge = await seeElement(page, 'header.site-header [data-testid="cart-badge"]');
    await page.waitForFunction((node) => node.textContent === '2', { timeout: UI_TIMEOUT }, badge);

    await clickLink(page, 'Cart 2 items');
    await waitForPath(page, '/cart');
    // Before a PIN code the quote charges the demo's default delivery fee (₹150).
    await page.waitForFunction((total) => document.querySelector('[data-testid="cart-total"]')?.textContent === total, { timeout: UI_TIMEOUT }, rupees(241));

    await clickLink(page, 'Proceed to Checkout');
    await waitForPath(page, '/checkout');
    await fillField(page, 'Delivery address', '12 Jasmine Street, Hosur 635109');
    await fillDelivery(page);
    await selectOption(page, 'Payment method', 'cash');
    expect(await page.$eval('#checkout-payment option:checked', (option) => option.textContent)).toBe('Cash on Delivery');
    await clickButton(page, 'Place Order');

    await waitForPath(page, '/my-orders');
    await seeText(page, 'Order placed successfully!');
    const [order] = await myOrders(shop.url, customer.token);
    // Hosur's delivery fee in the demo shop: ₹40.
    expect(order).toMatchObject({ totalAmount: 131, deliveryFee: 40 });
    const shortId = order._id.slice(-6).toUpperCase();
    expect(await orderRow(page, shortId)).toEqual({ id: shortId, total: rupees(131), status: 'pending', payment: 'Unpaid' });
    // The order emptied the cart, so the badge is gone.
    await page.waitForFunction(() => !document.querySelector('header.site-header [data-testid="cart-badge"]'), { timeout: UI_TIMEOUT });

    await clickLink(page, `View order ${shortId}`);
    await waitForPath(page, `/order/${order._id}`);
    await seeText(page, order._id);
    await seeText(page, '12 Jasmine Street, Hosur 635109');
    await clickButton(page, 'Download Invoice');
    const pdf = await waitForFile(join(downloads, `Invoice_${order._id}.pdf`));
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(await page.$('::-p-text(Could not download invoice)')).toBeNull();
    await closeSession(page);
  });

  it('pays online through the sandbox popup and lists the order as Paid', async () => {
    const customer = await registerCustomer(shop.url, 'Card Customer');
    const page = await openSession(browser);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await signInAs(page, shop.url, customer);
    await addToCartFromProductPage(page, shop.url, tulips, 1);

    await page.goto(`${shop.url}/checkout`);
    await fillField(page, 'Delivery address', '7 Lotus Lane, Bengaluru 560001');
    await fillDelivery(page, '560001');
    await selectOption(page, 'Payment method', 'razorpay');
    expect(await page.$eval('#checkout-payment option[value="razorpay"]', (option) => option.textContent)).toBe('Credit/Debit Card (Razorpay)');
    await clickButton(page, 'Pay with Razorpay');

    const popup = await seeElement(page, '[role="dialog"][aria-modal="true"]');
    // Bengaluru's delivery fee in the demo shop: ₹80.
    expect(await popup.evaluate((node) => (node as HTMLElement).innerText)).toContain(rupees(125.5));
    await clickButton(page, `Pay ${rupees(125.5)}`);

    await waitForPath(page, '/my-orders');
    expect(alerts).toEqual(['Payment Successful!']);
    const [order] = await myOrders(shop.url, customer.token);
    expect(order).toMatchObject({ paymentMethod: 'razorpay', isPaid: true, totalAmount: 125.5 });
    const row = await orderRow(page, order._id.slice(-6).toUpperCase());
    expect(row.payment).toBe('Paid');
    await closeSession(page);
  });

  it('refuses to put more in the cart than the stock holds', async () => {
    const customer = await registerCustomer(shop.url, 'Stock Tester');
    const page = await openSession(browser);
    await signInAs(page, shop.url, customer);
    await addToCartFromProductPage(page, shop.url, lastStems, 2);
    await clickButton(page, 'Add to Cart');
    await seeText(page, 'Cannot add more than available stock.');

    await page.goto(`${shop.url}/cart`);
    await clickButton(page, `Increase quantity of ${lastStems.name}`);
    await seeText(page, 'Cannot add more than available stock.');
    expect(await page.$eval('.cart-line__count', (node) => node.textContent)).toBe('2');
    await page.waitForFunction((total) => document.querySelector('[data-testid="cart-total"]')?.textContent === total, { timeout: UI_TIMEOUT }, rupees(390));
    await closeSession(page);
  });
});
