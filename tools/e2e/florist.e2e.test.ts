import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import {
  apiLogin,
  clickButton,
  closeSession,
  createProductViaApi,
  DEMO_ADMIN,
  expectShopRunning,
  fieldByLabel,
  fillDelivery,
  fillField,
  launchBrowser,
  openSession,
  registerCustomer,
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

/** Tomorrow in India, as the shop's delivery calendar has it. */
const tomorrowInIndia = () => new Date(Date.now() + 330 * 60_000 + 86_400_000).toISOString().slice(0, 10);

async function myOrders(shopUrl: string, token: string): Promise<{ _id: string; delivery: { date: string; slot: string; giftMessage: string | null } }[]> {
  const response = await fetch(`${shopUrl}/api/orders/my-orders`, { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as never;
}

describe('a florist and an exporter: delivery dates, gift messages, the day’s run, export enquiries', () => {
  let browser: Browser;
  let shop: Shop;
  let adminToken: string;
  let carnations: CreatedProduct;
  let downloads: string;

  beforeAll(async () => {
    downloads = mkdtempSync(join(tmpdir(), 'thalir-sheets-'));
    shop = await startShop();
    browser = await launchBrowser();
    adminToken = await apiLogin(shop.url, DEMO_ADMIN);
    carnations = await createProductViaApi(shop.url, adminToken, { name: `Birthday Carnation ${Date.now()}`, price: 35, stock: 40 });
  }, SHOP_START_TIMEOUT);

  afterEach(() => expectShopRunning(shop));

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    rmSync(downloads, { recursive: true, force: true });
  });

  async function cartWithCarnations(token: { email: string; password: string }) {
    const page = await openSession(browser, downloads);
    await signInAs(page, shop.url, token);
    await page.goto(`${shop.url}/product/${carnations._id}`);
    await clickButton(page, 'Add to Cart');
    await page.waitForFunction(() => (localStorage.getItem('cart') ?? '[]') !== '[]', { timeout: UI_TIMEOUT });
    await page.goto(`${shop.url}/checkout`);
    await fillField(page, 'Delivery address', '3 Temple Street, Hosur');
    return page;
  }

  it('checks out with a delivery date, slot and gift message, and the order page shows them', async () => {
    const customer = await registerCustomer(shop.url, 'Kavya Florist');
    const page = await cartWithCarnations(customer);
    await fillDelivery(page);
    const date = await fieldByLabel(page, 'Delivery date');
    const dates = await date.evaluate((select) => [...(select as HTMLSelectElement).options].map((option) => option.value));
    const chosen = dates[1];
    await selectOption(page, 'Delivery date', chosen);
    await selectOption(page, 'Time slot', 'Evening 4–8');
    await fillField(page, 'Recipient’s name', 'Amma');
    await fillField(page, 'Gift message (optional)', 'Happy birthday, Amma!');
    await seeText(page, '21/250 characters');
    await selectOption(page, 'Payment method', 'cash');
    await clickButton(page, 'Place Order');
    await waitForPath(page, '/my-orders');

    const [order] = await myOrders(shop.url, customer.token);
    expect(order.delivery).toMatchObject({ date: chosen, slot: 'Evening 4–8', giftMessage: 'Happy birthday, Amma!' });
    await page.goto(`${shop.url}/order/${order._id}`);
    await seeText(page, 'Evening 4–8');
    await seeText(page, '“Happy birthday, Amma!”');
    await seeText(page, 'Amma');
    await closeSession(page);
  });

  it('refuses a PIN code the shop does not serve before any order or payment', async () => {
    const customer = await registerCustomer(shop.url, 'Far Away Customer');
    const page = await cartWithCarnations(customer);
    await fillField(page, 'PIN code', '110001');
    await seeText(page, 'We cannot deliver to 110001 yet');
    await fillField(page, 'Recipient’s mobile', '98765 43210');
    await selectOption(page, 'Payment method', 'razorpay');
    await clickButton(page, 'Pay with Razorpay');
    await page.waitForFunction(() => document.querySelectorAll('[role="alert"]').length > 0, { timeout: UI_TIMEOUT });
    expect(await page.$('[role="dialog"][aria-modal="true"]')).toBeNull();
    expect(await myOrders(shop.url, customer.token)).toEqual([]);
    await closeSession(page);
  });

  it("lets an admin open tomorrow's deliveries and download the sheet", async () => {
    const customer = await registerCustomer(shop.url, 'Tomorrow Customer');
    const response = await fetch(`${shop.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
      body: JSON.stringify({
        orderItems: [{ product: carnations._id, quantity: 6 }],
        paymentMethod: 'cash',
        address: '8 Market Road, Hosur',
        delivery: {
          date: tomorrowInIndia(),
          slot: 'Morning 8–12',
          recipientName: 'Lakshmi',
          recipientPhone: '9876500011',
          pincode: '635109',
          giftMessage: 'Get well soon',
        },
      }),
    });
    expect(response.status).toBe(201);

    const admin = await openSession(browser, downloads);
    await signInAs(admin, shop.url, DEMO_ADMIN);
    await admin.goto(`${shop.url}/admin/deliveries`);
    await seeText(admin, 'Lakshmi');
    await seeText(admin, 'Card: “Get well soon”');
    // Six carnations (₹210) and Hosur's delivery fee in the demo shop (₹40).
    await seeText(admin, 'Collect ₹250.00 (Cash on Delivery)');
    await clickButton(admin, 'Download delivery sheet (PDF)');
    const file = join(downloads, `Deliveries_${tomorrowInIndia()}.pdf`);
    const deadline = Date.now() + UI_TIMEOUT;
    while (!readdirSync(downloads).includes(`Deliveries_${tomorrowInIndia()}.pdf`)) {
      if (Date.now() > deadline) throw new Error(`The sheet was not downloaded: ${readdirSync(downloads).join(', ')}`);
      await new Promise((done) => setTimeout(done, 200));
    }
    expect(readFileSync(file).subarray(0, 4).toString('latin1')).toBe('%PDF');
    await closeSession(admin);
  });

  it('lets an export buyer send an enquiry, and an admin mark it quoted', async () => {
    const buyer = await openSession(browser);
    await buyer.goto(`${shop.url}/export`);
    await fillField(buyer, 'Company', 'Perth Petals Pty Ltd');
    await fillField(buyer, 'Contact name', 'Olivia Chen');
    await fillField(buyer, 'Email', 'olivia@perthpetals.example');
    await fillField(buyer, 'Phone (international)', '+61 8 9123 4567');
    await selectOption(buyer, 'Country', 'AU');
    await buyer.locator(`::-p-aria([name="${carnations.name}"][role="checkbox"])`).click();
    await fillField(buyer, 'Stems per shipment', '2400');
    await selectOption(buyer, 'How often', 'weekly');
    await fillField(buyer, 'Message', 'Weekly boxes of carnations for two shops.');
    await clickButton(buyer, 'Request a quote');
    await seeText(buyer, 'Thank you! Your enquiry is with our export desk');
    await closeSession(buyer);

    const admin = await openSession(browser);
    await signInAs(admin, shop.url, DEMO_ADMIN);
    await admin.goto(`${shop.url}/admin/enquiries`);
    await seeText(admin, 'Perth Petals Pty Ltd');
    await seeText(admin, carnations.name);
    await selectOption(admin, 'Status', 'quoted');
    await fillField(admin, 'Internal note', 'Price list sent.');
    await clickButton(admin, 'Save');
    await seeText(admin, 'Perth Petals Pty Ltd: saved as quoted.');
    await closeSession(admin);
  });
});
