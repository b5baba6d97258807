import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'puppeteer-core';
import {
  clickButton,
  closeSession,
  DEMO_ADMIN,
  expectShopRunning,
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
  type Shop,
} from './support';

interface ApiProduct {
  _id: string;
  name: string;
  price: number;
  type: 'flower' | 'green_leaf';
}

const FEATURE_TITLES = [
  'Sustainably Grown',
  'Same-Day Delivery',
  'Eco-Conscious Packaging',
  'AI-Powered Suggestions',
  'Freshness Guarantee',
  'Mobile-First Experience',
];

/** Waits until the catalogue grid shows the answer to the current URL, then reads its cards. */
async function gridCards(page: Page): Promise<{ name: string; type: string; price: string }[]> {
  await seeElement(page, 'ul.product-grid[aria-busy="false"] li');
  return page.$$eval('ul.product-grid li', (cards) =>
    cards.map((card) => ({
      name: card.querySelector('.product-card__name')?.textContent ?? '',
      type: card.querySelector('.product-card__type')?.textContent ?? '',
      price: card.querySelector('.product-card__price')?.textContent ?? '',
    })),
  );
}

const priceValue = (text: string) => Number(text.replace(/[^\d.]/g, ''));

describe('catalogue: home, product pages, wishlist, contact', () => {
  let browser: Browser;
  let shop: Shop;
  let catalogue: ApiProduct[];

  beforeAll(async () => {
    shop = await startShop();
    browser = await launchBrowser();
    catalogue = ((await (await fetch(`${shop.url}/api/products`)).json()) as { data: ApiProduct[] }).data;
  }, SHOP_START_TIMEOUT);

  afterEach(() => expectShopRunning(shop));

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('greets a visitor with the hero slideshow, the Why Choose carousel and 6 featured products, and opens a product', async () => {
    const page = await openSession(browser);
    await page.goto(`${shop.url}/`);

    await seeElement(page, '[data-testid="hero-slide"]');
    expect(await page.$$eval('[data-testid="hero-slide"]', (slides) => slides.length)).toBe(3);
    const dots = await page.$$('button[aria-label^="Show slide"]');
    expect(dots).toHaveLength(3);
    // Only the slide on show is exposed, so Shop Now and Learn More are there exactly once.
    expect(await page.$eval('::-p-aria([name="Shop Now"][role="link"])', (link) => link.getAttribute('href'))).toBe('/products');
    expect(await page.$eval('::-p-aria([name="Learn More about Thalir Blooms"][role="link"])', (link) => link.getAttribute('href'))).toBe('/about');

    await dots[2].click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="hero-slide"][aria-hidden="false"] h2')?.textContent?.includes('Australia, Singapore, Malaysia'),
      {
        timeout: UI_TIMEOUT,
      },
    );

    // The carousel's code arrives as the visitor scrolls towards it.
    const whyHeading = await seeElement(page, '::-p-aria([name="Why Choose Thalir Blooms"][role="heading"])');
    await whyHeading.evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    await seeElement(page, '.feature-carousel .feature-card__title');
    const featureTitles = await page.$$eval('.feature-carousel .feature-card__title', (titles) => titles.map((title) => title.textContent));
    expect([...new Set(featureTitles)].sort()).toEqual([...FEATURE_TITLES].sort());

    await seeElement(page, '.featured-grid li.featured-card:not(.featured-card--placeholder)');
    const featured = await page.$$eval('.featured-grid li.featured-card a', (links) =>
      links.map((link) => ({ href: link.getAttribute('href'), name: link.querySelector('h3')?.textContent })),
    );
    expect(featured).toHaveLength(6);
    expect(featured.map((card) => card.name)).toEqual(catalogue.slice(0, 6).map((product) => product.name));

    await page.click(`.featured-grid a[href="${featured[0].href}"]`);
    await waitForPath(page, featured[0].href!);
    const product = catalogue[0];
    await seeElement(page, 'h1.product__name');
    expect(await page.$eval('h1.product__name', (node) => node.textContent)).toBe(product.name);
    const price = await page.$eval('.product__price', (node) => node.textContent ?? '');
    expect(price).toMatch(/^₹[\d,]+\.\d{2}$/);
    expect(price).toBe(rupees(product.price));
    await seeText(page, 'Get it by Tomorrow');
    await seeText(page, 'Inclusive of all taxes');
    await seeText(page, '12,345 ratings');
    expect(await page.$('::-p-aria([name="4 out of 5 stars"])')).not.toBeNull();
    await closeSession(page);
  });

  it('asks a visitor to log in for the wishlist, then keeps the product on a customer’s wishlist', async () => {
    const product = catalogue[1];
    const page = await openSession(browser);
    await page.goto(`${shop.url}/product/${product._id}`);
    await clickButton(page, 'Add to Wishlist');
    await seeText(page, 'Please login to add to wishlist');

    const customer = await registerCustomer(shop.url, 'Wishlist Walker');
    await signInAs(page, shop.url, customer);
    await page.goto(`${shop.url}/product/${product._id}`);
    await clickButton(page, 'Add to Wishlist');
    const added = await seeElement(page, '::-p-aria([name="Added to Wishlist"][role="button"])');
    expect(await added!.evaluate((button) => (button as HTMLButtonElement).disabled)).toBe(true);

    // The state comes from the server, so it survives a reload.
    await page.reload();
    await seeElement(page, '::-p-aria([name="Added to Wishlist"][role="button"])');

    await page.goto(`${shop.url}/wishlist`);
    await seeElement(page, '.wishlist-grid li');
    expect(await page.$$eval('.wishlist-item__name', (names) => names.map((name) => name.textContent))).toEqual([product.name]);
    await closeSession(page);
  });

  it('delivers a visitor’s contact message to the admin’s contact list', async () => {
    const text = `Do you ship marigold garlands for a wedding? ref ${randomUUID()}`;
    const visitor = await openSession(browser);
    await visitor.goto(`${shop.url}/contact`);
    await fillField(visitor, 'Name', 'Meena Visitor');
    await fillField(visitor, 'Email', 'meena.visitor@example.com');
    await fillField(visitor, 'Message', text);
    await clickButton(visitor, 'Send message');
    await seeText(visitor, 'Message sent successfully!');
    await closeSession(visitor);

    const admin = await openSession(browser);
    await signInAs(admin, shop.url, DEMO_ADMIN);
    await admin.goto(`${shop.url}/admin/contact`);
    await seeText(admin, text);
    const entry = await admin.$$eval(
      '.message',
      (messages, wanted) => messages.find((message) => message.textContent?.includes(wanted))?.textContent ?? '',
      text,
    );
    expect(entry).toContain('Meena Visitor');
    expect(entry).toContain('meena.visitor@example.com');
    await closeSession(admin);
  });

  it('keeps search, type filter and sort in the URL and shows the matching products', async () => {
    const page = await openSession(browser);
    await page.goto(`${shop.url}/products`);
    await gridCards(page);

    const wanted = catalogue.find((product) => product.name.split(' ').length > 1) ?? catalogue[0];
    await fillField(page, 'Search products', wanted.name);
    await clickButton(page, 'Search');
    await waitForPath(page, `/products?${new URLSearchParams({ q: wanted.name })}`);
    await page.waitForFunction(
      (name) => [...document.querySelectorAll('ul.product-grid[aria-busy="false"] .product-card__name')].some((node) => node.textContent === name),
      { timeout: UI_TIMEOUT },
      wanted.name,
    );
    const found = await gridCards(page);
    expect(found.length).toBeLessThan(catalogue.length);
    await seeText(page, `for “${wanted.name}”`);

    await page.goto(`${shop.url}/products`);
    await gridCards(page);
    await selectOption(page, 'Type', 'green_leaf');
    await waitForPath(page, '/products?type=green_leaf');
    await page.waitForFunction(
      () => {
        const types = [...document.querySelectorAll('ul.product-grid[aria-busy="false"] .product-card__type')].map((node) => node.textContent);
        return types.length > 0 && types.every((type) => type === 'Green leaves');
      },
      { timeout: UI_TIMEOUT },
    );
    const leaves = await gridCards(page);
    expect(leaves.map((card) => card.name)).toEqual(
      expect.arrayContaining(
        catalogue
          .filter((product) => product.type === 'green_leaf')
          .slice(0, 3)
          .map((product) => product.name),
      ),
    );

    await selectOption(page, 'Sort by', 'price');
    await waitForPath(page, '/products?type=green_leaf&sort=price');
    await page.waitForFunction(
      () => {
        const prices = [...document.querySelectorAll('ul.product-grid[aria-busy="false"] .product-card__price')].map((node) =>
          Number(node.textContent!.replace(/[^\d.]/g, '')),
        );
        return prices.length > 1 && prices.every((price, index) => index === 0 || prices[index - 1] <= price);
      },
      { timeout: UI_TIMEOUT },
    );
    const sorted = (await gridCards(page)).map((card) => priceValue(card.price));
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));

    // Back restores the previous filter: the state really lives in the URL.
    await page.goBack();
    await waitForPath(page, '/products?type=green_leaf');
    await closeSession(page);
  });

  it('says Product not found for an unknown product id', async () => {
    const page = await openSession(browser);
    await page.goto(`${shop.url}/product/${randomUUID()}`);
    await seeElement(page, '::-p-aria([name="Product not found"][role="heading"])');
    await closeSession(page);
  });
});
