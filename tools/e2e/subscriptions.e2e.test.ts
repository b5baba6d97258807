import type { Browser, Page } from 'puppeteer-core';
import type { Subscription } from '@thalir/contracts';
import {
  clickButton,
  closeSession,
  DEMO_ADMIN,
  expectShopRunning,
  fillDelivery,
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

/** India's date `days` from today (the shop's calendar, whatever this machine's zone). */
const indiaDay = (days: number) => new Date(Date.now() + 5.5 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * "Next week" as a customer plans a holiday: a Monday to its Sunday. It is the first Monday at least
 * three days away, so that the day after tomorrow is always delivered. The coming Monday would not do:
 * on a Sunday in India it is the skipped tomorrow itself, and on a Saturday its week pauses every day
 * of the forecast after tomorrow.
 */
function nextWeek(): { from: string; to: string } {
  const today = new Date(`${indiaDay(0)}T00:00:00Z`);
  const comingMonday = (8 - today.getUTCDay()) % 7 || 7;
  const untilMonday = comingMonday < 3 ? comingMonday + 7 : comingMonday;
  return { from: indiaDay(untilMonday), to: indiaDay(untilMonday + 6) };
}

async function mySubscriptions(shopUrl: string, token: string): Promise<Subscription[]> {
  const response = await fetch(`${shopUrl}/api/subscriptions/mine`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`subscriptions/mine: ${response.status} ${await response.text()}`);
  return (await response.json()) as Subscription[];
}

/** A date field set as a person picking from the calendar would (React hears the input event). */
async function setDate(page: Page, label: string, isoDate: string): Promise<void> {
  const id = await page.$$eval(
    'label',
    (labels, wanted) => labels.find((candidate) => candidate.textContent?.trim() === wanted)?.getAttribute('for') ?? null,
    label,
  );
  if (!id) throw new Error(`No field labelled "${label}"`);
  await page.$eval(
    `[id="${id}"]`,
    (input, value) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    isoDate,
  );
}

/** What the calendar tile of `date` says, as the customer reads it. */
const tileText = (page: Page, date: string) =>
  page.$eval(`li.subscription-day:has(time[datetime="${date}"])`, (tile) => (tile as HTMLElement).innerText).catch(() => null);

describe('subscriptions: the daily pooja basket from the plan page to the forecast', () => {
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

  it('subscribes and pays a 7-delivery pack in the sandbox, skips tomorrow, pauses next week; the credits and the calendar agree, and staff see the forecast', async () => {
    const customer = await registerCustomer(shop.url, 'Lakshmi Subscriber');
    const page = await openSession(browser);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await signInAs(page, shop.url, customer);

    // The home page leads to the plan, drawn on the server with its own head.
    await page.goto(shop.url);
    await seeText(page, 'Daily pooja basket');
    const planLink = await seeElement(page, 'a[href="/subscribe/daily-pooja-basket"]');
    await planLink.click();
    await waitForPath(page, '/subscribe/daily-pooja-basket');
    await seeElement(page, 'form[aria-label="Subscribe to Daily pooja basket"]');
    expect(await page.title()).toMatch(/Daily pooja basket/);

    const tomorrow = indiaDay(1);
    await fillField(page, 'Delivery address', '4 Temple Street, Mylapore, Chennai');
    await fillDelivery(page, '600004', '98400 12345');
    await selectOption(page, 'Start date', tomorrow);
    await seeText(page, `7 deliveries × ${rupees(90)} = ${rupees(630)}`);
    await clickButton(page, `Subscribe and pay ${rupees(630)}`);

    const popup = await seeElement(page, '[role="dialog"][aria-modal="true"]');
    expect(await popup.evaluate((node) => (node as HTMLElement).innerText)).toContain(rupees(630));
    await clickButton(page, `Pay ${rupees(630)}`);
    await waitForPath(page, '/subscriptions');
    await seeText(page, '7 left of 7 bought');

    // Skip tomorrow.
    await page.waitForFunction(
      (date) => !!document.querySelector(`li.subscription-day:has(time[datetime="${date}"]) button`),
      { timeout: UI_TIMEOUT },
      tomorrow,
    );
    await page.$eval(`li.subscription-day:has(time[datetime="${tomorrow}"]) button`, (button) => (button as HTMLButtonElement).click());
    await page.waitForFunction(
      (date) => /Skipped/.test((document.querySelector(`li.subscription-day:has(time[datetime="${date}"])`) as HTMLElement | null)?.innerText ?? ''),
      { timeout: UI_TIMEOUT },
      tomorrow,
    );

    // Pause next week.
    const { from, to } = nextWeek();
    // Back to the top: the skip above left the button under the sticky header, where a click would land on the header.
    await page.evaluate(() => window.scrollTo(0, 0));
    await clickButton(page, 'Pause deliveries');
    await seeElement(page, 'form[aria-label="Pause deliveries"]');
    await setDate(page, 'First day without flowers', from);
    await setDate(page, 'Last day without flowers', to);
    await clickButton(page, 'Save pause');
    await seeElement(page, 'button ::-p-text(End pause)');

    const [subscription] = await mySubscriptions(shop.url, customer.token);
    expect(subscription).toMatchObject({ status: 'active', credits: { bought: 7, used: 0, left: 7, refunded: 0 }, pauses: [{ from, to }] });
    const byDate = new Map(subscription.deliveries.map((day) => [day.date, day]));
    expect(byDate.get(tomorrow)).toMatchObject({ status: 'skipped', covered: false });
    for (const day of subscription.deliveries) if (day.date >= from && day.date <= to) expect(day.status).toBe('paused');
    // The 7 credits pay for the first 7 days still scheduled, neither the skipped nor the paused ones.
    const scheduled = subscription.deliveries.filter((day) => day.status === 'scheduled');
    expect(subscription.deliveries.filter((day) => day.covered).map((day) => day.date)).toEqual(scheduled.slice(0, 7).map((day) => day.date));

    // The calendar says the same, day by day.
    for (const day of subscription.deliveries) {
      const text = await tileText(page, day.date);
      if (day.status === 'skipped') expect(text).toMatch(/Skipped/);
      else if (day.status === 'paused') expect(text).toMatch(/Paused/);
      else if (day.covered) expect(text).toMatch(/Will be delivered/);
      else expect(text).toMatch(/Waits for more deliveries/);
    }
    expect(alerts).toEqual(['Payment Successful!']);
    await closeSession(page);

    // Staff see what the coming days need: 10 yellow chrysanthemums on each day the credits pay for, none on the others.
    const staffPage = await openSession(browser);
    await signInAs(staffPage, shop.url, DEMO_ADMIN);
    await staffPage.goto(`${shop.url}/admin/subscriptions/forecast`);
    await seeText(staffPage, 'Stems to buy');
    const stems = await staffPage.$$eval('table', (tables) => {
      const table = tables.find((candidate) => candidate.querySelector('caption')?.textContent === 'Stems to buy');
      const row = [...(table?.querySelectorAll('tbody tr') ?? [])].find(
        (candidate) => candidate.querySelector('th')?.textContent === 'Yellow Button Chrysanthemum',
      );
      return [...(row?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent ?? '');
    });
    // The demo shop has no other subscriptions; the forecast's days are today and the 6 after it.
    const expected = Array.from({ length: 7 }, (_, offset) => (byDate.get(indiaDay(offset))?.covered ? '10' : '—'));
    expect(stems.slice(0, 7)).toEqual(expected);
    expect(expected[1]).toBe('—');
    expect(expected[2]).toBe('10');
    await staffPage.goto(`${shop.url}/admin/subscriptions`);
    await seeText(staffPage, 'Lakshmi Subscriber');
    await closeSession(staffPage);
  });
});
