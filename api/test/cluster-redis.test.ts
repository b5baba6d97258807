import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { RedisRateLimitStore } from '../src/redis/redis-rate-limit-store';
import { freePort } from './api-process';
import { describeNeeding, redisAnswers } from './required-services';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/5';

/**
 * The rate-limit store several API processes share. Two store instances stand for two processes.
 * Needs a Redis at TEST_REDIS_URL (default redis://127.0.0.1:6379/5): skipped without one, failing in CI.
 */
describeNeeding(redisAnswers(REDIS_URL) ? null : `no Redis answers at ${REDIS_URL}`, 'Redis rate-limit store', () => {
  const clients: Redis[] = [];
  const prefix = `thalir-test:${randomUUID()}:`;
  const store = () => {
    const client = new Redis(REDIS_URL);
    clients.push(client);
    return new RedisRateLimitStore(client, prefix);
  };

  afterAll(async () => {
    if (clients.length > 0) {
      const keys = await clients[0].keys(`${prefix}*`);
      if (keys.length > 0) await clients[0].del(...keys);
    }
    await Promise.all(clients.map((client) => client.quit()));
  });

  it('counts one window across processes, with the time left', async () => {
    const [first, second] = [store(), store()];
    expect(await first.increment('login:a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    await first.increment('login:a', 60_000);
    const third = await second.increment('login:a', 60_000);
    expect(third.count).toBe(3);
    expect(third.resetInMs).toBeGreaterThan(59_000);
    expect(third.resetInMs).toBeLessThanOrEqual(60_000);
    expect(await second.get('login:a')).toEqual({ count: 3, resetInMs: expect.any(Number) });
    await first.delete('login:a');
    expect(await second.get('login:a')).toBeNull();
  });

  it('opens a new window once the old one closes', async () => {
    const shared = store();
    await shared.increment('short', 150);
    await shared.increment('short', 150);
    await new Promise((done) => setTimeout(done, 250));
    expect(await shared.get('short')).toBeNull();
    expect((await shared.increment('short', 150)).count).toBe(1);
  });

  it('hands out every count exactly once under concurrent hits from two processes', async () => {
    const [first, second] = [store(), store()];
    const windows = await Promise.all(Array.from({ length: 300 }, (_, n) => (n % 2 ? first : second).increment('burst', 60_000)));
    expect(windows.map((w) => w.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 300 }, (_, n) => n + 1));
  });
});

describe('Redis rate-limit store without Redis', () => {
  it('keeps counting in memory, without failing calls, while Redis is unreachable', async () => {
    const port = await freePort();
    const unreachable = RedisRateLimitStore.connect(`redis://127.0.0.1:${port}`);
    try {
      const counts = [];
      for (let i = 0; i < 3; i++) counts.push((await unreachable.increment('offline', 60_000)).count);
      expect(counts).toEqual([1, 2, 3]);
      expect((await unreachable.get('offline'))?.count).toBe(3);
      await unreachable.delete('offline');
      expect(await unreachable.get('offline')).toBeNull();
    } finally {
      await unreachable.onApplicationShutdown();
    }
  });
});
