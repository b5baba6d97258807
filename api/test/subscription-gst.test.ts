import type { GstReport } from '@thalir/contracts';
import { indianMonthOf } from '../src/reports/gst-report';
import { cutoffAt } from '../src/subscriptions/subscription-schedule';
import { seedProducts } from './shop-fixtures';
import { createPlan, indiaDay, paidSubscription } from './subscription-fixtures';
import { createTestApp, type TestApp, type TestUser } from './test-app';

describe("GST report: a subscription's pack is a sale, and cancelling takes back only what was not delivered", () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ JOB_WORKERS: 'false' });
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(() => t?.close());

  it('reports the pack of 7 at ₹60 as one invoice of ₹420, no invoice for its delivery, and a credit note of ₹360 for the 6 refunded', async () => {
    const [garland] = await seedProducts(t, [{ name: 'Jasmine garland', stock: 100 }]);
    await t.dataSource.query(`UPDATE products SET hsn_code = '0604', gst_rate_bp = 500 WHERE id = $1`, [garland]);
    const plan = await createPlan(t, admin, [{ productId: garland, quantity: 1 }]);
    const buyer = await t.createUser();
    const subscription = await paidSubscription(t, buyer, plan);
    t.clock.advance(cutoffAt(indiaDay(t, 1), 'Morning 8–12', t.config.delivery)!.getTime() - t.clock.now().getTime() + 1_000);
    await t.workDue();
    expect((await t.request('POST', `/api/subscriptions/${subscription._id}/cancel`, { token: buyer.token })).status).toBe(200);

    const [{ createdAt }] = (await t.dataSource.query(`SELECT created_at AS "createdAt" FROM orders WHERE id = $1`, [subscription.packs[0].orderId])) as {
      createdAt: Date;
    }[];
    const res = await t.request('GET', `/api/admin/reports/gst?month=${indianMonthOf(createdAt)}`, { token: admin.token });
    expect(res.status).toBe(200);
    const report = res.body as GstReport;
    // The garland's 5 %, tax included: ₹420 is ₹400 and ₹20 of tax; ₹360, ₹342.86 and ₹17.14.
    expect(report.totals.invoices).toMatchObject({ documents: 1, value: 420 });
    expect(report.totals.creditNotes).toMatchObject({ documents: 1, value: 360 });
    expect(report.totals.net.value).toBe(60);
    expect(report.hsn.map((row) => row.hsn)).toEqual(['0604']);
  });
});
