import { SessionCache } from './session-cache';

describe('session cache', () => {
  let reads = 0;
  /** The shop's clock as a test moves it: only ever ahead, by what the test lets pass. */
  const clock = { aheadMs: 0 };
  const cacheFor = (sessionCacheMs: number) => new SessionCache<{ version: number }>({ sessionCacheMs }, clock);
  const read = (version: number | null) => () => {
    reads += 1;
    return Promise.resolve(version === null ? null : { version });
  };

  beforeEach(() => {
    clock.aheadMs = 1_000_000;
    reads = 0;
  });

  it('answers from its copy within the max age, then reads the database again', async () => {
    const cache = cacheFor(500);
    expect(await cache.get('u1', 't1', read(1))).toEqual({ version: 1 });
    clock.aheadMs += 400;
    expect(await cache.get('u1', 't1', read(2))).toEqual({ version: 1 });
    clock.aheadMs += 100;
    expect(await cache.get('u1', 't1', read(2))).toEqual({ version: 2 });
    expect(reads).toBe(2);
  });

  it('keeps each token apart, and forgets every session of a user at once', async () => {
    const cache = cacheFor(1000);
    await cache.get('u1', 't1', read(1));
    await cache.get('u1', 't2', read(1));
    await cache.get('u2', 't3', read(1));
    cache.forgetUser('u1');
    expect(await cache.get('u1', 't1', read(2))).toEqual({ version: 2 });
    expect(await cache.get('u1', 't2', read(2))).toEqual({ version: 2 });
    expect(await cache.get('u2', 't3', read(2))).toEqual({ version: 1 });
  });

  it('never keeps an unknown session, and with a max age of 0 always reads', async () => {
    const cache = cacheFor(1000);
    expect(await cache.get('u1', 't1', read(null))).toBeNull();
    expect(await cache.get('u1', 't1', read(3))).toEqual({ version: 3 });
    const uncached = cacheFor(0);
    await uncached.get('u1', 't1', read(1));
    await uncached.get('u1', 't1', read(1));
    expect(reads).toBe(4);
  });
});
