import type { Browser, Page } from 'puppeteer-core';
import {
  closeSession,
  expectShopRunning,
  launchBrowser,
  openSession,
  registerCustomer,
  rupees,
  SHOP_START_TIMEOUT,
  signInAs,
  startShop,
  UI_TIMEOUT,
  type Shop,
} from './support';

interface ApiProduct {
  _id: string;
  name: string;
  price: number;
  stock: number;
}

/** Records the API calls a page makes and anything it reports as an error. */
function watch(page: Page): { apiCalls: string[]; errors: string[] } {
  const seen = { apiCalls: [] as string[], errors: [] as string[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.apiCalls.push(url.pathname + url.search);
  });
  page.on('pageerror', (error) => seen.errors.push(error instanceof Error ? error.message : String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(message.text());
  });
  return seen;
}

describe('server-rendered storefront pages', () => {
  let browser: Browser;
  let shop: Shop;
  let product: ApiProduct;

  beforeAll(async () => {
    shop = await startShop();
    browser = await launchBrowser();
    const catalogue = ((await (await fetch(`${shop.url}/api/products`)).json()) as { data: ApiProduct[] }).data;
    product = catalogue.find((item) => item.stock > 1)!;
  }, SHOP_START_TIMEOUT);

  afterEach(() => expectShopRunning(shop));

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('shows a product’s name, price and picture with JavaScript turned off', async () => {
    const page = await openSession(browser);
    await page.setJavaScriptEnabled(false);
    await page.goto(`${shop.url}/product/${product._id}`);
    expect(await page.$eval('h1.product__name', (node) => node.textContent)).toBe(product.name);
    expect(await page.$eval('.product__price', (node) => node.textContent)).toBe(rupees(product.price));
    const picture = await page.$eval('.product-zoom img', (img) => ({
      alt: img.alt,
      loaded: img.complete && img.naturalWidth > 0,
      width: img.getAttribute('width'),
    }));
    expect(picture).toEqual({ alt: product.name, loaded: true, width: '1000' });
    // Styled as in the browser-drawn page: the stylesheets came with the HTML.
    expect(await page.$eval('.site-header', (header) => getComputedStyle(header).position)).not.toBe('static');
    await closeSession(page);
  });

  it('becomes interactive with JavaScript on, keeping the nodes it was sent, without fetching the product again', async () => {
    const page = await openSession(browser);
    const seen = watch(page);
    await page.goto(`${shop.url}/product/${product._id}`);
    // Marks the server's heading: hydration keeps the node, a re-render from scratch would drop the mark.
    await page.$eval('h1.product__name', (heading) => ((heading as HTMLElement & { sentByServer?: boolean }).sentByServer = true));
    const addToCart = await page.waitForSelector('::-p-aria([name="Add to Cart"][role="button"])', { timeout: UI_TIMEOUT });
    // The click counts once React has taken the page over; until then it waits for it.
    await page.waitForFunction(() => Object.keys(document.querySelector('h1.product__name')!).some((key) => key.startsWith('__reactFiber')), {
      timeout: UI_TIMEOUT,
    });
    await addToCart!.click();
    await page.waitForFunction(() => document.body.textContent?.includes('is in your cart'), { timeout: UI_TIMEOUT });
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]').map((item: { quantity: number }) => item.quantity))).toEqual([1]);
    expect(await page.$eval('h1.product__name', (heading) => (heading as HTMLElement & { sentByServer?: boolean }).sentByServer)).toBe(true);
    expect(seen.apiCalls.filter((call) => call.startsWith('/api/products'))).toEqual([]);
    expect(seen.errors).toEqual([]);
    await closeSession(page);
  });

  it('runs the app’s code only once the page the server sent has been painted with its main picture (or that picture arrived a moment before)', async () => {
    const page = await openSession(browser);
    // When main.js's script element goes in, i.e. when it runs (the page preloads it at low priority).
    await page.evaluateOnNewDocument(() => {
      new MutationObserver((_records, observer) => {
        if (!document.querySelector('script[src*="/main."]')) return;
        (window as Window & { mainInsertedAt?: number }).mainInsertedAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${shop.url}/product/${product._id}`);
    await page.waitForFunction(() => Object.keys(document.querySelector('main') ?? {}).some((key) => key.startsWith('__reactFiber')), { timeout: UI_TIMEOUT });
    const timings = await page.evaluate(async () => {
      const pictureEntries = await new Promise<PerformanceEntry[]>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries())).observe({ type: 'element', buffered: true }),
      );
      const picture = pictureEntries.find(
        (entry) => (entry as PerformanceEntry & { element: Element | null }).element === document.querySelector('.product-zoom img'),
      );
      const pictureTiming = (entry: PerformanceEntry) => entry as PerformanceEntry & { renderTime: number; loadTime: number };
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const ranAt = (window as Window & { mainInsertedAt?: number }).mainInsertedAt;
      return {
        painted: paint !== undefined,
        pictureShown: picture !== undefined,
        mainRan: ranAt !== undefined,
        mainAfterPaint: ranAt !== undefined && paint !== undefined && ranAt >= paint.startTime,
        // The start script's own rule: painted, or arrived 250 ms before (a paint can lag well behind).
        mainAfterPicture:
          ranAt !== undefined && picture !== undefined && ranAt >= Math.min(pictureTiming(picture).renderTime, pictureTiming(picture).loadTime + 250),
      };
    });
    expect(timings).toEqual({ painted: true, pictureShown: true, mainRan: true, mainAfterPaint: true, mainAfterPicture: true });
    await closeSession(page);
  });

  it('keeps the header’s links where the server drew them when a signed-in customer’s own links appear', async () => {
    const customer = await registerCustomer(shop.url, 'Steady Header');
    const page = await openSession(browser);
    await signInAs(page, shop.url, customer);
    type HeaderWindow = Window & { linkPositions: () => Record<string, number>; drawnLinks?: Record<string, number> };
    // Where each link was before any of the app's code ran (the page is drawn signed out).
    await page.evaluateOnNewDocument(() => {
      const headerWindow = window as unknown as HeaderWindow;
      headerWindow.linkPositions = () =>
        Object.fromEntries(
          [...document.querySelectorAll('header nav.nav--desktop a')].map((link) => [
            link.textContent?.trim() ?? '',
            Math.round(link.getBoundingClientRect().left),
          ]),
        );
      document.addEventListener('DOMContentLoaded', () => (headerWindow.drawnLinks = headerWindow.linkPositions()));
    });
    await page.goto(`${shop.url}/`);
    await page.waitForFunction(() => 'My Orders' in (window as unknown as HeaderWindow).linkPositions(), { timeout: UI_TIMEOUT });
    const { drawn, shown } = await page.evaluate(() => ({
      drawn: (window as unknown as HeaderWindow).drawnLinks,
      shown: (window as unknown as HeaderWindow).linkPositions(),
    }));
    expect(drawn).toMatchObject({
      Home: expect.any(Number),
      Shop: expect.any(Number),
      About: expect.any(Number),
      Contact: expect.any(Number),
      Login: expect.any(Number),
    });
    for (const name of ['Home', 'Shop', 'About', 'Contact']) expect(shown[name]).toBe(drawn![name]);
    await closeSession(page);
  });

  it('takes over every public page as the server sent it, without drawing it again', async () => {
    for (const path of ['/', '/products', '/products?type=flower', '/about', '/contact', '/faq', '/export', `/product/${product._id}`]) {
      const page = await openSession(browser);
      const seen = watch(page);
      await page.goto(`${shop.url}${path}`);
      await page.waitForFunction(() => Object.keys(document.querySelector('main') ?? {}).some((key) => key.startsWith('__reactFiber')), {
        timeout: UI_TIMEOUT,
      });
      // A mismatch is reported as the page settles; give it a moment.
      await new Promise((done) => setTimeout(done, 500));
      expect({ path, errors: seen.errors }).toEqual({ path, errors: [] });
      await closeSession(page);
    }
  });

  it('keeps a link found on the home page in place while React takes over, so it can be clicked', async () => {
    const page = await openSession(browser);
    const seen = watch(page);
    await page.goto(`${shop.url}/`, { waitUntil: 'domcontentloaded' });
    const learnMore = await page.waitForSelector('::-p-aria([name="Learn More about Thalir Blooms"][role="link"])');
    await page.waitForNetworkIdle();
    expect(await learnMore!.evaluate((link) => link.isConnected)).toBe(true);
    await learnMore!.click();
    await page.waitForFunction(() => location.pathname === '/about', { timeout: UI_TIMEOUT });
    expect(seen.errors).toEqual([]);
    // Featured products came with the page, not from a second request.
    expect(seen.apiCalls.filter((call) => call.startsWith('/api/products'))).toEqual([]);
    await closeSession(page);
  });

  it('keeps a type picked in the list before the app’s code arrived, and shows that type once it has', async () => {
    const page = await openSession(browser);
    // The app's code is held back until the visitor has picked.
    let releaseMain!: () => void;
    const mainHeld = new Promise<void>((release) => (releaseMain = release));
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (/\/main\.[\w]+\.js$/.test(new URL(request.url()).pathname)) void mainHeld.then(() => request.continue());
      else void request.continue();
    });
    await page.goto(`${shop.url}/products`, { waitUntil: 'domcontentloaded' });
    const type = await page.waitForSelector('::-p-aria([name="Type"][role="combobox"])');
    await type!.select('green_leaf');
    releaseMain();
    await page.waitForFunction(() => location.search === '?type=green_leaf', { timeout: UI_TIMEOUT });
    await page.waitForFunction(
      () => {
        const types = [...document.querySelectorAll('ul.product-grid[aria-busy="false"] .product-card__type')].map((node) => node.textContent);
        return types.length > 0 && types.every((name) => name === 'Green leaves');
      },
      { timeout: UI_TIMEOUT },
    );
    expect(await type!.evaluate((select) => (select as HTMLSelectElement).value)).toBe('green_leaf');
    await closeSession(page);
  });

  it('answers an unknown address with 404 and the storefront’s not-found page, which still works', async () => {
    const page = await openSession(browser);
    const response = await page.goto(`${shop.url}/no-such-bouquet`);
    expect(response!.status()).toBe(404);
    await page.waitForSelector('::-p-text(This page has wandered off)');
    const home = await page.waitForSelector('::-p-aria([name="Back to home"][role="link"])');
    await page.waitForFunction(() => Object.keys(document.querySelector('.not-found h1')!).some((key) => key.startsWith('__reactFiber')), {
      timeout: UI_TIMEOUT,
    });
    await home!.click();
    await page.waitForFunction(() => location.pathname === '/' && document.querySelector('.hero'), { timeout: UI_TIMEOUT });
    await closeSession(page);
  });
});
