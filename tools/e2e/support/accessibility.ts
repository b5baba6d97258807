// Accessibility as part of every journey: axe-core checks each screen a journey shows, once per
// screen and test file, and the test fails on any WCAG 2.2 A/AA violation (see docs/testing.md).
import { readFileSync } from 'node:fs';
import type { AxeResults, NodeResult, Result, RunOptions } from 'axe-core';
import type { Page } from 'puppeteer-core';

/** The compatibility gate mixes in earlier releases: their accessibility was checked when they were current. */
const enabled = process.env.E2E_ACCESSIBILITY !== 'off';

const AXE_SOURCE = enabled ? readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') : '';
const AXE_VERSION = (JSON.parse(readFileSync(require.resolve('axe-core/package.json'), 'utf8')) as { version: string }).version;

const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  resultTypes: ['violations'],
};

/**
 * How long a screen may stay busy (a spinner, `aria-busy`) before it is checked as it is: busy can
 * be where a screen rests, e.g. the checkout's button while the payment popup is open.
 */
const SETTLE_TIMEOUT = 3_000;

/** Screens already checked in this test file, e.g. "customer /order/:id with an alert". */
const checkedScreens = new Set<string>();
/** Reports of the violations found since the last test ended. */
let pendingReports: string[] = [];

/**
 * Names the screen a page shows: who is signed in, the path with ids left out, and whether a modal
 * dialog or an alert is up (states with markup of their own). Null for what is not one of the
 * shop's screens: a blank page, an image, the API (its Swagger docs are a third party's page).
 */
function screenOf(): string | null {
  if (!/^https?:$/.test(location.protocol) || document.contentType !== 'text/html' || location.pathname.startsWith('/api/')) return null;
  const who = localStorage.getItem('role') ?? 'visitor';
  // Ids and tokens are the long segments with a digit in them.
  const path = location.pathname.replace(/[^/]{16,}/g, (segment) => (/\d/.test(segment) ? ':id' : segment));
  const states = [
    document.querySelector('[role="dialog"][aria-modal="true"], dialog[open]') && 'a dialog',
    [...document.querySelectorAll('[role="alert"]')].some((node) => node.textContent?.trim()) && 'an alert',
  ].filter(Boolean);
  return `${who} ${path}${states.length > 0 ? ` with ${states.join(' and ')}` : ''}`;
}

/** A navigation or a closed page took the screen away mid-check: it is checked when next shown. */
const screenGone = (error: unknown) => /Execution context was destroyed|Cannot find context|detached|Target closed|Session closed/i.test(String(error));

/** What a report needs of a violation; the rest of axe's result stays in the page. */
type Violation = Pick<Result, 'id' | 'impact' | 'help' | 'helpUrl'> & { nodes: Pick<NodeResult, 'target' | 'failureSummary'>[] };

function reportOf(screen: string, violations: Violation[]): string {
  const lines = [`${screen}: ${violations.length} accessibility violation${violations.length === 1 ? '' : 's'}`];
  for (const violation of violations) {
    lines.push(`  ${violation.id} (${violation.impact ?? 'no impact given'}): ${violation.help}`, `    ${violation.helpUrl}`);
    for (const node of violation.nodes) {
      const why = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ');
      lines.push(`    - ${node.target.join(' ')}${why ? `: ${why}` : ''}`);
    }
  }
  return lines.join('\n');
}

/**
 * Checks the screen the page shows with axe, unless this test file has checked it already. It
 * first lets the screen settle: what is loading arrives, and transitions and animations end, so
 * colours are measured as they come to rest. Violations are kept for the end of the test.
 */
export async function checkAccessibility(page: Page): Promise<void> {
  // axe runs as a script in the page: a page with JavaScript turned off cannot be checked.
  if (!enabled || page.isClosed() || !page.isJavaScriptEnabled()) return;
  try {
    const screen = await page.evaluate(screenOf);
    if (screen === null || checkedScreens.has(screen)) return;
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .spinner'), { timeout: SETTLE_TIMEOUT }).catch(() => undefined);
    await page.evaluate(() => {
      for (const animation of document.getAnimations()) {
        try {
          animation.finish();
        } catch {
          /* an endless animation (a spinner) has no end to jump to */
        }
      }
    });
    // Injected once per page load: a page that has axe keeps it until it navigates.
    if (await page.evaluate(() => !('axe' in window))) await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async (options): Promise<Violation[]> => {
      const { violations } = await (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(
        document,
        options,
      );
      return violations.map(({ id, impact, help, helpUrl, nodes }) => ({
        id,
        impact,
        help,
        helpUrl,
        nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
      }));
    }, AXE_OPTIONS);
    checkedScreens.add(screen);
    if (violations.length > 0) pendingReports.push(reportOf(screen, violations));
  } catch (error) {
    if (!screenGone(error)) throw error;
  }
}

/** Checks the screen on show before the page leaves it by going to another address, reloading or going back. */
export function checkBeforeLeaving(page: Page): void {
  if (!enabled) return;
  const { goto, reload, goBack } = page;
  page.goto = async (...args: Parameters<Page['goto']>) => {
    await checkAccessibility(page);
    return goto.apply(page, args);
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    await checkAccessibility(page);
    return reload.apply(page, args);
  };
  page.goBack = async (...args: Parameters<Page['goBack']>) => {
    await checkAccessibility(page);
    return goBack.apply(page, args);
  };
}

/** Throws the violations found during the test that just ended (run after each test: jest.setup.ts). */
export function reportAccessibilityViolations(): void {
  const reports = pendingReports;
  pendingReports = [];
  if (reports.length > 0) {
    throw new Error(`axe-core ${AXE_VERSION}, WCAG 2.2 A and AA rules:\n\n${reports.join('\n\n')}`);
  }
}
