// 4. Frontend: the storefront pages' server time (HTML rendered on the server, beside the shell's
// static index.html from the same server), JS and CSS bytes of their first load from Chromium's
// network log (the early-tap capture inline in the page counted with them), Lighthouse (default
// config: mobile, simulated throttling) on each, and taps before hydration: each page's controls
// tapped on a slowed phone at moments from the first paint to the takeover, by the browser
// journey's own code (tools/e2e/support/early-taps.mts).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import puppeteer from 'puppeteer-core';
import { call, workspaceRoot } from '../lib/api-server.mjs';
import { distRoot } from '../lib/dist-snapshot.mjs';
import { lcpRequests } from '../lib/lantern-lcp.mjs';
import { measuredRow, SkipError } from '../lib/report.mjs';
import { percentile } from '../lib/stats.mjs';
import { withShop } from '../lib/shop.mjs';
import { packageShares } from '../lib/sourcemap.mjs';
import { MOMENTS, prepareTapShop, summarise, tapPages, tapTrial } from '../../e2e/support/early-taps.mts';

const SECTION = 'frontend';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-dev-shm-usage',
];
const JS_GOAL_KB = 150;
const CATEGORIES = [
  { id: 'performance', label: 'performance', goal: 95 },
  { id: 'accessibility', label: 'accessibility', goal: 100 },
  { id: 'best-practices', label: 'best practices', goal: 100 },
  { id: 'seo', label: 'SEO', goal: 95 },
];
/** Lighthouse metrics with a goal of their own (issue 14), in the unit Lighthouse reports (ms, unitless CLS). */
const METRIC_GOALS = [
  { id: 'largest-contentful-paint', label: 'LCP', unit: 'ms', goal: 1800 },
  { id: 'total-blocking-time', label: 'TBT', unit: 'ms', goal: 150 },
  { id: 'cumulative-layout-shift', label: 'CLS', unit: '', goal: 0.02 },
];
/** Taps before hydration (issue 27): none lost or doubled, and the taps' INP (p75 of visits, as Web Vitals rates it) within "good". */
const EARLY_TAPS_INP_GOAL_MS = 200;
/** The early-tap capture rides inline in every server-drawn page: it must stay a few hundred bytes. */
const CAPTURE_GOAL_BYTES = 1024;

/** The server-rendering cost per page: p50 of its HTML beside p50 of the static index.html. */
const RENDER_GOAL_MS = 5;
const HTML_REQUESTS = 200;
const HTML_WARMUP = 20;
const LIGHTHOUSE_DIR = join(workspaceRoot, 'bench/out');
/**
 * The shop as its Docker image runs it (NODE_ENV=production, so React's production server code
 * renders the pages), with the settings production refuses to start without; the Razorpay keys are
 * never used, as nothing is paid here. Production needs PostgreSQL: with --db=embedded the pages
 * are measured as `npm start` serves them (React in development mode, several times slower).
 */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-production-secret-of-at-least-32-characters',
  RAZORPAY_KEY_ID: 'rzp_test_bench',
  RAZORPAY_KEY_SECRET: 'bench-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'bench-webhook-secret',
  SELLER_GSTIN: '33AAFCT5555K1Z2',
  // Production needs a mail server; nothing here reads mail (the early taps' contact and enquiry mails fail to send, and wait in the outbox).
  SMTP_URL: 'smtp://127.0.0.1:9',
  SEED_DEMO_CATALOGUE: 'true',
  LOG_JSON: 'false',
};

/** Where a served URL's file lives in dist/, to read its source map. */
function distFile(url) {
  const { pathname } = new URL(url);
  const remote = /^\/remotes\/(storefront|admin)\/(.+)$/.exec(pathname);
  const file = remote ? join(distRoot(), `${remote[1]}-mfe`, remote[2]) : join(distRoot(), 'shell', pathname);
  return existsSync(file) ? file : null;
}

/**
 * Loads `url` in a fresh browser context and returns every JS and CSS response. Sizes: `gzipBytes`
 * is the response body re-gzipped at level 6 (comparable whatever the server's encoding);
 * `transferBytes` is CDP's encodedDataLength (what went over the wire, brotli where served, headers included).
 */
async function firstLoad(browser, url) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    const responses = new Map();
    const finished = new Map();
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script' || event.type === 'Stylesheet') {
        responses.set(event.requestId, {
          url: event.response.url,
          kind: event.type === 'Script' ? 'js' : 'css',
          status: event.response.status,
          encoding: event.response.headers['content-encoding'] ?? event.response.headers['Content-Encoding'] ?? 'identity',
        });
      }
    });
    cdp.on('Network.loadingFinished', (event) => finished.set(event.requestId, event.encodedDataLength));
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url, { waitUntil: 'networkidle0', timeout: 90_000 });
    const assets = [];
    for (const [requestId, response] of responses) {
      if (!finished.has(requestId)) continue;
      const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
      const raw = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
      assets.push({ ...response, bytes: raw.length, gzipBytes: gzipSync(raw, { level: 6 }).length, transferBytes: finished.get(requestId) });
    }
    return { assets, errors };
  } finally {
    await context.close();
  }
}

/** Estimated gzip KB per package: each file's gzip size split by its source map's character shares. */
function composition(assets) {
  const totals = new Map();
  for (const asset of assets.filter((a) => a.kind === 'js')) {
    const file = distFile(asset.url);
    const shares = file ? packageShares(file) : null;
    if (!shares) {
      totals.set('(no source map)', (totals.get('(no source map)') ?? 0) + asset.gzipBytes);
      continue;
    }
    const characters = [...shares.values()].reduce((sum, n) => sum + n, 0);
    for (const [owner, count] of shares) totals.set(owner, (totals.get(owner) ?? 0) + (asset.gzipBytes * count) / characters);
  }
  return [...totals.entries()].map(([owner, bytes]) => ({ owner, kb: +(bytes / 1024).toFixed(1) })).sort((a, b) => b.kb - a.kb);
}

function failingAudits(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 0.9)
    .map((ref) => ({ id: ref.id, title: lhr.audits[ref.id].title, score: lhr.audits[ref.id].score, displayValue: lhr.audits[ref.id].displayValue ?? '' }));
}

/**
 * The same page's TBT under Lighthouse with every script blocked: what its HTML, styles, layout and
 * paint cost on this machine's Chromium, the reference for the TBT the page has with its code. On a
 * machine whose browser is slow at its own work (Lighthouse's benchmarkIndex times JavaScript only),
 * this floor alone can miss the goal; the reference tells that apart from what the code costs.
 */
async function tbtWithoutScripts(url, port, config) {
  const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], blockedUrlPatterns: ['*.js'] }, config);
  return lhr.runtimeError ? null : Math.round(lhr.audits['total-blocking-time'].numericValue);
}

/** Lighthouse's default (mobile) configuration, with another CPU slowdown when one is asked for. */
function lighthouseConfig(cpuSlowdown) {
  if (cpuSlowdown === null) return undefined;
  return { extends: 'lighthouse:default', settings: { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown } } };
}

/** Milliseconds to the whole body of `url`, one request at a time (the server's time per page, plus loopback). */
async function htmlTimes(url, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = process.hrtime.bigint();
    const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return times;
}

/** The requests Lighthouse's simulated LCP replayed, and a note naming them for a page that misses the goal. */
async function lcpCounted(result) {
  try {
    const requests = await lcpRequests(result);
    const total = requests.reduce((sum, request) => sum + request.kb, 0);
    return {
      requests,
      note: `simulated ${requests.length} requests finished before the paint, ${total.toFixed(1)} KB: ${requests.map((r) => `${r.path} ${r.kb} KB`).join(', ')}`,
    };
  } catch (error) {
    return { requests: null, note: `Lighthouse's LCP graph could not be read: ${error.message}` };
  }
}

/** The inline scripts of a server-drawn page that run (not JSON or JSON-LD): the early-tap capture. */
async function inlineScripts(url) {
  const html = await (await fetch(url)).text();
  return [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]);
}

/**
 * Every page's controls tapped at each moment (tools/e2e/support/early-taps.mts), one fresh visitor
 * per page and moment: how many taps were lost or doubled, and their Event Timing.
 */
async function earlyTaps(browser, url, labels, moments, log) {
  const shop = await prepareTapShop(url);
  const trials = [];
  for (const tapPage of tapPages(shop).filter((candidate) => labels.includes(pageLabel(candidate.path)))) {
    for (const moment of moments) {
      const trial = await tapTrial(browser, shop, tapPage, moment);
      trials.push({ ...trial, page: pageLabel(tapPage.path) });
      // The next visitor adds the product to a wishlist that does not hold it yet.
      await fetch(`${url}/api/wishlist/${shop.product._id}`, { method: 'DELETE', headers: { authorization: `Bearer ${shop.customer.token}` } });
      const missed = trial.taps.filter((tap) => tap.times !== 1);
      log(
        `early taps ${pageLabel(tapPage.path)} at ${moment.name}: ${trial.taps.length - missed.length} of ${trial.taps.length} once` +
          `${missed.length ? ` (${missed.map((tap) => `${tap.control} ${tap.times}×`).join(', ')})` : ''}, longest interaction ${trial.worstInteraction?.duration ?? '< 16'} ms`,
      );
    }
  }
  return trials;
}

const pageLabel = (path) => path.replace(/^((?:\/ta)?\/product\/)[^/?]+/, '$1:id');

const kb = (bytes) => bytes / 1024;
const sum = (assets, kind, field) => assets.filter((a) => a.kind === kind).reduce((total, a) => total + a[field], 0);

export default {
  name: SECTION,
  title: 'Frontend first load (JS/CSS gzip from the network log) and Lighthouse (mobile)',
  async run({ options, log }) {
    if (!existsSync(join(distRoot(), 'shell/index.html'))) throw new SkipError('the frontends are not built (dist/shell/index.html missing)');
    if (!existsSync(CHROMIUM)) throw new SkipError(`Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
    const production = options.database !== 'embedded';
    const shop = production ? { database: 'postgres', env: PRODUCTION_ENV } : { database: options.database };
    return withShop({ label: SECTION, ...shop, profile: options.profile, log }, async ({ api }) => {
      log(production ? 'NODE_ENV=production on PostgreSQL, as the Docker image runs' : 'embedded database, NODE_ENV unset, as npm start runs');
      const products = (await call(api.url, 'GET', '/api/products')).json?.data ?? [];
      const pages = [
        { path: '/' },
        { path: '/products' },
        { path: '/products?type=flower' },
        ...(products.length > 0 ? [{ path: `/product/${products[0]._id}`, label: '/product/:id' }] : []),
        { path: '/about' },
        { path: '/contact' },
        // The wholesale enquiry page, once the storefront has it.
        ...((await call(api.url, 'GET', '/export')).status === 200 ? [{ path: '/export' }] : []),
        // The Tamil pages (docs/tamil.md) hold to the same budgets.
        { path: '/ta/' },
        { path: '/ta/products' },
        ...(products.length > 0 ? [{ path: `/ta/product/${products[0]._id}`, label: '/ta/product/:id' }] : []),
      ];
      const rows = [];

      // Server time: each page's HTML beside the static index.html, same server, same client. Rendered
      // pages are kept in the catalogue's cache, so the cost of rendering is measured on addresses it
      // does not keep (an extra query parameter the page ignores); the kept page's time is in the note.
      const samples = options.quick ? 40 : HTML_REQUESTS;
      await htmlTimes(`${api.url}/index.html`, HTML_WARMUP);
      const staticP50 = percentile(await htmlTimes(`${api.url}/index.html`, samples), 50);
      let fresh = 0;
      const freshAddress = (path) => `${api.url}${path}${path.includes('?') ? '&' : '?'}bench=${(fresh += 1)}`;
      for (const page of pages) {
        const label = page.label ?? page.path;
        const rendered = [];
        for (let i = 0; i < HTML_WARMUP + samples; i++) rendered.push(...(await htmlTimes(freshAddress(page.path), 1)));
        const renderedP50 = percentile(rendered.slice(HTML_WARMUP), 50);
        await htmlTimes(`${api.url}${page.path}`, HTML_WARMUP);
        const cachedP50 = percentile(await htmlTimes(`${api.url}${page.path}`, samples), 50);
        rows.push(
          measuredRow({
            section: SECTION,
            benchmark: `HTML p50 added by server rendering ${label}`,
            measured: +(renderedP50 - staticP50).toFixed(2),
            unit: 'ms',
            goal: { on: 'measured', op: '<=', value: RENDER_GOAL_MS },
            note: `rendered ${renderedP50.toFixed(2)} ms, from the page cache ${cachedP50.toFixed(2)} ms, static index.html ${staticP50.toFixed(2)} ms`,
            details: { renderedP50Ms: +renderedP50.toFixed(3), cachedP50Ms: +cachedP50.toFixed(3), staticIndexP50Ms: +staticP50.toFixed(3), requests: samples },
          }),
        );
      }

      const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      try {
        const capture = (await inlineScripts(`${api.url}/`)).join('');
        const captureGzip = capture ? gzipSync(Buffer.from(capture), { level: 6 }).length : 0;
        rows.push(
          measuredRow({
            section: SECTION,
            benchmark: 'early-tap capture inline in each server-drawn page',
            measured: Buffer.byteLength(capture),
            unit: 'B',
            goal: { on: 'measured', op: '<=', value: CAPTURE_GOAL_BYTES },
            note: capture ? `${captureGzip} B gzip, counted in each page's first-load JS` : 'no inline script on /',
          }),
        );
        for (const page of pages) {
          const label = page.label ?? page.path;
          const { assets, errors } = await firstLoad(browser, `${api.url}${page.path}`);
          const js = kb(sum(assets, 'js', 'gzipBytes') + captureGzip);
          const css = kb(sum(assets, 'css', 'gzipBytes'));
          const parts = composition(assets);
          log(
            `${label}: ${js.toFixed(1)} KB gzip JS in ${assets.filter((a) => a.kind === 'js').length} files, ${css.toFixed(1)} KB CSS; largest: ${parts
              .slice(0, 6)
              .map((p) => `${p.owner} ${p.kb}`)
              .join(', ')}`,
          );
          rows.push(
            measuredRow({
              section: SECTION,
              benchmark: `first-load JS gzip ${label}`,
              measured: js,
              unit: 'KB',
              goal: { on: 'measured', op: '<=', value: JS_GOAL_KB },
              note: [
                `CSS ${css.toFixed(1)} KB`,
                captureGzip ? `incl. ${captureGzip} B inline capture` : '',
                `wire ${kb(sum(assets, 'js', 'transferBytes') + sum(assets, 'css', 'transferBytes')).toFixed(1)} KB`,
                errors.length ? `${errors.length} page errors` : '',
              ]
                .filter(Boolean)
                .join(', '),
              details: {
                measure: 'response bodies re-gzipped at level 6; transferBytes = CDP encodedDataLength (as served, headers included)',
                jsGzipKB: +js.toFixed(1),
                inlineCaptureGzipBytes: captureGzip,
                cssGzipKB: +css.toFixed(1),
                files: assets.map((a) => ({
                  url: new URL(a.url).pathname,
                  kind: a.kind,
                  bytes: a.bytes,
                  gzipBytes: a.gzipBytes,
                  transferBytes: a.transferBytes,
                  encoding: a.encoding,
                })),
                compositionKB: parts,
                pageErrors: errors,
              },
            }),
          );
        }

        const port = Number(new URL(browser.wsEndpoint()).port);
        const config = lighthouseConfig(options.cpuSlowdown);
        // Reports of a slowed-down run go beside, not over, the ones results.json was made from.
        const reportDir = options.cpuSlowdown === null ? LIGHTHOUSE_DIR : join(LIGHTHOUSE_DIR, `cpu-slowdown-${options.cpuSlowdown}`);
        mkdirSync(reportDir, { recursive: true });
        for (const page of pages) {
          const label = page.label ?? page.path;
          log(`Lighthouse ${label}`);
          const audit = () =>
            lighthouse(`${api.url}${page.path}`, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES.map((c) => c.id) }, config);
          let result = await audit();
          // Now and then Chromium's trace of a load misses its start (NO_NAVSTART): that load is taken again.
          if (result.lhr.runtimeError) result = await audit();
          const { lhr } = result;
          writeFileSync(join(reportDir, `lighthouse${label === '/' ? '_home' : label.replace(/[/:]+/g, '_')}.json`), result.report);
          if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${label}: ${lhr.runtimeError.message}`);
          const metrics = Object.fromEntries(
            ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => [
              id,
              lhr.audits[id]?.displayValue ?? null,
            ]),
          );
          for (const category of CATEGORIES) {
            const score = lhr.categories[category.id].score === null ? null : Math.round(lhr.categories[category.id].score * 100);
            const failing = failingAudits(lhr, category.id);
            rows.push(
              measuredRow({
                section: SECTION,
                benchmark: `Lighthouse ${category.label} ${label}`,
                measured: score,
                unit: 'score',
                goal: { on: 'measured', op: '>=', value: category.goal },
                note:
                  score !== null && score < category.goal
                    ? failing
                        .slice(0, 3)
                        .map((a) => `${a.id}${a.displayValue ? ` ${a.displayValue}` : ''}`)
                        .join('; ')
                    : '',
                details: { failingAudits: failing, ...(category.id === 'performance' ? { metrics } : {}) },
              }),
            );
          }
          for (const metric of METRIC_GOALS) {
            const value = lhr.audits[metric.id]?.numericValue;
            const lcp = metric.id === 'largest-contentful-paint' ? await lcpCounted(result) : null;
            const tbt = metric.id === 'total-blocking-time';
            const floor = tbt ? await tbtWithoutScripts(`${api.url}${page.path}`, port, config) : null;
            rows.push(
              measuredRow({
                section: SECTION,
                benchmark: `Lighthouse ${metric.label} ${label}`,
                measured: value === undefined ? null : +value.toFixed(metric.unit === 'ms' ? 0 : 3),
                unit: metric.unit,
                reference: floor,
                referenceLabel: tbt ? 'without scripts' : '',
                goal: { on: 'measured', op: '<=', value: metric.goal },
                note: lcp && value > metric.goal ? lcp.note : tbt ? `benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}` : '',
                details: lcp
                  ? { simulatedRequests: lcp.requests }
                  : tbt
                    ? { withoutScriptsMs: floor, benchmarkIndex: lhr.environment.benchmarkIndex }
                    : undefined,
              }),
            );
          }
        }

        // Taps before hydration, on a slowed phone (4× CPU, 150 ms / 1.6 Mbit/s): --quick taps at the first and the last moment only.
        const moments = options.quick ? [MOMENTS[0], MOMENTS.at(-1)] : MOMENTS;
        const trials = await earlyTaps(
          browser,
          api.url,
          pages.map((page) => page.label ?? page.path),
          moments,
          log,
        );
        const total = summarise(trials);
        rows.push(
          measuredRow({
            section: SECTION,
            benchmark: 'lost taps: taps before the takeover lost or doubled',
            measured: total.lost + total.doubled,
            unit: 'count',
            goal: { on: 'measured', op: '<=', value: 0 },
            note: `${total.taps} taps on ${new Set(trials.map((trial) => trial.page)).size} pages at ${moments.length} moments, ${total.beforeTakeover} before the takeover: ${total.lost} lost, ${total.doubled} doubled`,
            details: { moments: moments.map(({ name, says }) => ({ name, says })), taps: trials.flatMap((trial) => trial.taps) },
          }),
        );
        // A visit's INP is its longest interaction; Web Vitals rates a page by the 75th percentile of its visits.
        const visits = trials.map((trial) => trial.worstInteraction?.duration ?? 0);
        const worst = total.worstInteraction;
        rows.push(
          measuredRow({
            section: SECTION,
            benchmark: 'INP of the early taps (p75 of visits)',
            measured: percentile(visits, 75),
            unit: 'ms',
            goal: { on: 'measured', op: '<=', value: EARLY_TAPS_INP_GOAL_MS },
            note: worst
              ? `longest ${worst.duration} ms (${worst.name}) on ${worst.page} at ${worst.moment}: ${worst.delay} ms waiting for the main thread, ${worst.handlers} ms handlers, ${worst.paint} ms to the paint`
              : 'no interaction took 16 ms',
            details: {
              visits: trials.map(({ page, moment, worstInteraction, firstPaintMs, takenOverMs }) => ({
                page,
                moment,
                worstInteraction,
                firstPaintMs,
                takenOverMs,
              })),
            },
          }),
        );
      } finally {
        await browser.close();
      }
      return rows;
    });
  },
};
