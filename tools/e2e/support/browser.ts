import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { checkAccessibility, checkBeforeLeaving } from './accessibility';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell) when installed: the same engine
 * without the desktop browser around it. The journeys take about a quarter less CPU with it.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/lib/chromium/chromium');

/** The machine running the journeys is shared and slow: every wait in them gets this long. */
export const UI_TIMEOUT = 60_000;

export function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: CHROMIUM.endsWith('headless-shell') ? 'shell' : true,
    // puppeteer adds the headless flag that `headless` names.
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
  });
}

/**
 * A fresh browser context (its own localStorage, like a separate visitor) with one page in it.
 * With `downloadPath`, files the page downloads are saved there. Each screen the page leaves is
 * checked for accessibility (accessibility.ts).
 */
export async function openSession(browser: Browser, downloadPath?: string): Promise<Page> {
  const context = await browser.createBrowserContext(downloadPath ? { downloadBehavior: { policy: 'allow', downloadPath } } : {});
  const page = await context.newPage();
  page.setDefaultTimeout(UI_TIMEOUT);
  page.setDefaultNavigationTimeout(UI_TIMEOUT);
  await page.setViewport({ width: 1280, height: 900 });
  checkBeforeLeaving(page);
  return page;
}

/** Checks the last screen for accessibility, then closes the session. */
export async function closeSession(page: Page): Promise<void> {
  await checkAccessibility(page);
  await page.browserContext().close();
}

/** Records the React renderers that register with the devtools hook: one per react-dom copy. */
export async function countReactCopies(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    let nextId = 0;
    const renderers = new Map<number, unknown>();
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers,
      supportsFiber: true,
      inject(renderer: unknown) {
        nextId += 1;
        renderers.set(nextId, renderer);
        return nextId;
      },
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  });
}
