// 1. Catalogue reads: the API against a bare node:http server sending the very same bytes.
import { call } from '../lib/api-server.mjs';
import { againstBare, cannon, LOAD_HEADERS, loadProblems } from '../lib/load.mjs';
import { measuredRow, skippedRow, SkipError } from '../lib/report.mjs';
import { withShop } from '../lib/shop.mjs';

const SECTION = 'catalog';
const CONNECTIONS = 50;
const P99_GOAL_MS = 5;
export const PAGED_QUERY = '/api/products?type=flower&sort=price&page=2&limit=12';

/**
 * Why a paged, filtered answer cannot be benchmarked yet, or null when it looks implemented.
 * `itemProblem(product, index, all)` names an item that does not fit the query (wrong type, order…).
 */
export function pagingProblem(response, limit, itemProblem = () => null) {
  if (response.status !== 200) return `answered ${response.status}`;
  const body = response.json ?? {};
  if (!Array.isArray(body.data)) return 'no data array in the answer';
  if (![body.total, body.page, body.limit].every(Number.isInteger)) return 'paging not implemented (no integer total/page/limit in the answer)';
  if (body.data.length > limit) return `paging not applied (${body.data.length} items for limit=${limit})`;
  for (const [index, product] of body.data.entries()) {
    const problem = itemProblem(product, index, body.data);
    if (problem) return `query not applied: ${problem}`;
  }
  return null;
}

const flowersByPrice = (product, index, all) => {
  if (product.type !== 'flower') return `${product.type} item for type=flower`;
  if (index > 0 && all[index - 1].price > product.price) return 'not sorted by price';
  return null;
};

export default {
  name: SECTION,
  title: 'Catalogue read (autocannon, 50 connections, vs bare node:http with the same bytes)',
  async run({ options, log }) {
    return withShop({ label: SECTION, database: options.database, profile: options.profile, log }, async ({ api, databaseLabel }) => {
      const list = await call(api.url, 'GET', '/api/products');
      if (list.status !== 200 || !Array.isArray(list.json?.data)) throw new SkipError(`GET /api/products answered ${list.status}`);
      if (list.json.data.length === 0) throw new SkipError('the demo catalogue is empty');
      log(`${databaseLabel}, ${list.json.data.length} demo products; Accept-Encoding "${LOAD_HEADERS['accept-encoding']}" for API and bare server`);

      const paged = await call(api.url, 'GET', PAGED_QUERY);
      // Goals: the list's from issue 7; the product and the filtered page's raised by issue 16.
      const targets = [
        { benchmark: 'GET /api/products', path: '/api/products', ratioGoal: 0.6 },
        { benchmark: 'GET /api/products/:id', path: `/api/products/${list.json.data[0]._id}`, ratioGoal: 0.85 },
        { benchmark: `GET ${PAGED_QUERY.replace('/api/products', '')}`, path: PAGED_QUERY, ratioGoal: 0.85, problem: pagingProblem(paged, 12, flowersByPrice) },
      ];

      // The API has just started: warm every route first, so the first one measured is not the only
      // one paying for JIT compilation and cache filling.
      const measurable = targets.filter((target) => !target.problem);
      if (options.warmupSeconds > 0) {
        log(`warming ${measurable.length} routes for ${options.warmupSeconds} s each`);
        for (const target of measurable) await cannon({ url: `${api.url}${target.path}`, connections: CONNECTIONS, durationSeconds: options.warmupSeconds });
      }

      const rows = [];
      for (const target of targets) {
        if (target.problem) {
          rows.push(skippedRow(SECTION, `${target.benchmark} req/s`, target.problem));
          continue;
        }
        log(`${target.benchmark}: warm-up ${options.warmupSeconds} s, then ${options.durationSeconds} s each on the API and on the bare server`);
        const result = await againstBare({
          apiUrl: api.url,
          path: target.path,
          connections: CONNECTIONS,
          durationSeconds: options.durationSeconds,
          warmupSeconds: options.warmupSeconds,
        });
        const details = { path: target.path, database: databaseLabel, connections: CONNECTIONS, response: result.response, api: result.api, bare: result.bare };
        const note = loadProblems(result.api);
        rows.push(
          measuredRow({
            section: SECTION,
            benchmark: `${target.benchmark} req/s`,
            measured: result.api.requestsPerSecond,
            unit: 'req/s',
            reference: result.bare.requestsPerSecond,
            referenceLabel: 'bare',
            goal: { on: 'ratio', op: '>=', value: target.ratioGoal },
            note,
            details,
          }),
          measuredRow({
            section: SECTION,
            benchmark: `${target.benchmark} p99`,
            measured: result.api.p99,
            unit: 'ms',
            reference: result.bare.p99,
            referenceLabel: 'bare',
            goal: { on: 'measured', op: '<=', value: P99_GOAL_MS },
            note,
          }),
        );
      }
      return rows;
    });
  },
};
