import { openTestApps } from './open-test-apps';

// The money invariant holds after every test, in every app the test left open: whatever a test did
// to orders, payments and refunds, each order's money received = kept + refunded + still owed back.
afterEach(async () => {
  for (const app of openTestApps) expect(await app.moneyProblems()).toEqual([]);
});
