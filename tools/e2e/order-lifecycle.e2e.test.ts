import type { Browser, Page } from 'puppeteer-core';
import {
  apiLogin,
  clickButton,
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

async function stockOf(shopUrl: string, productId: string): Promise<number> {
  const response = await fetch(`${shopUrl}/api/products/${productId}`);
  return ((await response.json()) as { data: { stock: number } }).data.stock;
}

async function latestOrderId(shopUrl: string, token: string): Promise<string> {
  const response = await fetch(`${shopUrl}/api/orders/my-orders`, { headers: { authorization: `Bearer ${token}` } });
  const [order] = (await response.json()) as { _id: string }[];
  return order._id;
}

/** Reloads the page until it shows `text`, giving each load a few seconds to render. */
async function reloadUntil(page: Page, text: string, timeout = UI_TIMEOUT): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const shown = await page
      .waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout: 5_000 }, text)
      .then(
        () => true,
        () => false,
      );
    if (shown) return;
    if (Date.now() > deadline) throw new Error(`"${text}" did not appear within ${timeout} ms`);
    await page.reload();
  }
}

/** Puts one product in the cart from its page and opens the checkout with an address and a method. */
async function checkoutWith(page: Page, shopUrl: string, product: CreatedProduct, method: 'cash' | 'razorpay'): Promise<void> {
  await page.goto(`${shopUrl}/product/${product._id}`);
  await clickButton(page, 'Add to Cart');
  await page.waitForFunction(() => (localStorage.getItem('cart') ?? '[]') !== '[]', { timeout: UI_TIMEOUT });
  await page.goto(`${shopUrl}/checkout`);
  await fillField(page, 'Delivery address', '9 Gulmohar Road, Hosur 635109');
  await fillDelivery(page);
  await selectOption(page, 'Payment method', method);
}

describe('order lifecycle: payment windows and refunds', () => {
  let browser: Browser;
  let shop: Shop;
  let adminToken: string;

  beforeAll(async () => {
    // A six-second payment window, so the journey sees a hold run out.
    shop = await startShop({ PAYMENT_HOLD_MINUTES: '0.1' });
    browser = await launchBrowser();
    adminToken = await apiLogin(shop.url, DEMO_ADMIN);
  }, SHOP_START_TIMEOUT);

  afterEach(() => expectShopRunning(shop));

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('an online order whose popup was closed holds its stock until the window ends, then shows as expired with the stock back', async () => {
    const peonies = await createProductViaApi(shop.url, adminToken, { name: `Window Peony ${Date.now()}`, price: 80, stock: 3 });
    const customer = await registerCustomer(shop.url, 'Window Shopper');
    const page = await openSession(browser);
    page.on('dialog', (dialog) => void dialog.accept());
    await signInAs(page, shop.url, customer);
    await checkoutWith(page, shop.url, peonies, 'razorpay');
    await clickButton(page, 'Pay with Razorpay');
    await seeElement(page, '[role="dialog"][aria-modal="true"]');
    await clickButton(page, 'Close payment window');
    await seeText(page, 'is saved but not paid yet');
    expect(await stockOf(shop.url, peonies._id)).toBe(2);

    // Opening the popup again pays the same order: no second order holds a second stem.
    await clickButton(page, 'Pay with Razorpay');
    await seeElement(page, '[role="dialog"][aria-modal="true"]');
    await clickButton(page, 'Close payment window');
    await seeText(page, 'is saved but not paid yet');
    expect(await stockOf(shop.url, peonies._id)).toBe(2);

    const orderId = await latestOrderId(shop.url, customer.token);
    await page.goto(`${shop.url}/order/${orderId}`);
    await seeText(page, 'Waiting for your payment. We hold these items for you until');
    // The system sweeps expired holds every few seconds: reload until the page shows what it did.
    await reloadUntil(page, 'The payment window for this order ran out before it was paid');
    await seeText(page, 'automatically: payment window expired');
    expect(await stockOf(shop.url, peonies._id)).toBe(3);

    await page.evaluate(() => localStorage.setItem('cart', '[]'));
    await clickButton(page, 'Order again');
    await waitForPath(page, '/cart');
    await page.waitForFunction((name) => document.body.innerText.includes(name), { timeout: UI_TIMEOUT }, peonies.name);
    await closeSession(page);
  });

  it('a paid order cancelled by an admin shows its refund to the customer', async () => {
    const lilies = await createProductViaApi(shop.url, adminToken, { name: `Refund Lily ${Date.now()}`, price: 62.5, stock: 5 });
    const customer = await registerCustomer(shop.url, 'Refunded Customer');
    const page = await openSession(browser);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await signInAs(page, shop.url, customer);
    await checkoutWith(page, shop.url, lilies, 'razorpay');
    await clickButton(page, 'Pay with Razorpay');
    // With Hosur's delivery fee in the demo shop (₹40).
    await clickButton(page, `Pay ${rupees(102.5)}`);
    await waitForPath(page, '/my-orders');
    expect(alerts).toEqual(['Payment Successful!']);
    const orderId = await latestOrderId(shop.url, customer.token);

    const admin = await openSession(browser);
    await signInAs(admin, shop.url, DEMO_ADMIN);
    await admin.goto(`${shop.url}/admin/orders`);
    const shortId = orderId.slice(-6).toUpperCase();
    await selectOption(admin, `Change the status of order ${shortId}`, 'cancelled');
    await seeText(admin, `Order ${shortId} is now cancelled.`);
    // Pending, or already processed: the sandbox settles a refund as soon as the job asks it.
    await admin.waitForFunction(
      (amount) => [`Refund pending ${amount}`, `Refund processed ${amount}`].some((text) => document.body.innerText.includes(text)),
      { timeout: UI_TIMEOUT },
      rupees(102.5),
    );
    await closeSession(admin);

    // The refund job asks the payment provider within seconds; the sandbox processes it at once.
    await page.goto(`${shop.url}/order/${orderId}`);
    await reloadUntil(page, `Refund processed ${rupees(102.5)}`);
    expect(await stockOf(shop.url, lilies._id)).toBe(5);
    await closeSession(page);
  });

  it('the buyer cancels a pending order from its page', async () => {
    const roses = await createProductViaApi(shop.url, adminToken, { name: `Second Thoughts Rose ${Date.now()}`, price: 40, stock: 4 });
    const customer = await registerCustomer(shop.url, 'Second Thoughts');
    const page = await openSession(browser);
    page.on('dialog', (dialog) => void dialog.accept());
    await signInAs(page, shop.url, customer);
    await checkoutWith(page, shop.url, roses, 'cash');
    await clickButton(page, 'Place Order');
    await waitForPath(page, '/my-orders');
    const orderId = await latestOrderId(shop.url, customer.token);
    expect(await stockOf(shop.url, roses._id)).toBe(3);

    await page.goto(`${shop.url}/order/${orderId}`);
    await clickButton(page, 'Cancel order');
    await seeText(page, 'by you: cancelled by customer');
    expect(await page.$('::-p-aria([name="Cancel order"][role="button"])')).toBeNull();
    expect(await stockOf(shop.url, roses._id)).toBe(4);
    await closeSession(page);
  });
});
