import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MetricsService } from '../src/metrics/metrics.service';
import { parseExposition } from './metrics-exposition';
import { createTestApp, TestApp } from './test-app';

const GRAFANA_DIR = join(__dirname, '../../deploy/grafana');

/** Labels Prometheus adds to every scraped series (target labels), and the ones histograms and summaries carry. */
const SCRAPE_LABELS = ['instance', 'job'];
const PROMQL_WORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'and', 'or', 'unless', 'offset', 'inf', 'nan']);

interface Panel {
  title?: string;
  type?: string;
  targets?: { expr?: string }[];
  panels?: Panel[];
}

/** Metric names and label names a PromQL expression refers to. */
function referencesOf(expression: string): { metrics: string[]; labels: string[] } {
  const labels: string[] = [];
  const selectors = [...expression.matchAll(/\{([^}]*)\}/g)];
  for (const [, matchers] of selectors) for (const [, label] of matchers.matchAll(/([a-zA-Z_]\w*)\s*(?:=~|!~|!=|=)/g)) labels.push(label);
  for (const [, grouping] of expression.matchAll(/\b(?:by|without|on|ignoring)\s*\(([^)]*)\)/g))
    labels.push(
      ...grouping
        .split(',')
        .map((label) => label.trim())
        .filter(Boolean),
    );
  const bare = expression
    .replace(/"(?:\\.|[^"\\])*"/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring)\s*\([^)]*\)/g, ' ');
  const metrics = [...bare.matchAll(/([a-zA-Z_:][\w:]*)(\s*\()?/g)]
    .filter(([name, , call]) => !call && !PROMQL_WORDS.has(name.toLowerCase()) && !/^\d/.test(name))
    .map(([name]) => name);
  return { metrics, labels };
}

function allPanels(panels: Panel[]): Panel[] {
  return panels.flatMap((panel) => [panel, ...allPanels(panel.panels ?? [])]);
}

describe('Grafana dashboards (deploy/grafana)', () => {
  let t: TestApp;
  let exported: Set<string>;
  let labelsOf: (metric: string) => string[];

  beforeAll(async () => {
    t = await createTestApp();
    await t.request('GET', '/api/health');
    exported = parseExposition((await t.request('GET', '/api/metrics')).raw.toString('utf8')).names;
    const registry = t.app.get(MetricsService).registry;
    labelsOf = (metric) => {
      const base = metric.replace(/_(bucket|sum|count)$/, '');
      const found = registry.getSingleMetric(metric) ?? registry.getSingleMetric(base);
      const own = (found as { labelNames?: string[] } | undefined)?.labelNames ?? [];
      return metric.endsWith('_bucket') ? [...own, 'le'] : own;
    };
  });
  afterAll(() => t.close());

  const files = readdirSync(GRAFANA_DIR).filter((file) => file.endsWith('.json'));

  it('holds at least one dashboard', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s parses, and has the operators’ panels, each with a query', (file) => {
    const dashboard = JSON.parse(readFileSync(join(GRAFANA_DIR, file), 'utf8'));
    expect(typeof dashboard.title).toBe('string');
    const panels = allPanels(dashboard.panels ?? []).filter((panel) => panel.type !== 'row');
    expect(panels.length).toBeGreaterThan(0);
    for (const panel of panels) expect([panel.title, (panel.targets ?? []).filter((target) => target.expr).length > 0]).toEqual([panel.title, true]);
    const titles = panels.map((panel) => panel.title);
    for (const title of ['Orders per minute', 'p95 latency by route', 'Error rate', 'Outbox lag']) expect(titles).toContain(title);
  });

  it.each(files)('%s asks only for metrics and labels the API exports', (file) => {
    const dashboard = JSON.parse(readFileSync(join(GRAFANA_DIR, file), 'utf8'));
    const problems: string[] = [];
    for (const panel of allPanels(dashboard.panels ?? [])) {
      for (const { expr } of panel.targets ?? []) {
        if (!expr) continue;
        const { metrics, labels } = referencesOf(expr);
        if (metrics.length === 0) problems.push(`${panel.title}: no metric in ${expr}`);
        for (const metric of metrics) if (!exported.has(metric)) problems.push(`${panel.title}: ${metric} is not exported`);
        const known = new Set([...SCRAPE_LABELS, ...metrics.flatMap(labelsOf)]);
        for (const label of labels) if (!known.has(label)) problems.push(`${panel.title}: no label ${label} on ${metrics.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('reads metric and label names out of PromQL the way the checks above need', () => {
    expect(referencesOf('histogram_quantile(0.95, sum by (le, route) (rate(a_bucket{route=~"/api/.*"}[$__rate_interval])))')).toEqual({
      metrics: ['a_bucket'],
      labels: ['route', 'le', 'route'],
    });
    expect(referencesOf('sum(rate(x_total{status_code=~"5.."}[5m])) / sum(rate(x_total[5m])) * 60').metrics).toEqual(['x_total', 'x_total']);
  });
});
