import { builtFrontends } from './built-frontends';
import { rosePicture, sendForm } from './catalog-fixtures';
import { schemaOrgProblems } from './schema-org';
import { createTestApp, type TestApp, type TestUser } from './test-app';

const PUBLIC_URL = 'https://shop.thalir.example';

/** The parts of a page's head a search engine or a link preview reads. */
function readHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]));
  return {
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(head)?.[1],
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1],
    alternates: Object.fromEntries([...head.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)"\/>/g)].map((match) => [match[1], match[2]])),
    locale: /<meta property="og:locale" content="([^"]*)"/.exec(head)?.[1],
    localeAlternates: [...head.matchAll(/<meta property="og:locale:alternate" content="([^"]*)"/g)].map((match) => match[1]),
    noindex: head.includes('<meta name="robots" content="noindex"/>'),
    jsonLd,
    byType: (type: string) => jsonLd.find((item) => item['@type'] === type),
    root: /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '',
    pageDataPaths: Object.keys(JSON.parse(/<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}')),
  };
}

describe('pages in Tamil, beside the English ones', () => {
  let t: TestApp;
  let admin: TestUser;
  let rose: { _id: string };

  beforeAll(async () => {
    t = await createTestApp({ WEB_ROOT: builtFrontends(), PUBLIC_URL });
    admin = await t.createUser({ role: 'admin' });
    const created = await sendForm(t, 'POST', '/api/products', admin.token, {
      name: 'Velvet Red Rose',
      price: '120',
      stock: '5',
      type: 'flower',
      description: 'Deep red roses with a velvet sheen. Cut at first bloom.',
      image: await rosePicture(),
    });
    rose = created.body.data;
    const translated = await t.request('PUT', `/api/admin/products/${rose._id}/translations/ta`, {
      token: admin.token,
      body: { name: 'வெல்வெட் சிவப்பு ரோஜா', description: 'வெல்வெட் பளபளப்புடன் அடர் சிவப்பு ரோஜாக்கள். முதல் மலர்ச்சியில் வெட்டியவை.' },
    });
    expect(translated.status).toBe(200);
  }, 240_000);

  afterAll(() => t?.close());

  it('draws a product’s Tamil page in Tamil: its language, name, description, canonical address and JSON-LD', async () => {
    const res = await t.request('GET', `/ta/product/${rose._id}`);
    expect(res.status).toBe(200);
    const page = readHead(res.body);
    expect(page.lang).toBe('ta');
    expect(page.title).toContain('வெல்வெட் சிவப்பு ரோஜா');
    expect(page.description).toBe('₹120.00 · வெல்வெட் பளபளப்புடன் அடர் சிவப்பு ரோஜாக்கள்.');
    expect(page.canonical).toBe(`${PUBLIC_URL}/ta/product/${rose._id}`);
    expect(page.locale).toBe('ta_IN');
    expect(page.localeAlternates).toEqual(['en_IN']);
    expect(page.byType('Product')).toMatchObject({ name: 'வெல்வெட் சிவப்பு ரோஜா', category: 'மலர்கள்' });
    expect(page.byType('BreadcrumbList').itemListElement.map((step: { name: string; item: string }) => [step.name, step.item])).toEqual([
      ['முகப்பு', `${PUBLIC_URL}/ta/`],
      ['கடை', `${PUBLIC_URL}/ta/products`],
      ['வெல்வெட் சிவப்பு ரோஜா', `${PUBLIC_URL}/ta/product/${rose._id}`],
    ]);
    expect(schemaOrgProblems(page.jsonLd)).toEqual([]);
    // Drawn from the Tamil answer, which the page carries under the path the browser's screen reads.
    expect(page.pageDataPaths).toEqual([`/api/products/${rose._id}?lang=ta`]);
    expect(page.root).toContain('வெல்வெட் சிவப்பு ரோஜா');
    expect(page.root).toContain('href="/ta/products"');
  });

  it('preloads the shop’s Tamil font on a Tamil page, so its text does not move when the font arrives; an English page loads none', async () => {
    const preloads = (html: string) =>
      [...html.slice(0, html.indexOf('</head>')).matchAll(/<link rel="preload" href="([^"]*)" as="font" type="font\/woff2" crossorigin\/>/g)].map((m) => m[1]);
    const tamil = await t.request('GET', '/ta/products');
    expect(preloads(tamil.body)).toEqual([expect.stringMatching(/^\/assets\/noto-sans-tamil\.[0-9a-f]+\.woff2$/)]);
    expect((await t.request('GET', preloads(tamil.body)[0])).status).toBe(200);
    expect(preloads((await t.request('GET', '/products')).body)).toEqual([]);
  });

  it('links each version of a page to the other with hreflang alternates for en-IN, ta-IN and x-default', async () => {
    const alternates = {
      'en-IN': `${PUBLIC_URL}/products?type=flower`,
      'ta-IN': `${PUBLIC_URL}/ta/products?type=flower`,
      'x-default': `${PUBLIC_URL}/products?type=flower`,
    };
    const english = readHead((await t.request('GET', '/products?type=flower&sort=price')).body);
    const tamil = readHead((await t.request('GET', '/ta/products?type=flower&sort=price')).body);
    expect(english).toMatchObject({ lang: 'en-IN', canonical: alternates['en-IN'], alternates, locale: 'en_IN', localeAlternates: ['ta_IN'] });
    expect(tamil).toMatchObject({ lang: 'ta', canonical: alternates['ta-IN'], alternates, locale: 'ta_IN', localeAlternates: ['en_IN'] });
    for (const path of ['/', '/about', '/contact', '/export', '/faq', '/subscribe']) {
      const page = readHead((await t.request('GET', `/ta${path === '/' ? '/' : path}`)).body);
      expect({ path, lang: page.lang, canonical: page.canonical, tamil: page.alternates['ta-IN'], english: page.alternates['en-IN'] }).toEqual({
        path,
        lang: 'ta',
        canonical: `${PUBLIC_URL}/ta${path === '/' ? '/' : path}`,
        tamil: `${PUBLIC_URL}/ta${path === '/' ? '/' : path}`,
        english: PUBLIC_URL + path,
      });
      expect(page.description).toMatch(/[\u0B80-\u0BFF]/);
    }
  });

  it('tells the Tamil home page’s WebSite in Tamil, its search on the Tamil shop', async () => {
    const page = readHead((await t.request('GET', '/ta/')).body);
    expect(page.byType('WebSite')).toMatchObject({ inLanguage: 'ta-IN', url: `${PUBLIC_URL}/ta/` });
    expect(page.byType('WebSite').potentialAction.target.urlTemplate).toBe(`${PUBLIC_URL}/ta/products?q={search_term_string}`);
    expect(page.byType('Organization').description).toMatch(/^எங்கள் ஓசூர்/);
    expect(schemaOrgProblems(page.jsonLd)).toEqual([]);
  });

  it('finds roses by their Tamil name on /ta/products?q=ரோஜா, and keeps the search out of the index', async () => {
    const res = await t.request('GET', `/ta/products?q=${encodeURIComponent('ரோஜா')}`);
    expect(res.status).toBe(200);
    const page = readHead(res.body);
    expect(page.root).toContain('வெல்வெட் சிவப்பு ரோஜா');
    expect(page.noindex).toBe(true);
    expect(page.alternates).toEqual({});
  });

  it('answers the account pages under /ta in Tamil, drawn in the browser and out of the index; unknown ones with the not-found page', async () => {
    const cart = await t.request('GET', '/ta/cart');
    expect(cart.status).toBe(200);
    expect(readHead(cart.body)).toMatchObject({ lang: 'ta', noindex: true, canonical: undefined });
    const missing = await t.request('GET', '/ta/nowhere');
    expect(missing.status).toBe(404);
    expect(readHead(missing.body)).toMatchObject({ lang: 'ta', noindex: true, description: 'இந்தப் பக்கம் Thalir Blooms கடையில் இல்லை.' });
  });

  it('sends a visitor who chose Tamil from an English address to the same page in Tamil, and nobody else', async () => {
    const chose = await t.request('GET', '/products?type=flower', { headers: { cookie: 'thalir_lang=ta' } });
    expect(chose.status).toBe(302);
    expect(chose.headers.location).toBe('/ta/products?type=flower');
    expect((await t.request('GET', '/ta/products', { headers: { cookie: 'thalir_lang=ta' } })).status).toBe(200);
    expect((await t.request('GET', '/products', { headers: { cookie: 'thalir_lang=en' } })).status).toBe(200);
    // The back office is English only.
    expect((await t.request('GET', '/admin/orders', { headers: { cookie: 'thalir_lang=ta' } })).status).toBe(200);
    // A first visit is never sent by the browser's language: search engines reach both.
    expect((await t.request('GET', '/products', { headers: { 'accept-language': 'ta-IN,ta;q=0.9' } })).status).toBe(200);
  });
});
