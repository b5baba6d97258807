import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import {
  apiLogin,
  clickButton,
  clickLink,
  closeSession,
  createProductViaApi,
  DEMO_ADMIN,
  expectShopRunning,
  fieldByLabel,
  fillField,
  launchBrowser,
  openSession,
  placeOrderViaApi,
  pngImage,
  registerCustomer,
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

/** Every script the page asks for, from now on. */
function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || new URL(request.url()).pathname.endsWith('.js')) urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

describe('back office: products, orders, statistics, and what customers download', () => {
  let browser: Browser;
  let shop: Shop;
  let workDir: string;
  let adminToken: string;
  let roses: CreatedProduct;

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'thalir-admin-e2e-'));
    shop = await startShop();
    browser = await launchBrowser();
    adminToken = await apiLogin(shop.url, DEMO_ADMIN);
    roses = await createProductViaApi(shop.url, adminToken, { name: `Journey Rose ${Date.now()}`, price: 30, stock: 40 });
  }, SHOP_START_TIMEOUT);

  afterEach(() => expectShopRunning(shop));

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('adds a product with a photo that shoppers then find, image and all', async () => {
    const name = `Sunrise Gerbera ${Date.now()}`;
    const photo = join(workDir, 'gerbera.png');
    writeFileSync(photo, await pngImage('#f28c28', 320));

    const admin = await openSession(browser);
    await signInAs(admin, shop.url, DEMO_ADMIN);
    await admin.goto(`${shop.url}/admin/products`);
    await clickButton(admin, 'Add product');
    await fillField(admin, 'Name *', name);
    await selectOption(admin, 'Type *', 'flower');
    await fillField(admin, 'Price (₹) *', '64.50');
    await fillField(admin, 'Stock', '18');
    await fillField(admin, 'Description', 'Sunny orange gerberas. Cut this morning in Hosur.');
    const imageInput = (await fieldByLabel(admin, 'Image *')) as ElementHandle<HTMLInputElement>;
    await imageInput.uploadFile(photo);
    await seeElement(admin, 'img[alt="Preview of the chosen image"]');
    await clickButton(admin, 'Save product');
    await seeText(admin, `${name} was added.`);
    await closeSession(admin);

    const shopper = await openSession(browser);
    await shopper.goto(`${shop.url}/products?${new URLSearchParams({ q: name })}`);
    const card = await seeElement(shopper, `ul.product-grid[aria-busy="false"] li img[alt="${name}"]`);
    await shopper.waitForFunction(
      (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
      { timeout: UI_TIMEOUT },
      card,
    );
    expect(await shopper.$eval('.product-card__price', (node) => node.textContent)).toBe('₹64.50');
    await closeSession(shopper);
  });

  it('marks a cash order delivered, which the customer then sees as Paid', async () => {
    const customer = await registerCustomer(shop.url, 'Delivered Customer');
    const order = await placeOrderViaApi(shop.url, customer.token, {
      items: [{ product: roses._id, quantity: 3 }],
      paymentMethod: 'cash',
      address: '3 Marigold Road, Hosur 635109',
    });
    const shortId = order._id.slice(-6).toUpperCase();

    const admin = await openSession(browser);
    await signInAs(admin, shop.url, DEMO_ADMIN);
    await admin.goto(`${shop.url}/admin/orders`);
    await selectOption(admin, `Change the status of order ${shortId}`, 'delivered');
    await seeText(admin, `Order ${shortId} is now delivered.`);
    // The list is refetched: the row now shows what the server keeps, delivered and paid.
    await admin.waitForFunction(
      (id) => {
        const row = document.getElementById(`status-${id}`)?.closest('tr');
        const badges = [...(row?.querySelectorAll('.badge') ?? [])].map((badge) => badge.textContent);
        return badges.includes('Paid') && badges.includes('delivered');
      },
      { timeout: UI_TIMEOUT },
      order._id,
    );
    await closeSession(admin);

    const page = await openSession(browser);
    await signInAs(page, shop.url, customer);
    await page.goto(`${shop.url}/my-orders`);
    await seeElement(page, 'table.orders-table tbody tr');
    const row = await page.$eval('table.orders-table tbody tr', (node) => ({
      id: node.querySelector('th')?.textContent,
      status: node.querySelector('[data-label="Status"]')?.textContent,
      payment: node.querySelector('[data-label="Payment"]')?.textContent,
    }));
    expect(row).toEqual({ id: shortId, status: 'delivered', payment: 'Paid' });

    await clickLink(page, `View order ${shortId}`);
    await waitForPath(page, `/order/${order._id}`);
    await seeElement(page, '.order-facts');
    expect(await page.$$eval('.order-facts .badge', (badges) => badges.map((badge) => badge.textContent))).toEqual(['delivered', 'Paid']);
    await closeSession(page);
  });

  it('opens the delivery settings, the audit log, the subscription plans (and a new plan’s form) and the GST report, each accessible', async () => {
    const admin = await openSession(browser);
    await signInAs(admin, shop.url, DEMO_ADMIN);
    await admin.goto(`${shop.url}/admin/delivery-charges`);
    // The demo shop's Hosur zone.
    await admin.waitForFunction(() => [...document.querySelectorAll('input')].some((input) => input.value === 'Hosur'), { timeout: UI_TIMEOUT });
    await admin.goto(`${shop.url}/admin/audit`);
    // The demo admin's own sign-in is on it.
    await seeText(admin, DEMO_ADMIN.email);
    // The demo shop's plans; the new plan's form is checked as the page leaves it.
    await admin.goto(`${shop.url}/admin/subscription-plans`);
    await seeText(admin, 'Daily pooja basket');
    await clickButton(admin, 'New plan');
    await seeElement(admin, '::-p-aria([name="New plan"][role="heading"])');
    await admin.waitForFunction(() => [...document.querySelectorAll('option')].some((option) => option.textContent?.startsWith('Red Rose')), {
      timeout: UI_TIMEOUT,
    });
    await admin.goto(`${shop.url}/admin/gst-report`);
    await seeElement(admin, '::-p-aria([name="GST report"][role="heading"])');
    await closeSession(admin);
  });

  it('draws the sales charts for an admin on /admin/stats', async () => {
    const admin = await openSession(browser);
    await signInAs(admin, shop.url, DEMO_ADMIN);
    await admin.goto(`${shop.url}/admin/stats`);
    await seeElement(admin, '::-p-aria([name="Sales statistics"][role="heading"])');
    await admin.waitForFunction(() => document.querySelectorAll('.chart-card__plot svg').length >= 3, { timeout: UI_TIMEOUT });
    const charts = await admin.$$eval('.chart-card', (cards) =>
      cards.map((card) => ({ title: card.querySelector('h2')?.textContent, drawn: Boolean(card.querySelector('.chart-card__plot svg')) })),
    );
    expect(charts.filter((chart) => chart.drawn).length).toBeGreaterThanOrEqual(3);
    await closeSession(admin);
  });

  it('never sends the back office’s code to a customer, and does send it to an admin', async () => {
    const customer = await registerCustomer(shop.url, 'Curious Customer');
    const page = await openSession(browser);
    await signInAs(page, shop.url, customer);
    const customerScripts = recordScripts(page);
    await page.goto(`${shop.url}/`);
    await seeElement(page, '.featured-grid li.featured-card:not(.featured-card--placeholder)');
    await clickLink(page, 'Shop');
    await seeElement(page, 'ul.product-grid[aria-busy="false"] li');
    await page.click(`ul.product-grid a[href="/product/${roses._id}"]`);
    await seeElement(page, 'h1.product__name');
    await clickButton(page, 'Add to Cart');
    await clickLink(page, 'Cart 1 item');
    await seeElement(page, '[data-testid="cart-total"]');
    await clickLink(page, 'My Orders');
    await seeElement(page, '::-p-aria([name="My Orders"][role="heading"])');

    expect(customerScripts.some((path) => path.startsWith('/remotes/storefront/'))).toBe(true);
    expect(customerScripts.filter((path) => path.startsWith('/remotes/admin/'))).toEqual([]);
    await closeSession(page);

    const admin = await openSession(browser);
    await signInAs(admin, shop.url, DEMO_ADMIN);
    const adminScripts = recordScripts(admin);
    await admin.goto(`${shop.url}/admin`);
    await seeElement(admin, '[data-testid="stat-products"]');
    expect(adminScripts.some((path) => path.startsWith('/remotes/admin/'))).toBe(true);
    await closeSession(admin);
  });
});
