// 5. Scale: 100,000 generated products on PostgreSQL; p99 of paged list, search and type filter
// (autocannon, 10 connections), each next to a bare server replaying the same answer.
import pg from 'pg';
import { call } from '../lib/api-server.mjs';
import { againstBare, loadProblems } from '../lib/load.mjs';
import { measuredRow, skippedRow } from '../lib/report.mjs';
import { withShop } from '../lib/shop.mjs';
import { pagingProblem } from './catalog.mjs';

const SECTION = 'scale';
const PRODUCTS = 100_000;
const CONNECTIONS = 10;

const QUERIES = [
  { benchmark: 'paged list p99', path: '/api/products?page=10&limit=12', itemProblem: () => null },
  {
    benchmark: 'search q=rose p99',
    path: '/api/products?q=rose&page=1&limit=12',
    itemProblem: (product) => (/rose/i.test(`${product.name} ${product.description}`) ? null : `"${product.name}" does not match rose`),
  },
  {
    benchmark: 'type filter p99',
    path: '/api/products?type=green_leaf&sort=price&page=3&limit=12',
    itemProblem: (product, index, all) =>
      product.type !== 'green_leaf'
        ? `${product.type} item for type=green_leaf`
        : index > 0 && all[index - 1].price > product.price
          ? 'not sorted by price'
          : null,
  },
];

// Names mix colour, plant and pack (24 plants, two of them containing "rose"), descriptions mix
// origin and handling plus a lot code, so a search for "rose" matches thousands of rows, not all.
const GENERATE_CATALOGUE = `
  INSERT INTO products (name, description, price_paise, stock, type, created_at, updated_at)
  SELECT
    colour || ' ' || plant || ' ' || pack || ' #' || g,
    'Fresh ' || lower(plant) || ' from ' || origin || ' farms, ' || handling || '. Lot ' || substr(md5(g::text), 1, 10) || '.',
    500 + (g * 7919) % 200000,
    (g * 31) % 500,
    CASE WHEN plant_index < 16 THEN 'flower' ELSE 'green_leaf' END,
    now() - make_interval(secs => g),
    now() - make_interval(secs => g)
  FROM (
    SELECT g, (g * 7) % 24 AS plant_index,
      (ARRAY['Red','White','Yellow','Pink','Peach','Orange','Purple','Blue','Crimson','Ivory','Golden','Lavender','Scarlet'])[1 + g % 13] AS colour,
      (ARRAY['Rose','Lily','Jasmine','Marigold','Tulip','Orchid','Carnation','Chrysanthemum','Gerbera','Lotus','Sunflower','Hibiscus',
             'Dahlia','Daisy','Gladiolus','Tuberose','Money Plant','Areca Palm','Fern','Monstera','Banana Leaf','Eucalyptus','Ruscus','Croton'])[1 + (g * 7) % 24] AS plant,
      (ARRAY['Bunch','Bouquet','Stem','Bundle','Basket','Garland','Pot','Spray','Box','Dozen'])[1 + (g / 13) % 10] AS pack,
      (ARRAY['Hosur','Ooty','Kodaikanal','Bengaluru','Pune','Kolkata','Madurai','Dindigul'])[1 + g % 8] AS origin,
      (ARRAY['hand-picked at dawn','packed in wet foam','cut at first bloom','grown without pesticides','shipped in a cold chain'])[1 + (g / 7) % 5] AS handling
    FROM generate_series(1, $1::int) AS g
  ) AS generated`;

export default {
  name: SECTION,
  title: `Scale: ${PRODUCTS.toLocaleString('en-US')} products on PostgreSQL (autocannon, ${CONNECTIONS} connections)`,
  async run({ options, log }) {
    return withShop(
      { label: SECTION, database: 'postgres', env: { SEED_DEMO_CATALOGUE: 'false' }, profile: options.profile, log },
      async ({ api, databaseUrl }) => {
        // Asked on the empty catalogue first: an API without paging would answer all 100,000 rows.
        const queries = [];
        const rows = [];
        for (const query of QUERIES) {
          const problem = pagingProblem(await call(api.url, 'GET', query.path), 12);
          if (problem) rows.push(skippedRow(SECTION, query.benchmark, problem));
          else queries.push(query);
        }
        const inQueryOrder = () => QUERIES.map((query) => rows.find((row) => row.benchmark === query.benchmark));
        if (queries.length === 0) return inQueryOrder();

        const db = new pg.Client({ connectionString: databaseUrl });
        await db.connect();
        try {
          const started = Date.now();
          // The products trigger announces the change, so the API's catalogue cache starts afresh.
          await db.query(GENERATE_CATALOGUE, [PRODUCTS]);
          await db.query('ANALYZE products');
          const roseMatches = (await db.query(`SELECT count(*)::int AS n FROM products WHERE (name || ' ' || description) ILIKE '%rose%'`)).rows[0].n;
          log(`inserted ${PRODUCTS.toLocaleString('en-US')} products in ${((Date.now() - started) / 1000).toFixed(1)} s (${roseMatches} match "rose")`);
        } finally {
          await db.end();
        }

        for (const query of queries) {
          const answer = await call(api.url, 'GET', query.path);
          const problem = pagingProblem(answer, 12, query.itemProblem) ?? (answer.json.data.length === 0 ? 'empty answer on the generated catalogue' : null);
          if (problem) {
            rows.push(skippedRow(SECTION, query.benchmark, problem));
            continue;
          }
          log(`${query.path}: warm-up ${options.warmupSeconds} s, then ${options.durationSeconds} s each on the API and the bare server`);
          const result = await againstBare({
            apiUrl: api.url,
            path: query.path,
            connections: CONNECTIONS,
            durationSeconds: options.durationSeconds,
            warmupSeconds: options.warmupSeconds,
          });
          rows.push(
            measuredRow({
              section: SECTION,
              benchmark: query.benchmark,
              measured: result.api.p99,
              unit: 'ms',
              reference: result.bare.p99,
              referenceLabel: 'bare',
              goal: { on: 'measured', op: '<=', value: 30 },
              note: [loadProblems(result.api), `${Math.round(result.api.requestsPerSecond)} req/s`].filter(Boolean).join(', '),
              details: { path: query.path, connections: CONNECTIONS, products: PRODUCTS, response: result.response, api: result.api, bare: result.bare },
            }),
          );
        }
        return inQueryOrder();
      },
    );
  },
};
