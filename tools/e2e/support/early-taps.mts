// Taps before hydration (issue 27): a new visitor's phone on a slow network taps the controls of a
// server-drawn page at chosen moments between its first paint and the app taking it over, and each
// tap's effect must happen exactly once. Shared by the journey (early-taps.e2e.test.ts) and the
// bench (tools/bench/sections/frontend.mjs imports this file as it is: Node strips the types), so it
// imports nothing but puppeteer-core's types.
import type { Browser, CDPSession, ElementHandle, Page } from 'puppeteer-core';

/** Lighthouse's mobile profile, as the issue measured it: 4× CPU slowdown, 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
export const SLOW_PHONE = {
  cpuSlowdown: 4,
  network: { offline: false, latency: 150, download: (1.6 * 1024 * 1024) / 8, upload: (750 * 1024) / 8 },
  viewport: { width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
};

/** Set on <html> once the app has taken the page over (TAKEN_OVER_ATTRIBUTE in @thalir/contracts). */
const TAKEN_OVER = 'data-taken-over';
/** However slow the machine, a page's takeover and a tap's effect come within this. */
const SETTLE_TIMEOUT = 60_000;

/**
 * A moment between the first paint and the takeover. All but the last are held: the next piece of
 * the app's code (a request matching `hold`) waits until the page's controls have been tapped, so
 * the tap is sure to land in that state; then it goes, and the page comes to life as it would have.
 */
export interface Moment {
  name: string;
  /** What the page is like at this moment. */
  says: string;
  /** Chrome's Fetch URL pattern of the request held back until the taps are in. */
  hold?: string;
  /** A node that has been hydrated by this moment (its React fiber): the tap waits for it. */
  hydrated?: string;
}

export const MOMENTS: Moment[] = [
  { name: 'painted', says: 'first paint, none of the app’s code has run (main.js held)', hold: '*/main.*.js' },
  { name: 'started', says: 'main.js running, React and the shell not loaded (bootstrap chunk held)', hold: '*/bootstrap.*.js' },
  { name: 'shell', says: 'the shell hydrated, the storefront’s remote entry not loaded', hold: '*/remoteEntry.js*', hydrated: 'header.site-header' },
  {
    name: 'remote',
    says: 'the shell hydrated, the storefront’s routes not loaded',
    hold: '*/__federation_expose_Routes.*.js',
    hydrated: 'header.site-header',
  },
  { name: 'screen', says: 'the storefront’s routes hydrated, the screen’s chunk not loaded', hold: '*/screen-*.js', hydrated: '[data-remote="storefront"]' },
  { name: 'arriving', says: 'nothing held: tapped as the screen’s chunk starts to arrive, then React hydrates the screen' },
];

/** What one trial's page saw, for a control to count its effect. */
export interface TrialRecord {
  /** API calls the page made, `METHOD /path`. */
  requests: string[];
}

/** How a control is tapped: a finger on it (the point found beforehand), or a key pressed while it has focus. */
export type TapAction = { touch: string } | { focus: string; key: 'ArrowDown' };

/** A control of a page: how to tap it, what shows its effect, and how many times that effect happened. */
export interface TapControl {
  name: string;
  /** What the tap needs first (a form's fields), done at the first paint, before the moment. */
  prepare?: (page: Page) => Promise<void>;
  tap: TapAction;
  /** Run in the page: true once the effect shows, as the visitor sees it. */
  shown: () => boolean;
  /** Once the page has settled: how many times the effect happened (1 is right). */
  times: (page: Page, record: TrialRecord) => Promise<number>;
}

export interface TapPage {
  path: string;
  controls: TapControl[];
}

export interface TapResult {
  page: string;
  moment: string;
  control: string;
  /** The tap came before the page was taken over (the tap's own timestamp against the takeover's). */
  beforeTakeover: boolean;
  /** How many times its effect happened: 1 is right, 0 a lost tap, more a doubled one. */
  times: number;
  /** Milliseconds from the tap to the takeover (negative: tapped after it). */
  heldMs: number;
  /** The tap reached something else: what, and what had the focus. */
  missed?: string;
}

/** An interaction's Event Timing (ms): from the finger down to the next paint, and its parts. */
export interface Interaction {
  /** The longest event of the interaction (pointerdown, click, keydown…). */
  name: string;
  at: number;
  duration: number;
  /** Waiting for the main thread. */
  delay: number;
  handlers: number;
  /** From the handlers to the next paint. */
  paint: number;
}

export interface TrialResult {
  page: string;
  moment: string;
  taps: TapResult[];
  /** The trial's longest interaction (Event Timing reports those of 16 ms and more; null: none). */
  worstInteraction: Interaction | null;
  /** What the page reported as errors (a hydration that failed, a crash). */
  errors: string[];
  firstPaintMs: number;
  takenOverMs: number;
}

/** What the journey and the bench need of the shop to tap its pages. */
export interface TapShop {
  url: string;
  /** A product in stock, shown by the product page. */
  product: { _id: string; name: string };
  /** A signed-in customer (the wishlist needs one); the page is drawn signed out all the same. */
  customer: { token: string; role: string };
}

/** Registers a customer and picks a product in stock, through the shop's API. */
export async function prepareTapShop(url: string): Promise<TapShop> {
  const products = ((await (await fetch(`${url}/api/products?limit=50`)).json()) as { data: { _id: string; name: string; stock: number }[] }).data;
  const product = products.find((item) => item.stock > 0);
  if (!product) throw new Error('No product in stock to tap Add to Cart on');
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Early Tapper', email: `early.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`, password: 'Petals#2026' }),
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { url, product: { _id: product._id, name: product.name }, customer: { token, role: 'customer' } };
}

// ----- taps and what they do --------------------------------------------------------------------

async function element(page: Page, selector: string): Promise<ElementHandle<Element>> {
  const handle = await page.waitForSelector(selector, { timeout: SETTLE_TIMEOUT });
  if (!handle) throw new Error(`${selector} is not on the page`);
  return handle;
}

/**
 * Where each tap will go, found before the moment (scrolled into view, the middle of the control),
 * so that at the moment the finger comes down at once, however busy the page's main thread is.
 */
async function aim(page: Page, actions: TapAction[]): Promise<({ x: number; y: number } | null)[]> {
  const points: ({ x: number; y: number } | null)[] = [];
  for (const action of actions) {
    if ('focus' in action) {
      await (await element(page, action.focus)).focus();
      points.push(null);
      continue;
    }
    const target = await element(page, action.touch);
    await target.scrollIntoView();
    const box = await target.boundingBox();
    if (!box) throw new Error(`${action.touch} is not shown`);
    points.push({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
  }
  return points;
}

async function perform(page: Page, action: TapAction, point: { x: number; y: number } | null): Promise<void> {
  if ('key' in action) await page.keyboard.press(action.key);
  else await page.touchscreen.tap(point!.x, point!.y);
}

/** Fills fields as the visitor typed them before the tap (the values are set, not typed: it is the tap that is timed). */
async function fill(page: Page, values: Record<string, string>): Promise<void> {
  await page.evaluate((entries) => {
    for (const [selector, value] of entries) {
      const field = document.querySelector<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(selector);
      if (!field) throw new Error(`${selector} is not on the page`);
      field.value = value;
    }
  }, Object.entries(values));
}

const requestsTo = (record: TrialRecord, call: string) => record.requests.filter((request) => request === call).length;

/** How many times a URL parameter took a new value in the page's own history (the app's pushState). */
function changesOf(parameter: string) {
  return (page: Page) =>
    page.evaluate((name) => {
      const log = (window as unknown as { earlyTapLog: { firstSearch: string; pushes: string[] } }).earlyTapLog;
      let last = new URLSearchParams(log.firstSearch).get(name);
      let changes = 0;
      for (const pushed of log.pushes) {
        const value = new URL(pushed, location.href).searchParams.get(name);
        if (value !== last) changes += 1;
        last = value;
      }
      return changes;
    }, parameter);
}

type Log = { menuToggles: number; slideChanges: number; pauseToggles: number };
const logged = (key: keyof Log) => (page: Page) => page.evaluate((name) => (window as unknown as { earlyTapLog: Log }).earlyTapLog[name], key);

/** The header's menu, on every page: a tap opens it (one toggle of its <details>); tapped last, as it covers the top of the page. */
const MENU: TapControl = {
  name: 'menu',
  tap: { touch: 'header summary.nav__toggle' },
  shown: () => (window as unknown as { earlyTapLog: Log }).earlyTapLog.menuToggles > 0,
  times: logged('menuToggles'),
};

/** The storefront's server-drawn pages and their controls, each checked by the effect a visitor would see. */
export function tapPages(shop: TapShop): TapPage[] {
  return [
    {
      path: '/',
      controls: [
        {
          name: 'hero dot',
          tap: { touch: '.hero__dot:nth-child(3)' },
          shown: () => document.querySelectorAll('.hero__slide')[2]?.classList.contains('is-active') === true,
          // Slides shown since the page came: the tapped one, not another after it (the slideshow moves on only 6 s later).
          times: logged('slideChanges'),
        },
        {
          name: 'pause',
          tap: { touch: '.hero__pause' },
          shown: () => document.querySelector('.hero__pause')?.getAttribute('aria-label') === 'Play slideshow',
          times: logged('pauseToggles'),
        },
        MENU,
      ],
    },
    {
      path: '/products',
      controls: [
        {
          name: 'type filter',
          // Picked from the keyboard (a phone's picker is the browser's own UI): All → Flowers.
          tap: { focus: 'select[name="type"]', key: 'ArrowDown' },
          shown: () => new URLSearchParams(location.search).get('type') === 'flower',
          times: changesOf('type'),
        },
        {
          name: 'search',
          prepare: (page) => fill(page, { 'input[name="q"]': 'rose' }),
          tap: { touch: 'form[role="search"] button[type="submit"]' },
          shown: () => new URLSearchParams(location.search).get('q') === 'rose',
          times: changesOf('q'),
        },
        MENU,
      ],
    },
    {
      path: `/product/${shop.product._id}`,
      controls: [
        {
          name: 'add to cart',
          tap: { touch: '.product__actions .btn--primary' },
          // The notice, and the header's badge (the signed-in header, once the app shows it).
          shown: () =>
            document.body.innerText.includes('is in your cart') && Number(document.querySelector('[data-testid="cart-badge"]')?.textContent ?? 0) > 0,
          times: (page) =>
            page.evaluate((id) => {
              const cart = JSON.parse(localStorage.getItem('cart') ?? '[]') as { product: { _id: string }; quantity: number }[];
              const inCart = cart.find((line) => line.product._id === id)?.quantity ?? 0;
              return document.querySelector('[data-testid="cart-badge"]')?.textContent === String(inCart) ? inCart : 0;
            }, shop.product._id),
        },
        {
          name: 'wishlist',
          tap: { touch: '.product__actions .btn--secondary' },
          shown: () => document.querySelector('.product__actions .btn--secondary')?.textContent === 'Added to Wishlist',
          times: async (_page, record) => requestsTo(record, 'POST /api/wishlist'),
        },
        MENU,
      ],
    },
    {
      path: '/contact',
      controls: [
        {
          name: 'contact form',
          prepare: (page) =>
            fill(page, {
              '.contact__form input[name="name"]': 'Early Tapper',
              '.contact__form input[name="email"]': 'early.tapper@example.com',
              '.contact__form textarea[name="message"]': 'Sent before the page had come to life.',
            }),
          tap: { touch: '.contact__form button[type="submit"]' },
          shown: () => document.body.innerText.includes('Message sent successfully!'),
          times: async (_page, record) => requestsTo(record, 'POST /api/contact'),
        },
        MENU,
      ],
    },
    {
      path: '/export',
      controls: [
        {
          name: 'enquiry form',
          prepare: (page) =>
            fill(page, {
              '.quote-form input[name="company"]': 'Early Blooms Pty Ltd',
              '.quote-form input[name="contactName"]': 'Early Tapper',
              '.quote-form input[name="email"]': 'early.tapper@example.com',
              '.quote-form select[name="country"]': 'AU',
              '.quote-form textarea[name="message"]': 'Long-stem red roses, weekly, before the page had come to life.',
            }),
          tap: { touch: '.quote-form button[type="submit"]' },
          shown: () => document.body.innerText.includes('Your enquiry is with our export desk'),
          times: async (_page, record) => requestsTo(record, 'POST /api/enquiries'),
        },
        MENU,
      ],
    },
  ];
}

// ----- one trial ------------------------------------------------------------------------------

/**
 * Installed before any of the page's own scripts: logs what the checks count (history pushes, the
 * menu's and the slideshow's changes), the trusted taps' timestamps, the takeover's time and the
 * Event Timing of every interaction.
 */
function instrument(takenOver: string): void {
  const log = {
    firstSearch: location.search,
    pushes: [] as string[],
    menuToggles: 0,
    slideChanges: 0,
    pauseToggles: 0,
    /** Every trusted tap and key, with the element it reached. */
    taps: [] as { type: string; at: number; target: EventTarget | null; focused: Element | null }[],
    takenOverAt: null as number | null,
    /** The longest entry of each interaction: when, and its input delay, handlers and the wait for the next paint. */
    interactions: new Map<number, { name: string; at: number; duration: number; delay: number; handlers: number; paint: number }>(),
  };
  (window as unknown as { earlyTapLog: typeof log }).earlyTapLog = log;
  const pushState = history.pushState.bind(history);
  history.pushState = (data, unused, url) => {
    if (url !== undefined && url !== null) log.pushes.push(String(url));
    pushState(data, unused, url);
  };
  // Before the page's capture (a document listener): every tap and key the visitor made, when, and on what.
  for (const type of ['click', 'keydown']) {
    window.addEventListener(
      type,
      (event) => {
        if (event.isTrusted) log.taps.push({ type, at: event.timeStamp, target: event.target, focused: document.activeElement });
      },
      true,
    );
  }
  new MutationObserver((records) => {
    for (const { target, attributeName, oldValue } of records) {
      const node = target as Element;
      if (attributeName === takenOver && log.takenOverAt === null) log.takenOverAt = performance.now();
      else if (attributeName === 'open' && node.matches('details.nav__menu')) log.menuToggles += 1;
      else if (attributeName === 'class' && node.matches('.hero__slide') && node.classList.contains('is-active') && !oldValue?.includes('is-active'))
        log.slideChanges += 1;
      else if (attributeName === 'aria-label' && node.matches('.hero__pause')) log.pauseToggles += 1;
    }
  }).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: [takenOver, 'open', 'class', 'aria-label'] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (!entry.interactionId || (log.interactions.get(entry.interactionId)?.duration ?? -1) >= entry.duration) continue;
      log.interactions.set(entry.interactionId, {
        name: entry.name,
        at: Math.round(entry.startTime),
        duration: entry.duration,
        delay: Math.round(entry.processingStart - entry.startTime),
        handlers: Math.round(entry.processingEnd - entry.processingStart),
        paint: Math.round(entry.startTime + entry.duration - entry.processingEnd),
      });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

/** Waits until React has hydrated `selector` (React keeps its fiber on the node it takes over). */
async function waitUntilHydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const node = document.querySelector(wanted);
      return node !== null && Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
    },
    { timeout: SETTLE_TIMEOUT, polling: 50 },
    selector,
  );
}

/** Holds back requests matching a pattern until released. */
async function holdRequests(cdp: CDPSession, pattern: string): Promise<{ seen: Promise<void>; release: () => Promise<void> }> {
  const held: string[] = [];
  let released = false;
  let markSeen!: () => void;
  const seen = new Promise<void>((resolve) => (markSeen = resolve));
  cdp.on('Fetch.requestPaused', (event: { requestId: string }) => {
    if (released) void cdp.send('Fetch.continueRequest', { requestId: event.requestId }).catch(() => undefined);
    else held.push(event.requestId);
    markSeen();
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: pattern, requestStage: 'Request' }] });
  return {
    seen,
    release: async () => {
      released = true;
      await Promise.all(held.map((requestId) => cdp.send('Fetch.continueRequest', { requestId }).catch(() => undefined)));
      await cdp.send('Fetch.disable').catch(() => undefined);
    },
  };
}

/** The promise, or a failure naming what never came. */
function within<T>(promise: Promise<T>, never: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(never)), SETTLE_TIMEOUT)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Resolves once the answer to a request whose URL matches starts to arrive. */
function arriving(cdp: CDPSession, pattern: RegExp): Promise<void> {
  return new Promise((resolve) => {
    cdp.on('Network.responseReceived', (event: { response: { url: string } }) => {
      if (pattern.test(event.response.url)) resolve();
    });
  });
}

/**
 * One fresh visitor (own browser context: empty cache and storage, signed in as the shop's
 * customer) opens `tapPage` on the slow phone and taps all its controls at `moment`; then waits for
 * the takeover and for each effect, and counts them. `openPage` makes the page (the journey's
 * sessions check accessibility) and `closePage` ends it.
 */
export async function tapTrial(
  browser: Browser,
  shop: TapShop,
  tapPage: TapPage,
  moment: Moment,
  session: { openPage?: (browser: Browser) => Promise<Page>; closePage?: (page: Page) => Promise<void> } = {},
): Promise<TrialResult> {
  const page = session.openPage ? await session.openPage(browser) : await (await browser.createBrowserContext()).newPage();
  try {
    page.setDefaultTimeout(SETTLE_TIMEOUT);
    await page.setViewport(SLOW_PHONE.viewport);
    await page.emulateCPUThrottling(SLOW_PHONE.cpuSlowdown);
    await page.emulateNetworkConditions(SLOW_PHONE.network);
    await page.evaluateOnNewDocument(
      (token, role) => {
        localStorage.setItem('token', token);
        localStorage.setItem('role', role);
      },
      shop.customer.token,
      shop.customer.role,
    );
    await page.evaluateOnNewDocument(instrument, TAKEN_OVER);
    const record: TrialRecord = { requests: [] };
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error instanceof Error ? error.message : String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) record.requests.push(`${request.method()} ${url.pathname}`);
    });
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    const screenArriving = arriving(cdp, /\/screen-[\w-]+\.[0-9a-f]+\.js$/);
    const held = moment.hold ? await holdRequests(cdp, moment.hold) : null;

    const opened = page.goto(`${shop.url}${tapPage.path}`, { waitUntil: 'load', timeout: SETTLE_TIMEOUT * 2 });
    opened.catch(() => undefined);
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, { timeout: SETTLE_TIMEOUT, polling: 20 });
    for (const control of tapPage.controls) await control.prepare?.(page);
    const points = await aim(
      page,
      tapPage.controls.map((control) => control.tap),
    );
    if (held) await within(held.seen, `${tapPage.path} never asked for ${moment.hold}`);
    if (moment.hydrated) await waitUntilHydrated(page, moment.hydrated);
    if (!moment.hold) await within(screenArriving, `${tapPage.path} never loaded its screen's chunk`);
    for (const [index, control] of tapPage.controls.entries()) await perform(page, control.tap, points[index]);
    await held?.release();
    await opened;

    await page.waitForFunction((attribute) => document.documentElement.hasAttribute(attribute), { timeout: SETTLE_TIMEOUT }, TAKEN_OVER);
    // Each effect shows (a lost tap's never does: its wait ends, and it counts 0 or what did happen);
    // then nothing more is on its way, so a doubled one would have shown too.
    for (const control of tapPage.controls) await page.waitForFunction(control.shown, { timeout: SETTLE_TIMEOUT / 3 }).catch(() => undefined);
    await page.waitForNetworkIdle({ idleTime: 300, timeout: SETTLE_TIMEOUT });

    const timing = await page.evaluate(
      (targets) => {
        type Logged = { type: string; at: number; target: EventTarget | null; focused: Element | null };
        const log = (window as unknown as { earlyTapLog: { taps: Logged[]; takenOverAt: number | null; interactions: Map<number, Interaction> } }).earlyTapLog;
        const describe = (node: EventTarget | Element | null) =>
          node instanceof Element
            ? `${node.tagName.toLowerCase()}${node.getAttribute('name') ? `[name=${node.getAttribute('name')}]` : ''}${node.className && typeof node.className === 'string' ? `.${node.className.split(' ')[0]}` : ''}${node.isConnected ? '' : ' (gone)'}`
            : String(node);
        return {
          // Each control's own tap (the first that reached it), or what the tap reached instead.
          taps: targets.map(({ selector, key }, index) => {
            const control = document.querySelector(selector);
            const own = log.taps.find((tap) => tap.type === (key ? 'keydown' : 'click') && tap.target instanceof Node && control?.contains(tap.target));
            const guess = log.taps.filter((tap) => tap.type === (key ? 'keydown' : 'click'))[key ? 0 : index];
            return own
              ? { at: own.at, reached: null }
              : { at: guess?.at ?? null, reached: guess ? `${describe(guess.target)}, focus on ${describe(guess.focused)}` : 'nothing' };
          }),
          takenOverAt: log.takenOverAt ?? Number.POSITIVE_INFINITY,
          interactions: [...log.interactions.values()],
          firstPaintMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
        };
      },
      tapPage.controls.map(({ tap }) => ('touch' in tap ? { selector: tap.touch, key: false } : { selector: tap.focus, key: true })),
    );
    const worst = timing.interactions.reduce<Interaction | null>((longest, entry) => (longest && longest.duration >= entry.duration ? longest : entry), null);
    const taps: TapResult[] = [];
    for (const [index, control] of tapPage.controls.entries()) {
      const { at, reached } = timing.taps[index];
      const tappedAt = at ?? timing.takenOverAt;
      taps.push({
        page: tapPage.path,
        moment: moment.name,
        control: control.name,
        beforeTakeover: tappedAt < timing.takenOverAt,
        times: await control.times(page, record),
        heldMs: Math.round(timing.takenOverAt - tappedAt),
        ...(reached ? { missed: reached } : {}),
      });
    }
    return {
      page: tapPage.path,
      moment: moment.name,
      taps,
      worstInteraction: worst,
      errors,
      firstPaintMs: Math.round(timing.firstPaintMs),
      takenOverMs: Math.round(timing.takenOverAt),
    };
  } finally {
    await page.emulateCPUThrottling(null).catch(() => undefined);
    await page.emulateNetworkConditions(null).catch(() => undefined);
    if (session.closePage) await session.closePage(page);
    else await page.browserContext().close();
  }
}

/** The counts a journey asserts and the bench reports, and the longest interaction with where it was. */
export function summarise(trials: TrialResult[]): {
  taps: number;
  beforeTakeover: number;
  lost: number;
  doubled: number;
  worstInteraction: (Interaction & { page: string; moment: string }) | null;
} {
  const taps = trials.flatMap((trial) => trial.taps);
  const worst = trials.reduce<TrialResult | null>(
    (longest, trial) => ((trial.worstInteraction?.duration ?? 0) > (longest?.worstInteraction?.duration ?? 0) ? trial : longest),
    null,
  );
  return {
    taps: taps.length,
    beforeTakeover: taps.filter((tap) => tap.beforeTakeover).length,
    lost: taps.filter((tap) => tap.times < 1).length,
    doubled: taps.filter((tap) => tap.times > 1).length,
    worstInteraction: worst?.worstInteraction ? { ...worst.worstInteraction, page: worst.page, moment: worst.moment } : null,
  };
}
