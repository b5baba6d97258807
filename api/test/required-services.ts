import { spawnSync } from 'node:child_process';
import { workspaceRoot } from './api-process';

/**
 * Whether a Redis answers at `url`. Asked in a child process because Jest collects suites
 * synchronously, and a suite must know before collection whether it runs or is skipped.
 */
export function redisAnswers(url: string): boolean {
  const ping = spawnSync(
    process.execPath,
    [
      '-e',
      `const {Redis}=require('ioredis');const r=new Redis(process.argv[1],{lazyConnect:true,retryStrategy:()=>null,maxRetriesPerRequest:0});r.on('error',()=>{});r.connect().then(()=>r.ping()).then(()=>process.exit(0),()=>process.exit(1))`,
      url,
    ],
    { cwd: workspaceRoot, timeout: 10_000 },
  );
  return ping.status === 0;
}

/** Why poppler's pdftotext cannot read PDFs here (Tamil invoices are read with it), or null when it can. */
export function pdftotextMissing(): string | null {
  return spawnSync('pdftotext', ['-v']).error ? 'no pdftotext (Debian: poppler-utils)' : null;
}

/**
 * A suite that needs a service (Redis, nginx, PostgreSQL). Without it the suite is reported as
 * skipped, with the reason in its name; in CI (CI=true), where every service is started, a missing
 * one fails the run instead, so a broken CI set-up cannot pass by skipping.
 */
export function describeNeeding(missing: string | null, name: string, body: () => void): void {
  if (!missing) {
    describe(name, body);
  } else if (process.env.CI === 'true') {
    describe(name, () => {
      it('has the services it needs (CI starts them all)', () => {
        throw new Error(`${name} cannot run in CI: ${missing}`);
      });
    });
  } else {
    describe.skip(`${name} (skipped: ${missing})`, body);
  }
}
