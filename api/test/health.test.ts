import { Readiness } from '../src/health/readiness';
import { createTestApp, TestApp } from './test-app';

describe('health: live and ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is live and ready once started and migrated', async () => {
    for (const url of ['/api/health', '/api/health/live', '/api/health/ready']) {
      const res = await t.request('GET', url);
      expect([url, res.status, res.body]).toEqual([url, 200, { status: 'ok' }]);
    }
  });

  it('is not ready while a migration of this version is not applied, and ready again once it is', async () => {
    const [latest] = await t.dataSource.query(`SELECT id, "timestamp", name FROM migrations ORDER BY "timestamp" DESC LIMIT 1`);
    await t.dataSource.query(`DELETE FROM migrations WHERE id = $1`, [latest.id]);
    try {
      const res = await t.request('GET', '/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, status: 'unavailable', message: '1 database migration(s) not applied yet' });
      expect((await t.request('GET', '/api/health/live')).status).toBe(200);
    } finally {
      await t.dataSource.query(`INSERT INTO migrations (id, "timestamp", name) VALUES ($1, $2, $3)`, [latest.id, latest.timestamp, latest.name]);
    }
    expect((await t.request('GET', '/api/health/ready')).status).toBe(200);
  });

  // Last: a draining process stays so.
  it('is not ready once shutting down, while still live and answering', async () => {
    t.app.get(Readiness).startDraining();
    const ready = await t.request('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ success: false, status: 'unavailable', message: 'The process is shutting down' });
    expect((await t.request('GET', '/api/health/live')).status).toBe(200);
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  });
});
