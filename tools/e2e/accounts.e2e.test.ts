import type { Browser, Page } from 'puppeteer-core';
import {
  clickButton,
  clickLink,
  closeSession,
  expectShopRunning,
  fieldByLabel,
  fillField,
  headerItems,
  launchBrowser,
  openSession,
  registerCustomer,
  seeElement,
  seeText,
  SHOP_START_TIMEOUT,
  signInAs,
  startShop,
  UI_TIMEOUT,
  waitForPath,
  type Shop,
} from './support';

const uniqueEmail = (who: string) => `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

async function fieldValue(page: Page, label: string): Promise<string> {
  return (await fieldByLabel(page, label)).evaluate((field) => field.value);
}

/** Waits for the header to show what a signed-in customer sees. */
async function waitForCustomerHeader(page: Page): Promise<void> {
  await page.waitForFunction(
    () => [...document.querySelectorAll('header.site-header nav.nav--desktop button')].some((button) => button.textContent === 'Logout'),
    { timeout: UI_TIMEOUT },
  );
}

async function loginThroughForm(page: Page, email: string, password: string): Promise<void> {
  await fillField(page, 'Email', email);
  await fillField(page, 'Password', password);
  await page.locator('form[aria-label="Login"] ::-p-aria([name="Login"][role="button"])').click();
}

describe('accounts: register, profile, logout, password reset, admin routes', () => {
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

  it('registers through the form, edits the profile, and logs out clearing the browser’s storage', async () => {
    const email = uniqueEmail('asha');
    const page = await openSession(browser);
    await page.goto(`${shop.url}/register`);
    await fillField(page, 'Name', 'Asha Bloom');
    await fillField(page, 'Email', email);
    await fillField(page, 'Password', 'Petals#2026');
    await fillField(page, 'Confirm password', 'Petals#2026');
    await clickButton(page, 'Register');

    await waitForPath(page, '/');
    await waitForCustomerHeader(page);
    const items = await headerItems(page);
    expect(items).toEqual(expect.arrayContaining(['Home', 'Shop', 'About', 'Contact', 'My Orders', 'Wishlist', 'Cart', 'Profile', 'Logout']));
    expect(items).not.toContain('Login');
    expect(await page.evaluate(() => ({ token: Boolean(localStorage.getItem('token')), role: localStorage.getItem('role') }))).toEqual({
      token: true,
      role: 'customer',
    });

    await clickLink(page, 'Profile');
    await waitForPath(page, '/profile');
    await page.waitForFunction(() => document.querySelector('form[aria-label="Your profile"]'), { timeout: UI_TIMEOUT });
    expect(await fieldValue(page, 'Name')).toBe('Asha Bloom');
    expect(await fieldValue(page, 'Email')).toBe(email);
    await fillField(page, 'Name', 'Asha Rose Bloom');
    await fillField(page, 'Delivery address', '21 Rose Garden Road, Hosur 635109');
    await clickButton(page, 'Save changes');
    await seeText(page, 'Profile updated successfully!');

    await page.reload();
    await page.waitForFunction(() => document.querySelector('form[aria-label="Your profile"]'), { timeout: UI_TIMEOUT });
    expect(await fieldValue(page, 'Name')).toBe('Asha Rose Bloom');
    expect(await fieldValue(page, 'Delivery address')).toBe('21 Rose Garden Road, Hosur 635109');
    const emailField = await fieldByLabel(page, 'Email');
    expect(await emailField.evaluate((field) => (field as HTMLInputElement).readOnly)).toBe(true);

    await clickButton(page, 'Logout');
    await waitForPath(page, '/login');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    // The router shows the new screen once its code has arrived: until then the header describes the old one.
    await seeElement(page, 'form[aria-label="Login"]');
    // On /login the header's Login button is hidden; anywhere else a signed-out visitor sees it.
    expect(await headerItems(page)).toEqual(['Home', 'Shop', 'About', 'Contact']);
    await clickLink(page, 'Home');
    await waitForPath(page, '/');
    await page.waitForFunction(() => [...document.querySelectorAll('header.site-header nav.nav--desktop a')].some((link) => link.textContent === 'Login'), {
      timeout: UI_TIMEOUT,
    });
    expect(await headerItems(page)).not.toEqual(expect.arrayContaining(['Profile']));
    await closeSession(page);
  });

  it('resets a forgotten password, after which only the new password signs in', async () => {
    const customer = await registerCustomer(shop.url, 'Forgetful Customer');
    const page = await openSession(browser);
    await page.goto(`${shop.url}/forgot-password`);
    await fillField(page, 'Email', customer.email);
    await clickButton(page, 'Send reset link');
    // Without a mail transport the server hands the token to the page, which goes straight to the form.
    const resetPath = await waitForPath(page, /^\/reset-password\/[^/]+$/);

    await fillField(page, 'New password', 'Marigold#2027');
    await fillField(page, 'Confirm new password', 'Marigold#2028');
    await clickButton(page, 'Update password');
    await seeText(page, 'Passwords do not match');
    expect(await page.evaluate(() => location.pathname)).toBe(resetPath);

    await fillField(page, 'Confirm new password', 'Marigold#2027');
    // Timed inside the page, so a slow test machine cannot blur the spec's 2-second pause.
    await page.evaluate(() => {
      const times: { shown?: number; login?: number } = {};
      (window as unknown as { resetTimes: typeof times }).resetTimes = times;
      new MutationObserver(() => {
        const now = performance.now();
        if (times.shown === undefined && document.body.innerText.includes('Password updated successfully!')) times.shown = now;
        if (times.login === undefined && location.pathname === '/login') times.login = now;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await clickButton(page, 'Update password');
    await seeText(page, 'Password updated successfully!');
    await waitForPath(page, '/login');
    await seeElement(page, 'form[aria-label="Login"]');
    const { shown, login } = await page.evaluate(() => (window as unknown as { resetTimes: { shown: number; login: number } }).resetTimes);
    expect(login - shown).toBeGreaterThanOrEqual(1900);

    await loginThroughForm(page, customer.email, customer.password);
    await seeText(page, 'Invalid email or password');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await loginThroughForm(page, customer.email, 'Marigold#2027');
    await waitForPath(page, '/');
    await waitForCustomerHeader(page);
    await closeSession(page);
  });

  it('refuses to register when the two passwords differ', async () => {
    const page = await openSession(browser);
    await page.goto(`${shop.url}/register`);
    await fillField(page, 'Name', 'Typo Customer');
    await fillField(page, 'Email', uniqueEmail('typo'));
    await fillField(page, 'Password', 'Petals#2026');
    await fillField(page, 'Confirm password', 'Petals#2062');
    await clickButton(page, 'Register');
    await seeText(page, 'Passwords do not match');
    expect(await page.evaluate(() => location.pathname)).toBe('/register');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await closeSession(page);
  });

  it('sends a customer who types an admin address back to the home page', async () => {
    const customer = await registerCustomer(shop.url, 'Nosy Customer');
    const page = await openSession(browser);
    await signInAs(page, shop.url, customer);
    const adminFiles: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/remotes/admin/')) adminFiles.push(request.url());
    });
    for (const path of ['/admin', '/admin/products', '/admin/orders', '/admin/contact', '/admin/stats']) {
      await page.goto(`${shop.url}${path}`);
      await waitForPath(page, '/');
      await seeElement(page, '[data-testid="hero-slide"]');
    }
    // The shell turns them away itself: not one file of the back office is fetched for it.
    expect(adminFiles).toEqual([]);
    await closeSession(page);
  });
});
