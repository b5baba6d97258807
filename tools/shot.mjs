/* global document -- read in page.evaluate callbacks, which run in the browser */
import puppeteer from 'puppeteer-core';
const [url, out, w] = process.argv.slice(2);
const browser = await puppeteer.launch({
  executablePath: '/usr/lib/chromium/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const page = await browser.newPage();
await page.setViewport({ width: Number(w || 1280), height: 900 });
const logs = [];
page.on('console', (m) => logs.push(m.type() + ': ' + m.text()));
page.on('pageerror', (e) => logs.push('pageerror: ' + e.message));
page.on('requestfailed', (r) => logs.push('failed: ' + r.url()));
const scripts = [];
page.on('request', (r) => {
  if (r.resourceType() === 'script') scripts.push(r.url());
});
await page.goto(url, { waitUntil: 'networkidle0' });
await new Promise((r) => setTimeout(r, 500));
await page.screenshot({ path: out, fullPage: false });
console.log(logs.join('\n'));
console.log('scripts:', scripts.map((s) => s.replace(/^http:\/\/[^/]+/, '')).join(' '));
console.log('text:', (await page.evaluate(() => document.body.innerText)).slice(0, 300));
await browser.close();
