// HTTP load: autocannon runs, and the bare `node:http` reference replaying the API's exact answer.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { stopChild } from './api-server.mjs';

/**
 * What every load run sends, the API and the bare server alike: a browser's Accept-Encoding, so the
 * API compresses as it would for real visitors and the bare server replays those compressed bytes.
 */
export const LOAD_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

// Per-connection or per-message headers; replaying them would be wrong, the rest is copied verbatim.
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** The raw answer (still compressed) exactly as the API sends it. */
export function captureResponse(url, headers = LOAD_HEADERS) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const replayed = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !NOT_REPLAYED.has(name)));
        resolve({ statusCode: res.statusCode, headers: replayed, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Starts tools/bench/bare-server.mjs in its own process (like the API), serving `captured`. */
export function startBareServer(captured) {
  return startReferenceServer('bare-server.mjs', { statusCode: captured.statusCode, headers: captured.headers, body: captured.body.toString('base64') });
}

/** Starts a reference server (a script in tools/bench/ that prints "listening <port>") in its own process, given `config` as a JSON file. */
export async function startReferenceServer(script, config) {
  const dir = mkdtempSync(join(tmpdir(), 'thalir-bare-'));
  const file = join(dir, 'config.json');
  writeFileSync(file, JSON.stringify(config));
  const child = spawn(process.execPath, [fileURLToPath(new URL(`../${script}`, import.meta.url)), file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const match = /listening (\d+)/.exec(buffered);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One autocannon run; latencies in ms. */
export async function cannon({ url, connections, durationSeconds, headers = LOAD_HEADERS }) {
  const result = await autocannon({ url, connections, duration: durationSeconds, headers });
  return {
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

export function loadProblems(run) {
  const problems = [];
  if (run.non2xx > 0) problems.push(`${run.non2xx} non-2xx`);
  if (run.errors > 0) problems.push(`${run.errors} errors`);
  if (run.timeouts > 0) problems.push(`${run.timeouts} timeouts`);
  return problems.join(', ');
}

/**
 * The API's path against a bare server sending the very same bytes, same client, same headers, one
 * after the other in this run. Both get a short warm-up first (JIT, caches, connection pools).
 */
export async function againstBare({ apiUrl, path, connections, durationSeconds, warmupSeconds }) {
  const captured = await captureResponse(`${apiUrl}${path}`);
  if (captured.statusCode !== 200) {
    throw new Error(`GET ${path} answered ${captured.statusCode}: ${captured.body.toString().slice(0, 200)}`);
  }
  const bare = await startBareServer(captured);
  try {
    if (warmupSeconds > 0) {
      await cannon({ url: `${apiUrl}${path}`, connections, durationSeconds: warmupSeconds });
      await cannon({ url: `${bare.url}${path}`, connections, durationSeconds: warmupSeconds });
    }
    const api = await cannon({ url: `${apiUrl}${path}`, connections, durationSeconds });
    const reference = await cannon({ url: `${bare.url}${path}`, connections, durationSeconds });
    return {
      api,
      bare: reference,
      response: {
        bytes: captured.body.length,
        contentType: captured.headers['content-type'] ?? null,
        contentEncoding: captured.headers['content-encoding'] ?? null,
      },
    };
  } finally {
    await bare.stop();
  }
}
