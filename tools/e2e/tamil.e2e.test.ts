import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import {
  closeSession,
  expectShopRunning,
  launchBrowser,
  openSession,
  placeOrderViaApi,
  registerCustomer,
  seeElement,
  SHOP_START_TIMEOUT,
  signInAs,
  startShop,
  UI_TIMEOUT,
  waitForPath,
  type Shop,
} from './support';

interface DemoProduct {
  _id: string;
  name: string;
}

/** The demo catalogue's Red Rose, in English and in Tamil. */
async function redRose(shopUrl: string): Promise<{ english: DemoProduct; tamil: DemoProduct }> {
  const find = async (lang: string) => {
    const response = await fetch(`${shopUrl}/api/products?q=Red%20Rose&lang=${lang}`);
    return ((await response.json()) as { data: DemoProduct[] }).data[0];
  };
  return { english: await find('en'), tamil: await find('ta') };
}

/** A mail's subject and text as its reader sees them: MIME encoded words and quoted-printable undone. */
function readMail(raw: string): { to: string; subject: string; text: string } {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded)?.[1] ?? '';
  const words = (value: string) =>
    value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_word, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const text = parts
    .map((part) => {
      const [head, ...body] = part.split(/\r?\n\r?\n/);
      const content = body.join('\n\n');
      if (/content-transfer-encoding: base64/i.test(head)) return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding: quoted-printable/i.test(head)) return decodeQuotedPrintable(content);
      return content;
    })
    .join('\n');
  return { to: header('To'), subject: words(header('Subject')), text };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
  try {
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  } catch {
    return bytes;
  }
}

/** The mails the shop wrote to `email` (DATA_DIR/mail/, no SMTP_URL in the journeys), waiting for at least one. */
async function mailsTo(shop: Shop, email: string): Promise<{ subject: string; text: string }[]> {
  const deadline = Date.now() + UI_TIMEOUT;
  for (;;) {
    const folder = join(shop.dataDir, 'mail');
    const mails = readdirSync(folder)
      .filter((name) => name.endsWith('.eml'))
      .map((name) => readMail(readFileSync(join(folder, name), 'utf8')))
      .filter((mail) => mail.to.includes(email));
    if (mails.length > 0) return mails;
    if (Date.now() > deadline) throw new Error(`No mail for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Latin words a reader sees on the page (text, and the labels, placeholders and alternative texts
 * read aloud), outside what is marked English (`lang="en"`: untranslated product texts) or not to be
 * translated (the customer's own words), the shop's names and the terms Tamil writes in Latin letters.
 */
function englishOnPage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const KEPT = [
      /Thalir Blooms Exports Pvt\. Ltd\./g,
      /Thalir Blooms/g,
      /[\w.+-]+@[\w-]+(\.[\w-]+)+/g,
      /https?:\/\/\S+/g,
      // Order numbers (the end of the order's id, in hex).
      /\b(?=[0-9A-F]*\d)[0-9A-F]{6,}\b/g,
      // CLDR writes Tamil times with AM and PM, as Intl's ta-IN does.
      /\b(GST|GSTIN|HSN|UPI|PIN|OTP|INR|PDF|AM|PM|Razorpay|Visa|RuPay|Mastercard)\b/g,
    ];
    const found: string[] = [];
    const note = (text: string, where: string) => {
      let rest = text;
      for (const kept of KEPT) rest = rest.replace(kept, ' ');
      for (const word of rest.match(/[A-Za-z]{2,}/g) ?? []) found.push(`${word} (${where})`);
    };
    // What the customer wrote (names, addresses) and ids are marked translate="no": not the shop's words.
    const marked = (element: Element | null) =>
      Boolean(element?.closest('[lang="en"], [lang="en-IN"], [translate="no"], script, style, noscript, svg, template'));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || marked(parent) || parent.closest('[hidden]')) continue;
      if (node.textContent?.trim()) note(node.textContent, parent.tagName.toLowerCase());
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], img[alt], [title]')) {
      if (marked(element)) continue;
      for (const attribute of ['aria-label', 'placeholder', 'alt', 'title']) {
        const value = element.getAttribute(attribute);
        if (value) note(value, `${element.tagName.toLowerCase()}[${attribute}]`);
      }
    }
    note(document.title, 'title');
    return found;
  });
}

/** Opens `path` and waits until the app has taken the page over and drawn its screen. */
async function openTamil(page: Page, shopUrl: string, path: string): Promise<void> {
  await page.goto(`${shopUrl}${path}`, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => document.documentElement.lang === 'ta' && !document.querySelector('[role="status"].spinner, .spinner'), {
    timeout: UI_TIMEOUT,
  });
}

describe('the shop in Tamil', () => {
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

  it('switches a product page to Tamil at its Tamil address, remembers the choice for the next visit, and switches back', async () => {
    const rose = await redRose(shop.url);
    const page = await openSession(browser);
    try {
      await page.goto(`${shop.url}/product/${rose.english._id}`, { waitUntil: 'networkidle0' });
      expect(await page.$eval('h1', (heading) => heading.textContent)).toBe('Red Rose');
      await page.click('.language-bar a[hreflang="ta-IN"]');
      await waitForPath(page, `/ta/product/${rose.english._id}`);
      await page.waitForFunction((name) => document.querySelector('h1')?.textContent === name, { timeout: UI_TIMEOUT }, rose.tamil.name);
      expect(await page.$eval('html', (html) => html.lang)).toBe('ta');

      // The next visit to the shop's English address opens it in Tamil.
      await page.goto(`${shop.url}/`, { waitUntil: 'networkidle0' });
      expect(new URL(page.url()).pathname).toBe('/ta/');
      await page.click('.language-bar a[hreflang="en-IN"]');
      await waitForPath(page, '/');
      await page.goto(`${shop.url}/about`, { waitUntil: 'networkidle0' });
      expect(new URL(page.url()).pathname).toBe('/about');
    } finally {
      await closeSession(page);
    }
  });

  it('finds roses by their Tamil name on /ta/products?q=ரோஜா', async () => {
    const page = await openSession(browser);
    try {
      await openTamil(page, shop.url, `/ta/products?q=${encodeURIComponent('ரோஜா')}`);
      await seeElement(page, '.product-card');
      const names = await page.$$eval('.product-card h2, .product-card h3', (headings) => headings.map((heading) => heading.textContent ?? ''));
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((name) => name.includes('ரோஜா'))).toBe(true);
      expect(names).toContain('சிவப்பு ரோஜா');
    } finally {
      await closeSession(page);
    }
  });

  it('answers a wrong password on the Tamil sign-in in Tamil, the API’s own message included', async () => {
    const customer = await registerCustomer(shop.url, 'Meena Sundaram', 'ta');
    const page = await openSession(browser);
    try {
      await openTamil(page, shop.url, '/ta/login');
      await page.type('input[type="email"]', customer.email);
      await page.type('input[type="password"]', 'not-the-password');
      await page.click('button[type="submit"]');
      const notice = await seeElement(page, '.notice');
      expect(await notice.evaluate((element) => element.textContent)).toMatch(/[\u0B80-\u0BFF]/);
      expect(await englishOnPage(page)).toEqual([]);
    } finally {
      await closeSession(page);
    }
  });

  it('a Tamil-speaking customer orders, follows the order in Tamil and gets the mail in Tamil', async () => {
    const rose = await redRose(shop.url);
    const customer = await registerCustomer(shop.url, 'Meena Sundaram', 'ta');
    const order = await placeOrderViaApi(shop.url, customer.token, {
      items: [{ product: rose.english._id, quantity: 2 }],
      paymentMethod: 'cash',
      address: '12 Gandhi Road, Hosur 635109',
    });
    const page = await openSession(browser);
    try {
      await signInAs(page, shop.url, customer);
      await openTamil(page, shop.url, `/ta/order/${order._id}`);
      // The order keeps the name the product had when it was placed; the page says it is English.
      await seeElement(page, '#order-heading');
      expect(await page.$eval('#order-heading', (heading) => heading.textContent)).toMatch(/ஆர்டர்/);
      expect(await page.evaluate(() => [...document.querySelectorAll('[lang="en"]')].map((element) => element.textContent))).toContain(rose.english.name);
      expect(await englishOnPage(page)).toEqual([]);
    } finally {
      await closeSession(page);
    }
    const [mail] = await mailsTo(shop, customer.email);
    expect(mail.subject).toMatch(/[\u0B80-\u0BFF]/);
    expect(mail.text).toContain('ஆர்டர்');
  });

  it('shows no English on the Tamil pages but brand names, the GST terms and text marked as English', async () => {
    const rose = await redRose(shop.url);
    const customer = await registerCustomer(shop.url, 'Meena Sundaram', 'ta');
    const order = await placeOrderViaApi(shop.url, customer.token, {
      items: [{ product: rose.english._id, quantity: 1 }],
      paymentMethod: 'cash',
      address: '12 Gandhi Road, Hosur 635109',
    });
    const visitor = await openSession(browser);
    const signedIn = await openSession(browser);
    try {
      const found: Record<string, string[]> = {};
      for (const path of [
        '/ta/',
        '/ta/products',
        `/ta/product/${rose.english._id}`,
        '/ta/subscribe',
        '/ta/about',
        '/ta/contact',
        '/ta/export',
        '/ta/faq',
        '/ta/login',
        '/ta/register',
        '/ta/forgot-password',
        '/ta/nowhere',
      ]) {
        await openTamil(visitor, shop.url, path);
        found[path] = await englishOnPage(visitor);
      }
      await signInAs(signedIn, shop.url, customer);
      // The cart as the Tamil product page leaves it: the product as that page was sent it.
      const inTamil = (await (await fetch(`${shop.url}/api/products/${rose.english._id}?lang=ta`)).json()) as { data: object };
      await signedIn.evaluate((product) => localStorage.setItem('cart', JSON.stringify([{ product, quantity: 1 }])), inTamil.data);
      for (const path of ['/ta/cart', '/ta/checkout', '/ta/my-orders', `/ta/order/${order._id}`, '/ta/wishlist', '/ta/subscriptions', '/ta/profile']) {
        await openTamil(signedIn, shop.url, path);
        found[path] = await englishOnPage(signedIn);
      }
      expect(Object.fromEntries(Object.entries(found).filter(([, words]) => words.length > 0))).toEqual({});
    } finally {
      await closeSession(visitor);
      await closeSession(signedIn);
    }
  });
});
