import { createHash } from 'node:crypto';
import { generatePath } from 'react-router';
import { EARLY_TAPS_SCRIPT, type SubscriptionPlan } from '@thalir/contracts';
import { PAGES, pathInLanguage, type Page } from '@thalir/pages';
import { builtFrontends } from './built-frontends';
import { insertProducts, rosePicture, sendForm } from './catalog-fixtures';
import { schemaOrgProblems } from './schema-org';
import { seedProducts } from './shop-fixtures';
import { createPlan } from './subscription-fixtures';
import { createTestApp, type TestApp, type TestUser } from './test-app';
import { PageRenderer } from '../src/web/pages/page-renderer';

const PUBLIC_URL = 'https://shop.thalir.example';

/** The head's <meta> values by name or property, the JSON-LD objects, and the rest of the page. */
function readPage(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (key: string) => {
    const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(head);
    return match
      ? match[1]
          .replace(/&amp;/g, '&')
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
      : undefined;
  };
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]));
  const pageData = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html)?.[1];
  return {
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1],
    meta,
    jsonLd,
    byType: (type: string) => jsonLd.find((item) => item['@type'] === type),
    root: /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '',
    pageData: pageData === undefined ? undefined : JSON.parse(pageData),
  };
}

/** What a drawn part of a page reads as: its text without tags (nor React's text separators). */
const textOf = (html: string) => html.replace(/<[^>]*>/g, '');

/** A plan on sale: three of `productId` each morning, ₹60 a delivery, in packs of 7, 15 and 30. */
const roseMornings = (t: TestApp, staff: TestUser, productId: string) =>
  createPlan(t, staff, [{ productId, quantity: 3 }], {
    name: 'Rose mornings',
    slug: 'rose-mornings',
    description: 'Three velvet roses for the morning vase. Cut at first bloom.',
    frequencies: ['daily', 'weekdays'],
  });

describe('storefront pages rendered on the server', () => {
  let t: TestApp;
  let admin: TestUser;
  let rose: { _id: string; name: string; price: number };
  let plan: SubscriptionPlan;

  beforeAll(async () => {
    const webRoot = builtFrontends();
    t = await createTestApp({ WEB_ROOT: webRoot, PUBLIC_URL });
    admin = await t.createUser({ role: 'admin' });
    const created = await sendForm(t, 'POST', '/api/products', admin.token, {
      name: 'Velvet Red Rose',
      price: '1250.5',
      stock: '3',
      type: 'flower',
      description: 'Deep red roses with a velvet sheen. Cut at first bloom for a long vase life.',
      image: await rosePicture(),
    });
    expect(created.status).toBe(201);
    rose = created.body.data;
    plan = await roseMornings(t, admin, rose._id);
  }, 240_000);

  afterAll(() => t?.close());

  it('describes a product page by its product: title, description with the price in ₹, canonical link, Open Graph and Twitter tags', async () => {
    const res = await t.request('GET', `/product/${rose._id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = readPage(res.body);
    expect(page.title).toBe('Velvet Red Rose · Thalir Blooms');
    expect(page.meta('description')).toBe('₹1,250.50 · Deep red roses with a velvet sheen.');
    expect(page.canonical).toBe(`${PUBLIC_URL}/product/${rose._id}`);
    expect(page.meta('og:title')).toBe('Velvet Red Rose · Thalir Blooms');
    expect(page.meta('og:description')).toBe('₹1,250.50 · Deep red roses with a velvet sheen.');
    expect(page.meta('og:type')).toBe('product');
    expect(page.meta('og:url')).toBe(`${PUBLIC_URL}/product/${rose._id}`);
    expect(page.meta('og:site_name')).toBe('Thalir Blooms');
    expect(page.meta('og:locale')).toBe('en_IN');
    expect(page.meta('og:image')).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/.+-card\\.webp$`));
    expect(page.meta('twitter:card')).toBe('summary');
    expect(page.meta('twitter:image')).toBe(page.meta('og:image'));
    expect(page.meta('product:price:amount')).toBe('1250.50');
    expect(page.meta('robots')).toBeUndefined();
    // The picture the preview names is really there.
    expect((await t.request('GET', new URL(page.meta('og:image')!).pathname)).status).toBe(200);
  });

  it('sends the product in the HTML, drawn by the storefront’s own components, with the data it was drawn from', async () => {
    const page = readPage((await t.request('GET', `/product/${rose._id}`)).body);
    expect(page.root).toContain('<h1 class="product__name">Velvet Red Rose</h1>');
    expect(page.root).toContain('<p class="product__price">₹1,250.50</p>');
    expect(page.root).toContain('Deep red roses with a velvet sheen');
    expect(page.root).toMatch(/<img [^>]*width="1000" height="1000" alt="Velvet Red Rose"/);
    expect(page.root).toContain('In Stock');
    expect(page.root).toContain('Add to Cart');
    // The header and footer come from the shell, around the storefront's screen.
    expect(page.root).toMatch(/<header class="site-header">[\s\S]*<main id="main" class="site-main">[\s\S]*<footer class="site-footer">/);
    expect(page.pageData).toEqual({ [`/api/products/${rose._id}`]: (await t.request('GET', `/api/products/${rose._id}`)).body });
  });

  it('gives a product page Product (with its Offer) and BreadcrumbList JSON-LD that schema.org validates, and flips availability when the stock runs out', async () => {
    let page = readPage((await t.request('GET', `/product/${rose._id}`)).body);
    const product = page.byType('Product');
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Velvet Red Rose',
      sku: rose._id,
      offers: {
        '@type': 'Offer',
        price: '1250.50',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        url: `${PUBLIC_URL}/product/${rose._id}`,
      },
    });
    expect(product.image[0]).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/`));
    const breadcrumbs = page.byType('BreadcrumbList');
    expect(breadcrumbs.itemListElement.map((item: { name: string; position: number }) => [item.position, item.name])).toEqual([
      [1, 'Home'],
      [2, 'Shop'],
      [3, 'Velvet Red Rose'],
    ]);
    expect(schemaOrgProblems(page.jsonLd)).toEqual([]);
    // The check is real: a misspelt property and an availability outside ItemAvailability fail it.
    expect(schemaOrgProblems({ ...product, colour: 'red', offers: { ...product.offers, availability: 'https://schema.org/Plenty' } })).toHaveLength(2);

    expect((await sendForm(t, 'PUT', `/api/admin/products/${rose._id}`, admin.token, { stock: '0' })).status).toBe(200);
    page = readPage((await t.request('GET', `/product/${rose._id}`)).body);
    expect(page.byType('Product').offers.availability).toBe('https://schema.org/OutOfStock');
    expect(page.meta('description')).toBe('₹1,250.50 (out of stock) · Deep red roses with a velvet sheen.');
    expect(page.root).toContain('Out of Stock');
    expect(page.root).not.toContain('Add to Cart');
    expect(schemaOrgProblems(page.jsonLd)).toEqual([]);
    await sendForm(t, 'PUT', `/api/admin/products/${rose._id}`, admin.token, { stock: '3' });
  });

  it('draws again only the pages that show a product whose stock moved', async () => {
    const [fern] = await insertProducts(t, [{ name: 'Maidenhair Fern', type: 'green_leaf', stock: 8 }]);
    const addresses = [`/product/${rose._id}`, `/product/${fern}`, '/about', '/products?type=green_leaf'];
    for (const address of addresses) expect((await t.request('GET', address)).status).toBe(200);
    const draws = jest.spyOn(PageRenderer.prototype as unknown as { serverRender: () => Promise<string> }, 'serverRender');
    try {
      await t.dataSource.query(`UPDATE products SET stock = stock - 1, updated_at = now() WHERE id = $1`, [rose._id]);
      for (const address of addresses) expect((await t.request('GET', address)).status).toBe(200);
      expect(draws).toHaveBeenCalledTimes(1);
      await t.dataSource.query(`UPDATE products SET stock = stock - 1, updated_at = now() WHERE id = $1`, [fern]);
      for (const address of addresses) expect((await t.request('GET', address)).status).toBe(200);
      expect(draws).toHaveBeenCalledTimes(3);
    } finally {
      draws.mockRestore();
      await t.dataSource.query(`UPDATE products SET stock = 3 WHERE id = $1`, [rose._id]);
    }
  });

  it('tells the home page’s Organization and WebSite (with its product search) in JSON-LD that schema.org validates', async () => {
    const res = await t.request('GET', '/');
    expect(res.status).toBe(200);
    const page = readPage(res.body);
    expect(page.title).toBe('Thalir Blooms · Fresh flowers from Hosur');
    expect(page.canonical).toBe(`${PUBLIC_URL}/`);
    expect(page.byType('Organization')).toMatchObject({ name: 'Thalir Blooms', legalName: 'Thalir Blooms Exports Pvt. Ltd.', url: `${PUBLIC_URL}/` });
    expect(page.byType('WebSite').potentialAction).toMatchObject({
      '@type': 'SearchAction',
      target: { urlTemplate: `${PUBLIC_URL}/products?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    });
    expect(schemaOrgProblems(page.jsonLd)).toEqual([]);
    expect(page.meta('og:image')).toBe(`${PUBLIC_URL}/share-image.png`);
    const picture = await t.request('GET', '/share-image.png');
    expect(picture.headers['content-type']).toBe('image/png');
    // The hero, the featured products and the plans are in the HTML.
    expect(page.root).toContain('Fresh from Hosur’s greenhouses to flower markets worldwide');
    expect(page.root).toContain('Velvet Red Rose');
    expect(page.root).toContain('href="/subscribe/rose-mornings"');
  });

  it('says what a filtered or searched list holds, and keeps search results out of the index', async () => {
    const leaves = readPage((await t.request('GET', '/products?type=green_leaf&sort=price')).body);
    expect(leaves.title).toBe('Green leaves · Shop · Thalir Blooms');
    expect(leaves.meta('description')).toMatch(/^Green leaves at Thalir Blooms: /);
    expect(leaves.canonical).toBe(`${PUBLIC_URL}/products?type=green_leaf`);
    expect(leaves.meta('robots')).toBeUndefined();

    const flowers = readPage((await t.request('GET', '/products?type=flower')).body);
    expect(flowers.title).toBe('Flowers · Shop · Thalir Blooms');
    expect(flowers.root).toContain('<h2 class="product-card__name">Velvet Red Rose</h2>');
    expect(flowers.root).toMatch(/<img [^>]*width="480" height="480" alt="Velvet Red Rose"/);

    const search = readPage((await t.request('GET', '/products?q=velvet')).body);
    expect(search.meta('robots')).toBe('noindex');
    expect(search.meta('description')).toContain('“velvet”');
  });

  it('answers 404 for a page of the list past its last one, so an empty page is never indexed', async () => {
    const res = await t.request('GET', '/products?type=flower&page=40');
    expect(res.status).toBe(404);
    const page = readPage(res.body);
    expect(page.meta('robots')).toBe('noindex');
    expect(page.canonical).toBeUndefined();
    expect(page.root).toContain('This page is past the end of the list: it has 1 page.');
    expect((await t.request('GET', '/products?type=flower&page=1')).status).toBe(200);
  });

  it('gives /about and /contact heads of their own', async () => {
    const about = readPage((await t.request('GET', '/about')).body);
    const contact = readPage((await t.request('GET', '/contact')).body);
    expect(about.title).toBe('About · Thalir Blooms');
    expect(contact.title).toBe('Contact · Thalir Blooms');
    expect(about.meta('description')).not.toBe(contact.meta('description'));
    expect(about.canonical).toBe(`${PUBLIC_URL}/about`);
    expect(contact.canonical).toBe(`${PUBLIC_URL}/contact`);
  });

  it('describes /export and sends its quote form with the catalogue in the HTML', async () => {
    const res = await t.request('GET', '/export');
    expect(res.status).toBe(200);
    const page = readPage(res.body);
    expect(page.title).toBe('Wholesale and export · Thalir Blooms');
    expect(page.canonical).toBe(`${PUBLIC_URL}/export`);
    expect(page.meta('description')).toContain('Request a quote');
    expect(res.body).toContain('Request a wholesale quote');
    expect(res.body).toContain('name="productIds"');
  });

  it('describes a plan’s page by its plan: title, description with the price of a delivery, canonical link, and Product JSON-LD with an Offer per pack that schema.org validates', async () => {
    const res = await t.request('GET', '/subscribe/rose-mornings');
    expect(res.status).toBe(200);
    const page = readPage(res.body);
    expect(page.title).toBe('Rose mornings · Thalir Blooms');
    const description =
      '₹60.00 a delivery, every day or on the days of the week you choose, in packs of 7, 15 or 30 deliveries. Three velvet roses for the morning vase.';
    expect(page.meta('description')).toBe(description);
    expect(page.meta('og:description')).toBe(description);
    expect(page.canonical).toBe(`${PUBLIC_URL}/subscribe/rose-mornings`);
    expect(page.meta('og:type')).toBe('product');
    expect(page.meta('robots')).toBeUndefined();
    const product = page.byType('Product');
    expect(product).toMatchObject({ name: 'Rose mornings', sku: 'rose-mornings', description: plan.description, brand: { name: 'Thalir Blooms' } });
    // A pack is what is paid for at once: its Offer's price is the pack's, the price of a delivery its unit price.
    expect(
      product.offers.map((offer: { name: string; price: string; priceCurrency: string; priceSpecification: { price: string }; url: string }) => [
        offer.name,
        offer.price,
        offer.priceCurrency,
        offer.priceSpecification.price,
        offer.url,
      ]),
    ).toEqual(
      [
        ['7 deliveries', '420.00'],
        ['15 deliveries', '900.00'],
        ['30 deliveries', '1800.00'],
      ].map(([name, price]) => [name, price, 'INR', '60.00', `${PUBLIC_URL}/subscribe/rose-mornings`]),
    );
    expect(
      page.byType('BreadcrumbList').itemListElement.map((item: { position: number; name: string; item: string }) => [item.position, item.name, item.item]),
    ).toEqual([
      [1, 'Home', `${PUBLIC_URL}/`],
      [2, 'Flower subscriptions', `${PUBLIC_URL}/subscribe`],
      [3, 'Rose mornings', `${PUBLIC_URL}/subscribe/rose-mornings`],
    ]);
    expect(schemaOrgProblems(page.jsonLd)).toEqual([]);
  });

  it('sends the plan in the HTML, drawn by the storefront’s own components, with the data it was drawn from and the sign-in prompt for the form', async () => {
    const page = readPage((await t.request('GET', '/subscribe/rose-mornings')).body);
    expect(page.root).toContain('<h1 class="plan__name">Rose mornings</h1>');
    const text = textOf(page.root);
    for (const shown of [
      '₹60.00 a delivery',
      '3 × Velvet Red Rose',
      '7 deliveries ₹420.00',
      '30 deliveries ₹1,800.00',
      'Every day, Chosen days of the week',
      'Morning 8–12',
    ]) {
      expect({ shown, found: text.includes(shown) }).toEqual({ shown, found: true });
    }
    expect(text).toContain('Please log in to subscribe.');
    expect(page.pageData).toEqual({ '/api/subscription-plans/rose-mornings': (await t.request('GET', '/api/subscription-plans/rose-mornings')).body });
  });

  it('lists the plans on /subscribe and links the shop to them', async () => {
    const plans = readPage((await t.request('GET', '/subscribe')).body);
    expect(plans.title).toBe('Flower subscriptions · Thalir Blooms');
    expect(plans.canonical).toBe(`${PUBLIC_URL}/subscribe`);
    expect(plans.meta('description')).toMatch(/^Flower subscriptions from Thalir Blooms: /);
    expect(plans.root).toContain('href="/subscribe/rose-mornings"');
    expect(textOf(plans.root)).toContain('₹60.00 a delivery');
    expect(readPage((await t.request('GET', '/products')).body).root).toContain('href="/subscribe/rose-mornings"');
  });

  it('answers 404 with the not-found page for a plan unknown or not on sale, and draws a plan’s pages again when staff change it', async () => {
    const unknown = await t.request('GET', '/subscribe/no-such-plan');
    expect(unknown.status).toBe(404);
    expect(readPage(unknown.body).root).toContain('This page has wandered off');
    expect(readPage(unknown.body).meta('robots')).toBe('noindex');
    expect(readPage(unknown.body).canonical).toBeUndefined();

    const change = (body: Record<string, unknown>) => t.request('PUT', `/api/admin/subscription-plans/${plan._id}`, { token: admin.token, body });
    try {
      expect((await t.request('GET', '/subscribe/rose-mornings')).status).toBe(200);
      expect((await change({ pricePerDelivery: 65 })).status).toBe(200);
      const repriced = readPage((await t.request('GET', '/subscribe/rose-mornings')).body);
      expect(repriced.meta('description')).toMatch(/^₹65\.00 a delivery/);
      expect(textOf(repriced.root)).toContain('7 deliveries ₹455.00');
      expect(textOf(readPage((await t.request('GET', '/subscribe')).body).root)).toContain('₹65.00 a delivery');

      expect((await change({ active: false })).status).toBe(200);
      const stopped = await t.request('GET', '/subscribe/rose-mornings');
      expect(stopped.status).toBe(404);
      expect(readPage(stopped.body).root).toContain('This page has wandered off');
      expect(readPage((await t.request('GET', '/')).body).root).not.toContain('href="/subscribe/rose-mornings"');
    } finally {
      await change({ pricePerDelivery: 60, active: true });
    }
    expect((await t.request('GET', '/subscribe/rose-mornings')).status).toBe(200);
  });

  it('answers 404 with the storefront’s not-found page for unknown addresses and products, deleted ones included', async () => {
    const unknownPage = await t.request('GET', '/no-such-page');
    expect(unknownPage.status).toBe(404);
    expect(readPage(unknownPage.body).root).toContain('This page has wandered off');
    expect(readPage(unknownPage.body).meta('robots')).toBe('noindex');

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await t.request('GET', `/product/${id}`);
      expect(res.status).toBe(404);
      expect(readPage(res.body).root).toContain('Product not found');
      expect(readPage(res.body).meta('robots')).toBe('noindex');
    }

    const created = await sendForm(t, 'POST', '/api/products', admin.token, {
      name: 'Short-lived Tulip',
      price: '99',
      type: 'flower',
      image: await rosePicture('#aa3377'),
    });
    expect((await t.request('GET', `/product/${created.body.data._id}`)).status).toBe(200);
    expect((await t.request('DELETE', `/api/products/${created.body.data._id}`, { token: admin.token })).status).toBe(200);
    expect((await t.request('GET', `/product/${created.body.data._id}`)).status).toBe(404);
  });

  it('reads a percent-encoded address as the browser’s router does: the same product, or the same not-found page', async () => {
    const encodedId = rose._id.replace(/-/g, '%2D');
    const encoded = await t.request('GET', `/product/${encodedId}`);
    expect(encoded.status).toBe(200);
    expect(readPage(encoded.body).root).toContain('<h1 class="product__name">Velvet Red Rose</h1>');
    expect(readPage(encoded.body).pageData).toHaveProperty([`/api/products/${rose._id}`]);

    for (const path of ['/product/%3Cscript%3Ealert(1)%3C%2Fscript%3E', '/product/%2F', '/product/%E2%9C%BF']) {
      const res = await t.request('GET', path);
      expect(res.status).toBe(404);
      const page = readPage(res.body);
      expect(page.title).toBe('Product not found · Thalir Blooms');
      expect(page.root).toContain('Product not found');
      expect(page.root).not.toContain('Loading product');
      expect(res.body).not.toContain('<script>alert');
    }
  });

  it('keeps account, cart, checkout and admin pages out of search results and draws them in the browser', async () => {
    for (const path of ['/cart', '/checkout', '/profile', '/my-orders', '/wishlist', '/login', '/admin', '/admin/products']) {
      const res = await t.request('GET', path);
      expect(res.status).toBe(200);
      expect(res.body).toContain('<meta name="robots" content="noindex"/>');
      expect(readPage(res.body).root).toBe('');
    }
  });

  it('answers every page of the manifest as its entry says: a public one drawn here with its canonical link, a private one left to the browser with noindex', async () => {
    for (const page of Object.values<Page>(PAGES)) {
      const path = generatePath(page.path, { id: rose._id, slug: plan.slug, resetToken: 'a-token', token: 'a-token' });
      const res = await t.request('GET', path);
      const { root, canonical } = readPage(res.body);
      const noindex = res.body.includes('<meta name="robots" content="noindex"/>');
      const expected = page.access === 'public' ? { noindex: false, drawnHere: true, canonical: PUBLIC_URL + path } : { noindex: true, drawnHere: false };
      expect({ path, status: res.status, noindex, drawnHere: root !== '', ...(page.access === 'public' && { canonical }) }).toEqual({
        path,
        status: 200,
        ...expected,
      });
    }
  });

  it('has a drawn page run its code after its first paint (fetched early, at low priority), and a page drawn in the browser at once', async () => {
    const drawn = (await t.request('GET', `/product/${rose._id}`)).body;
    const start = /<script defer src="(\/start-app\.[0-9a-f]{12}\.js)" data-main="(\/main\.[0-9a-f]{12}\.js)"><\/script>/.exec(drawn);
    expect(start).not.toBeNull();
    expect(drawn).not.toContain('<script defer="defer" src="/main.');
    const [, startScript, main] = start!;
    expect(drawn).toContain(`<link rel="preload" as="script" href="${main}" fetchpriority="low"/>`);
    const served = await t.request('GET', startScript);
    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.body).toContain('PerformanceObserver');
    expect((await t.request('GET', main)).status).toBe(200);

    const inBrowser = (await t.request('GET', '/cart')).body;
    expect(inBrowser).toContain(`<script defer="defer" src="${main}" data-start-after-paint="${startScript}"></script>`);
  });

  it('puts the early-tap capture first in a drawn page’s head, allowed by the page’s CSP by its hash alone, and none in a page drawn in the browser', async () => {
    for (const path of ['/', '/products', `/product/${rose._id}`, '/subscribe/rose-mornings', '/contact', '/export', '/faq']) {
      const res = await t.request('GET', path);
      const head = res.body.slice(res.body.indexOf('<head>'), res.body.indexOf('</head>'));
      const scripts = [...res.body.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]);
      expect({ path, scripts }).toEqual({ path, scripts: [EARLY_TAPS_SCRIPT] });
      // Before any stylesheet (an inline script after one would wait for it) and before any control.
      expect(head.indexOf(`<script>${EARLY_TAPS_SCRIPT}</script>`)).toBeLessThan(head.indexOf('<link rel="stylesheet"'));
      const scriptSources = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1].split(' ');
      expect(scriptSources).toContain(`'sha256-${createHash('sha256').update(scripts[0]).digest('base64')}'`);
      expect(scriptSources).not.toContain("'unsafe-inline'");
    }
    expect((await t.request('GET', '/cart')).body).not.toContain(EARLY_TAPS_SCRIPT);
  });

  it('does not serve the server bundles or their asset lists as files', async () => {
    expect((await t.request('GET', '/server/shell.server.js')).status).toBe(404);
    expect((await t.request('GET', '/ssr-assets.json')).status).toBe(404);
    expect((await t.request('GET', '/remotes/storefront/server/storefront.server.js')).status).toBe(404);
  });
});

describe('sitemap and robots.txt', () => {
  let t: TestApp;
  let admin: TestUser;

  const locs = (xml: string) =>
    [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?(?:<xhtml:link [^>]*\/>)*<\/url>/g)].map((m) => ({ loc: m[1], lastmod: m[2] }));
  /** Each address with the versions of its page it names, by hreflang. */
  const alternatesOf = (xml: string) =>
    [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>[^<]*<\/lastmod>)?((?:<xhtml:link [^>]*\/>)*)<\/url>/g)].map((m) => ({
      loc: m[1],
      alternates: Object.fromEntries([...m[2].matchAll(/hreflang="([^"]*)" href="([^"]*)"/g)].map((link) => [link[1], link[2]])),
    }));
  /** A path's address in each language, English first. */
  const inBothLanguages = (path: string) => [PUBLIC_URL + path, PUBLIC_URL + pathInLanguage(path, 'ta')];

  beforeAll(async () => {
    t = await createTestApp({ WEB_ROOT: builtFrontends(), PUBLIC_URL });
    admin = await t.createUser({ role: 'admin' });
  }, 240_000);

  afterAll(() => t?.close());

  it('lists the static pages and every product with its last change, in English and in Tamil, and follows creates, updates and deletes', async () => {
    let res = await t.request('GET', '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(locs(res.body).map((entry) => entry.loc)).toEqual(
      ['/', '/products', '/products?type=flower', '/products?type=green_leaf', '/subscribe', '/about', '/contact', '/export', '/faq'].flatMap(inBothLanguages),
    );
    // Both versions of a page name both, and the English one as the default.
    const alternates = { 'en-IN': `${PUBLIC_URL}/about`, 'ta-IN': `${PUBLIC_URL}/ta/about`, 'x-default': `${PUBLIC_URL}/about` };
    expect(alternatesOf(res.body).filter((entry) => entry.loc.endsWith('/about'))).toEqual([
      { loc: `${PUBLIC_URL}/about`, alternates },
      { loc: `${PUBLIC_URL}/ta/about`, alternates },
    ]);
    expect(res.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');

    const created = await sendForm(t, 'POST', '/api/products', admin.token, {
      name: 'Sitemap Gerbera',
      price: '60',
      type: 'flower',
      image: await rosePicture(),
    });
    const id = created.body.data._id;
    res = await t.request('GET', '/sitemap.xml');
    const entry = locs(res.body).find((item) => item.loc === `${PUBLIC_URL}/product/${id}`);
    expect(entry?.lastmod).toBe(created.body.data.updatedAt);
    expect(locs(res.body).find((item) => item.loc === `${PUBLIC_URL}/ta/product/${id}`)?.lastmod).toBe(created.body.data.updatedAt);

    await new Promise((done) => setTimeout(done, 20));
    const updated = await sendForm(t, 'PUT', `/api/admin/products/${id}`, admin.token, { price: '65' });
    res = await t.request('GET', '/sitemap.xml');
    expect(locs(res.body).find((item) => item.loc === `${PUBLIC_URL}/product/${id}`)?.lastmod).toBe(updated.body.data.updatedAt);
    expect(updated.body.data.updatedAt).not.toBe(created.body.data.updatedAt);

    await t.request('DELETE', `/api/products/${id}`, { token: admin.token });
    res = await t.request('GET', '/sitemap.xml');
    expect(locs(res.body).some((item) => item.loc.endsWith(id))).toBe(false);
  });

  it('lists each plan on sale after the static pages, with its last change, and leaves out a plan that stops selling', async () => {
    const [rose] = await seedProducts(t, [{ name: 'Sitemap Rose' }]);
    const plan = await roseMornings(t, admin, rose);
    let entries = locs((await t.request('GET', '/sitemap.xml')).body);
    const staticCount = entries.findIndex((entry) => entry.loc.includes('/product/'));
    expect(entries.slice(staticCount - 3, staticCount)).toEqual([
      { loc: `${PUBLIC_URL}/ta/faq`, lastmod: undefined },
      { loc: `${PUBLIC_URL}/subscribe/rose-mornings`, lastmod: plan.updatedAt },
      { loc: `${PUBLIC_URL}/ta/subscribe/rose-mornings`, lastmod: plan.updatedAt },
    ]);

    expect((await t.request('PUT', `/api/admin/subscription-plans/${plan._id}`, { token: admin.token, body: { active: false } })).status).toBe(200);
    entries = locs((await t.request('GET', '/sitemap.xml')).body);
    expect(entries.some((entry) => entry.loc.includes('/subscribe/'))).toBe(false);
  });

  it('becomes an index of numbered sitemaps past 50,000 addresses (25,000 pages in two languages)', async () => {
    await t.dataSource.query(
      `INSERT INTO products (name, type, price_paise, stock, description) SELECT 'Bulk bloom ' || n, 'flower', 1000, 1, '' FROM generate_series(1, 50000) AS n`,
    );
    const index = await t.request('GET', '/sitemap.xml');
    const parts = [...index.body.matchAll(/<sitemap><loc>([^<]*)<\/loc><lastmod>[^<]+<\/lastmod><\/sitemap>/g)].map((m) => m[1]);
    expect(index.body).toContain('<sitemapindex');
    expect(parts).toEqual([`${PUBLIC_URL}/sitemap-1.xml`, `${PUBLIC_URL}/sitemap-2.xml`, `${PUBLIC_URL}/sitemap-3.xml`]);
    const files = await Promise.all(parts.map(async (_, part) => locs((await t.request('GET', `/sitemap-${part + 1}.xml`)).body)));
    expect(files.map((file) => file.length)).toEqual([50_000, 50_000, 20]);
    // The static pages, the product left by the plan's test, and the bulk, each in both languages.
    expect(new Set(files.flat().map((item) => item.loc)).size).toBe(100_020);
    expect((await t.request('GET', '/sitemap-4.xml')).status).toBe(404);
  }, 120_000);

  it('closes the private parts to crawlers in robots.txt and names the sitemap', async () => {
    const res = await t.request('GET', '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    for (const path of ['/admin', '/cart', '/checkout', '/api']) expect(res.body).toContain(`Disallow: ${path}\n`);
    expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe('pages while the storefront is served from elsewhere', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ WEB_ROOT: builtFrontends(), PUBLIC_URL, STOREFRONT_REMOTE_URL: 'https://cdn.thalir.example/storefront/mf-manifest.json' });
  }, 240_000);

  afterAll(() => t?.close());

  it('describes a plan’s page from the API’s own answer, and answers 404 for one not on sale', async () => {
    const staff = await t.createUser({ role: 'admin' });
    const [rose] = await seedProducts(t, [{ name: 'Velvet Red Rose' }]);
    await roseMornings(t, staff, rose);
    const found = await t.request('GET', '/subscribe/rose-mornings');
    expect(found.status).toBe(200);
    expect(readPage(found.body).root).toBe('');
    expect(readPage(found.body).canonical).toBe(`${PUBLIC_URL}/subscribe/rose-mornings`);
    expect(readPage(found.body).byType('Product').offers).toHaveLength(3);
    const missing = await t.request('GET', '/subscribe/no-such-plan');
    expect(missing.status).toBe(404);
    expect(readPage(missing.body).meta('robots')).toBe('noindex');
  });

  it('keeps each page’s head and status but leaves the drawing to the browser (the remote may be another build than the API holds)', async () => {
    const home = await t.request('GET', '/about');
    expect(home.status).toBe(200);
    expect(readPage(home.body).canonical).toBe(`${PUBLIC_URL}/about`);
    expect(readPage(home.body).root).toBe('');
    expect(home.body).toContain('<noscript>');
    const missing = await t.request('GET', '/no-such-page');
    expect(missing.status).toBe(404);
    expect(readPage(missing.body).meta('robots')).toBe('noindex');
  });
});
