/**
 * pg-boss (10.4) loads `node:timers/promises` anew inside each of its delays. When an app's job queue
 * stops, pg-boss goes on checking every second, after `stop()` has returned, that its workers have
 * ended; a check that comes after Jest has torn the file's environment down finds `require` gone, and
 * the whole file fails with "Cannot destructure property 'setTimeout'" although every test passed.
 * This is pg-boss's own delay, word for word, with the module loaded once while the environment is up;
 * it can go once pg-boss loads the module once itself.
 */
jest.mock('pg-boss/src/tools', () => {
  const { setTimeout: wait } = jest.requireActual<typeof import('node:timers/promises')>('node:timers/promises');
  return {
    delay(ms: number, error?: string) {
      const controller = new AbortController();
      const promise = new Promise<void>((resolve, reject) => {
        wait(ms, null, { signal: controller.signal })
          .then(() => (error ? reject(new Error(error)) : resolve()))
          .catch(resolve);
      }) as Promise<void> & { abort(): void };
      promise.abort = () => {
        if (!controller.signal.aborted) controller.abort();
      };
      return promise;
    },
  };
});
