// Reading and using what a page shows, the way a visitor does: by labels, names and visible text.
import type { ElementHandle, Page } from 'puppeteer-core';
import { checkAccessibility } from './accessibility';
import { UI_TIMEOUT } from './browser';

export async function waitForText(page: Page, text: string, timeout = 30_000): Promise<void> {
  await page.waitForFunction((t) => document.body.innerText.includes(t), { timeout }, text);
}

/** What the page says it went wrong, for a failed wait's message. */
async function pageProblems(page: Page): Promise<string> {
  const state = await page
    .evaluate(() => ({
      at: location.pathname + location.search,
      alerts: [...document.querySelectorAll('[role="alert"]')].map((node) => (node as HTMLElement).innerText.trim()).filter(Boolean),
    }))
    .catch(() => ({ at: page.url(), alerts: [] as string[] }));
  return `at ${state.at}${state.alerts.length ? `, alerts: ${state.alerts.join(' | ')}` : ''}`;
}

/** Waits for text to appear on the page; a timeout names where the page is and what it is alerting. */
export async function seeText(page: Page, text: string, timeout = UI_TIMEOUT): Promise<void> {
  try {
    await page.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout }, text);
  } catch (error) {
    throw new Error(`"${text}" did not appear (${await pageProblems(page)}): ${(error as Error).message}`, { cause: error });
  }
}

/** Waits for an element; a timeout names where the page is and what it is alerting. */
export async function seeElement(page: Page, selector: string, timeout = UI_TIMEOUT): Promise<ElementHandle<Element>> {
  try {
    const element = await page.waitForSelector(selector, { timeout });
    if (!element) throw new Error('not found');
    return element;
  } catch (error) {
    throw new Error(`${selector} did not appear (${await pageProblems(page)}): ${(error as Error).message}`, { cause: error });
  }
}

/** The form control a `<label>` with exactly this text points at, waiting for it to render. */
export async function fieldByLabel(page: Page, label: string): Promise<ElementHandle<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>> {
  const handle = await page.waitForFunction(
    (text) => {
      const match = [...document.querySelectorAll('label')].find((node) => node.textContent?.replace(/\s+/g, ' ').trim() === text);
      return (match?.control as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null | undefined) ?? null;
    },
    { timeout: UI_TIMEOUT },
    label,
  );
  const element = handle.asElement();
  if (!element) throw new Error(`No form control labelled "${label}"`);
  return element as ElementHandle<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;
}

/** Replaces what the labelled field holds by typing, as a user would (React sees every key). */
export async function fillField(page: Page, label: string, value: string): Promise<void> {
  const field = await fieldByLabel(page, label);
  await field.focus();
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  if (value) await field.type(value);
}

/** The checkout's delivery fields a valid order needs: a served PIN code (checked as it is typed) and the recipient's mobile. */
export async function fillDelivery(page: Page, pincode = '635109', mobile = '98765 43210'): Promise<void> {
  await fillField(page, 'PIN code', pincode);
  await seeText(page, `We deliver to ${pincode}.`);
  await fillField(page, 'Recipient’s mobile', mobile);
}

export async function selectOption(page: Page, label: string, value: string): Promise<void> {
  const field = await fieldByLabel(page, label);
  await field.select(value);
}

/** Clicks what has this role and accessible name once it is visible and enabled, checking the screen's accessibility before the click changes it. */
async function clickByName(page: Page, role: 'button' | 'link', name: string): Promise<void> {
  const target = page.locator(`::-p-aria([name="${name}"][role="${role}"])`);
  await target.wait();
  await checkAccessibility(page);
  await target.click();
}

export async function clickButton(page: Page, name: string): Promise<void> {
  await clickByName(page, 'button', name);
}

export async function clickLink(page: Page, name: string): Promise<void> {
  await clickByName(page, 'link', name);
}

/** Waits until the page's path (and query, when given) is this one. */
export async function waitForPath(page: Page, pathAndQuery: string | RegExp, timeout = UI_TIMEOUT): Promise<string> {
  const expected = typeof pathAndQuery === 'string' ? `^${pathAndQuery.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` : pathAndQuery.source;
  await page.waitForFunction((source) => new RegExp(source).test(location.pathname + location.search), { timeout }, expected);
  return page.evaluate(() => location.pathname + location.search);
}

/** The texts of the links and buttons in the desktop header navigation. */
export async function headerItems(page: Page): Promise<string[]> {
  return page.$$eval('header.site-header nav.nav--desktop a, header.site-header nav.nav--desktop button', (nodes) =>
    nodes.map((node) => (node as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
  );
}
