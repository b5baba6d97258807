// What Lighthouse's simulated LCP was made of, to tell why a page misses its goal.
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

/**
 * The requests Lighthouse's simulation (Lantern) replays on its throttled network for a page's LCP:
 * its pessimistic graph, i.e. every request that had finished when the paint was observed, whatever
 * its priority. A script among them that ran before the paint also brings its evaluation (4× slower
 * on the mobile profile). `result` is what lighthouse() returned for the page.
 */
export async function lcpRequests({ artifacts, lhr }) {
  const settings = lhr.configSettings;
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  };
  const lcp = await LanternLargestContentfulPaint.request(data, { computedCache: new Map(), settings });
  const requests = [];
  lcp.pessimisticGraph.traverse((node) => {
    if (node.type === 'network')
      requests.push({ path: new URL(node.request.url).pathname, type: node.request.resourceType, kb: +(node.request.transferSize / 1024).toFixed(1) });
  });
  return requests;
}
