import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'puppeteer-core';
import {
  apiLogin,
  clickButton,
  closeSession,
  DEMO_ADMIN,
  expectShopRunning,
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
  workspaceRoot,
  type Shop,
} from './support';

/** The invitation's link, from the mail the shop wrote to DATA_DIR/mail/ (no SMTP_URL in the journeys). */
function invitationLink(shop: Shop, email: string): string | null {
  const folder = join(shop.dataDir, 'mail');
  for (const file of readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.name.endsWith('.eml'))) {
    const mail = readFileSync(join(folder, file.name), 'utf8').replace(/=\r?\n/g, '');
    if (!mail.includes(email)) continue;
    const link = /\/staff-invite\/([A-Za-z0-9_-]{43})/.exec(mail);
    if (link) return `${shop.url}/staff-invite/${link[1]}`;
  }
  return null;
}

async function eventuallyLink(shop: Shop, email: string): Promise<string> {
  const deadline = Date.now() + UI_TIMEOUT;
  for (;;) {
    const link = invitationLink(shop, email);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No invitation mail for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('staff: the owner invites a delivery person, who takes the day’s stops on a phone', () => {
  let browser: Browser;
  let shop: Shop;

  beforeAll(async () => {
    shop = await startShop();
    browser = await launchBrowser();
  }, SHOP_START_TIMEOUT);

  afterEach(() => expectShopRunning(shop));

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('invites, sets a password, assigns a stop, and the back office follows the stop without reloading', async () => {
    const email = `ravi.${Date.now()}@example.com`;
    const owner = await openSession(browser);
    await signInAs(owner, shop.url, DEMO_ADMIN);
    await owner.goto(`${shop.url}/admin/staff`);
    await fillField(owner, 'Email', email);
    await fillField(owner, 'Name', 'Ravi Kumar');
    await selectOption(owner, 'Role', 'delivery');
    await clickButton(owner, 'Send invitation');
    await seeText(owner, 'Invitation sent');

    // The delivery person opens the mailed link on a phone.
    const phone = await openSession(browser);
    await phone.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await phone.goto(await eventuallyLink(shop, email));
    await seeText(phone, 'Delivery');
    await fillField(phone, 'Password', 'Petals#Route9');
    await fillField(phone, 'Confirm password', 'Petals#Route9');
    await clickButton(phone, 'Join the back office');
    await waitForPath(phone, '/admin/stops');
    await seeText(phone, 'No stops assigned to you');
    const ravi = (await phone.evaluate(() => ({ role: localStorage.getItem('role') }))).role;
    expect(ravi).toBe('delivery');

    // A customer's cash order for the first delivery date; staff give it to Ravi.
    const customer = await registerCustomer(shop.url, 'Kavya Journey');
    const ownerToken = await apiLogin(shop.url, DEMO_ADMIN);
    const products = (await (await fetch(`${shop.url}/api/products?limit=1`)).json()) as { data?: { _id: string }[] } | { _id: string }[];
    const productId = (Array.isArray(products) ? products : products.data!)[0]._id;
    const options = (await (await fetch(`${shop.url}/api/delivery/options?pincode=635109`)).json()) as { dates: { date: string; slots: string[] }[] };
    const [{ date, slots }] = options.dates;
    const placed = await fetch(`${shop.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
      body: JSON.stringify({
        orderItems: [{ product: productId, quantity: 1 }],
        paymentMethod: 'cash',
        address: '9 Gulmohar Road, Hosur',
        delivery: { date, slot: slots[0], recipientName: 'Amma', recipientPhone: '9876543210', pincode: '635109', giftMessage: 'Happy birthday, Amma!' },
      }),
    });
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as { _id: string };
    const staff = (await (await fetch(`${shop.url}/api/admin/staff`, { headers: { authorization: `Bearer ${ownerToken}` } })).json()) as {
      staff: { _id: string; email: string }[];
    };
    const raviId = staff.staff.find((member) => member.email === email)!._id;

    await owner.goto(`${shop.url}/admin/deliveries?date=${date}`);
    await selectOption(owner, 'Taken out by for Amma', raviId);
    await owner.waitForFunction(() => !document.querySelector('select[aria-busy="true"]'), { timeout: UI_TIMEOUT });

    await phone.goto(`${shop.url}/admin/stops?date=${date}`);
    await seeText(phone, 'Happy birthday, Amma!');
    await seeText(phone, 'Amma');
    // E2E_SCREENSHOT_DIR=docs/samples refreshes the documented sample.
    const screenshots = process.env.E2E_SCREENSHOT_DIR ? resolve(workspaceRoot, process.env.E2E_SCREENSHOT_DIR) : tmpdir();
    await phone.screenshot({ path: join(screenshots, 'delivery-stops-phone.png'), fullPage: true });
    await clickButton(phone, 'Out for delivery');
    await clickButton(phone, 'Delivered');
    // The cash field comes prefilled with the amount due.
    await clickButton(phone, 'Confirm delivered');
    await seeText(phone, 'cash collected');

    // The owner's screen, never reloaded, catches up by itself.
    await owner.waitForFunction(() => document.body.innerText.includes('Delivered'), { timeout: UI_TIMEOUT });
    const status = await (await fetch(`${shop.url}/api/orders/${order._id}`, { headers: { authorization: `Bearer ${ownerToken}` } })).json();
    expect(status).toMatchObject({ status: 'delivered', isPaid: true });

    await closeSession(phone);
    await closeSession(owner);
  });
});
