import type { GstReport, GstTaxes, Order } from '@thalir/contracts';
import { rupeesToPaise } from '../src/common/money';
import { indianMonthOf, monthBounds } from '../src/reports/gst-report';
import { financialYearOf } from '../src/tax/financial-year';
import { pdfText } from './pdf-text';
import { seedProducts } from './shop-fixtures';
import { createTestApp, type TestApp, type TestUser } from './test-app';

const CHENNAI = '600017';
const BENGALURU = '560001';

/** Taxable value and taxes in paise. */
interface InvoiceTaxes {
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

const paiseOf = (amount: string) => rupeesToPaise(Number(amount.replace(/[₹,]/g, '')));

/**
 * What an invoice PDF says: the total row of its summary by rate (taxable value, CGST and SGST or
 * IGST), or, for a Bill of Supply, which charges no tax, its total as the taxable value.
 */
function invoiceTaxes(text: string, order: Order): InvoiceTaxes {
  if (text.includes('BILL OF SUPPLY')) return { taxablePaise: rupeesToPaise(order.totalAmount), igstPaise: 0, cgstPaise: 0, sgstPaise: 0 };
  const amount = '(₹[\\d,]+\\.\\d{2})';
  const intra = new RegExp(`GST rate Taxable value CGST SGST Total tax .*? Total ${amount} ${amount} ${amount} ${amount}`).exec(text);
  if (intra) return { taxablePaise: paiseOf(intra[1]), cgstPaise: paiseOf(intra[2]), sgstPaise: paiseOf(intra[3]), igstPaise: 0 };
  const inter = new RegExp(`GST rate Taxable value IGST Total tax .*? Total ${amount} ${amount} ${amount}`).exec(text);
  if (!inter) throw new Error(`No tax summary in the invoice of order ${order._id}: ${text}`);
  return { taxablePaise: paiseOf(inter[1]), igstPaise: paiseOf(inter[2]), cgstPaise: 0, sgstPaise: 0 };
}

const sumTaxes = (all: InvoiceTaxes[]): InvoiceTaxes =>
  all.reduce(
    (sum, taxes) => ({
      taxablePaise: sum.taxablePaise + taxes.taxablePaise,
      igstPaise: sum.igstPaise + taxes.igstPaise,
      cgstPaise: sum.cgstPaise + taxes.cgstPaise,
      sgstPaise: sum.sgstPaise + taxes.sgstPaise,
    }),
    { taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0 },
  );

const inPaise = (taxes: GstTaxes): InvoiceTaxes => ({
  taxablePaise: rupeesToPaise(taxes.taxableValue),
  igstPaise: rupeesToPaise(taxes.integratedTax),
  cgstPaise: rupeesToPaise(taxes.centralTax),
  sgstPaise: rupeesToPaise(taxes.stateTax),
});

describe('GST report for the accountant (GSTR-1)', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  let month: string;
  let previousMonth: string;
  /** The orders placed this month, by what the test made of them. */
  const orders: Record<'tamilNadu' | 'karnataka' | 'large' | 'refunded' | 'refundedLarge' | 'cancelledUnpaid', Order> = {} as never;
  let lastMonthOrder: Order;
  const taxesOf = new Map<string, InvoiceTaxes>();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
    buyer = await t.createUser({ name: 'Meena Sundaram' });
    const [garland, roses] = await seedProducts(t, [
      { name: 'Jasmine Wedding Garland', pricePaise: 52_50_000, stock: 50 },
      { name: 'Red Rose Bunch', pricePaise: 45_000, stock: 500 },
    ]);
    await t.dataSource.query(`UPDATE products SET hsn_code = '0604', gst_rate_bp = 500 WHERE id = $1`, [garland]);
    // A delivery charge on every order: a row of the invoice, taxed with its principal supply.
    const charges = await t.request('PUT', '/api/admin/delivery-charges', {
      token: admin.token,
      body: { defaultZone: { name: 'Everywhere', pincodePrefixes: [], fee: 60, freeAbove: null }, zones: [], slotSurcharges: {} },
    });
    expect(charges.status).toBe(200);
    const { dates } = (await t.request('GET', '/api/delivery/options')).body as { dates: { date: string; slots: string[] }[] };

    const place = async (pincode: string, garlands: number, roseBunches: number): Promise<Order> => {
      const res = await t.request('POST', '/api/orders', {
        token: buyer.token,
        body: {
          orderItems: [...(garlands ? [{ product: garland, quantity: garlands }] : []), ...(roseBunches ? [{ product: roses, quantity: roseBunches }] : [])],
          paymentMethod: 'cash',
          address: '7 Temple Street',
          delivery: { date: dates[0].date, slot: dates[0].slots[0], recipientName: 'Lakshmi', recipientPhone: '9876543210', pincode },
        },
      });
      if (res.status !== 201) throw new Error(`placing answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const move = async (order: Order, status: string) => {
      const res = await t.request('PUT', `/api/orders/${order._id}/status`, { token: admin.token, body: { status } });
      if (res.status !== 200) throw new Error(`moving to ${status} answered ${res.status}: ${JSON.stringify(res.body)}`);
    };

    orders.tamilNadu = await place(CHENNAI, 1, 3);
    orders.karnataka = await place(BENGALURU, 1, 0);
    // ₹1,05,000 of garlands to Karnataka: above ₹1,00,000 and inter-state.
    orders.large = await place(BENGALURU, 2, 4);
    // Cash collected on delivery, then cancelled: the cash goes back, and a credit note takes the invoice back.
    orders.refunded = await place(CHENNAI, 1, 2);
    await move(orders.refunded, 'delivered');
    await move(orders.refunded, 'cancelled');
    orders.refundedLarge = await place(BENGALURU, 2, 0);
    await move(orders.refundedLarge, 'delivered');
    await move(orders.refundedLarge, 'cancelled');
    // Called off by the buyer before anyone paid: the invoice is cancelled.
    orders.cancelledUnpaid = await place(CHENNAI, 0, 5);
    expect((await t.request('POST', `/api/orders/${orders.cancelledUnpaid._id}/cancel`, { token: buyer.token })).status).toBe(200);

    month = indianMonthOf(new Date(orders.tamilNadu.createdAt));
    previousMonth = indianMonthOf(new Date(monthBounds(month).from.getTime() - 1));
    lastMonthOrder = await place(BENGALURU, 1, 1);
    await t.dataSource.query(`UPDATE orders SET created_at = $2 WHERE id = $1`, [
      lastMonthOrder._id,
      new Date(monthBounds(previousMonth).from.getTime() + 9 * 86_400_000),
    ]);

    for (const order of [...Object.values(orders), lastMonthOrder]) {
      const pdf = await t.request('GET', `/api/orders/${order._id}/invoice`, { token: admin.token });
      taxesOf.set(order._id, invoiceTaxes((await pdfText(pdf.raw)).text, order));
    }
  });
  afterAll(() => t?.close());

  const gstReport = async (forMonth: string): Promise<GstReport> => {
    const res = await t.request('GET', `/api/admin/reports/gst?month=${forMonth}`, { token: admin.token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const taxesOfOrders = (...list: Order[]) => sumTaxes(list.map((order) => taxesOf.get(order._id)!));

  it("adds up the month's invoices and credit notes as their PDFs do, to the paisa", async () => {
    const report = await gstReport(month);
    const { tamilNadu, karnataka, large, refunded, refundedLarge } = orders;
    const issued = [tamilNadu, karnataka, large, refunded, refundedLarge];
    const value = (list: Order[]) => list.reduce((sum, order) => sum + rupeesToPaise(order.totalAmount), 0);

    expect(inPaise(report.totals.invoices)).toEqual(taxesOfOrders(...issued));
    expect([report.totals.invoices.documents, rupeesToPaise(report.totals.invoices.value)]).toEqual([5, value(issued)]);
    expect(inPaise(report.totals.creditNotes)).toEqual(taxesOfOrders(refunded, refundedLarge));
    expect([report.totals.creditNotes.documents, rupeesToPaise(report.totals.creditNotes.value)]).toEqual([2, value([refunded, refundedLarge])]);
    expect(inPaise(report.totals.net)).toEqual(taxesOfOrders(tamilNadu, karnataka, large));
    // Every paisa of the net total sits in exactly one of the HSN summary's rows.
    expect(sumTaxes(report.hsn.map(inPaise))).toEqual(inPaise(report.totals.net));
  });

  it('lists the large inter-state invoice in B2CL and its refunded twin in B2CL and CDNUR; the rest by state and rate in B2CS', async () => {
    const report = await gstReport(month);
    const { tamilNadu, karnataka, large, refundedLarge } = orders;
    expect(report.seller).toEqual({ gstin: '33AABCT1234C1Z3', state: '33-Tamil Nadu' });

    expect(report.b2cl.map((row) => [row.invoiceNumber, row.placeOfSupply, row.rate, rupeesToPaise(row.invoiceValue)])).toEqual(
      [large, refundedLarge].map((order) => [order.invoiceNumber, '29-Karnataka', 5, rupeesToPaise(order.totalAmount)]),
    );
    // Two garlands at ₹52,500 and ₹60 for delivery, tax included: ₹1,00,057.14 at 5% IGST.
    expect(report.b2cl[0].taxableValue).toBe(100057.14);
    expect(report.b2cl[0].integratedTax).toBe(taxesOf.get(large._id)!.igstPaise / 100);

    const financialYear = financialYearOf(new Date(large.createdAt));
    expect(report.cdnur).toEqual([
      expect.objectContaining({
        urType: 'B2CL',
        noteNumber: `CN/${financialYear}/00002`,
        noteType: 'C',
        placeOfSupply: '29-Karnataka',
        noteValue: refundedLarge.totalAmount,
        rate: 5,
        invoiceNumber: refundedLarge.invoiceNumber,
        integratedTax: taxesOf.get(refundedLarge._id)!.igstPaise / 100,
      }),
    ]);

    // The refunded Chennai order is netted out of Tamil Nadu's row: only the first order's 5% is left.
    expect(report.b2cs.map((row) => [row.placeOfSupply, row.rate, inPaise(row)])).toEqual([
      ['29-Karnataka', 5, taxesOfOrders(karnataka)],
      ['33-Tamil Nadu', 5, { ...taxesOfOrders(tamilNadu), taxablePaise: taxesOfOrders(tamilNadu).taxablePaise - 3 * 45_000 }],
    ]);
    // The roses are exempt (0%): Table 8, within Tamil Nadu and into Karnataka.
    expect(report.exemp.map((row) => [row.description, rupeesToPaise(row.exempted)])).toEqual([
      ['Inter-State supplies to registered persons', 0],
      ['Intra-State supplies to registered persons', 0],
      ['Inter-State supplies to unregistered persons', 4 * 45_000],
      ['Intra-State supplies to unregistered persons', 3 * 45_000],
    ]);
    expect(report.hsn.map((row) => [row.hsn, row.rate, row.uqc, row.totalQuantity])).toEqual([
      ['0603', 0, 'NOS', 3 + 4],
      ['0604', 5, 'NOS', 1 + 1 + 2],
    ]);
  });

  it('counts the invoices and credit notes issued in Table 13, the cancelled invoice as cancelled', async () => {
    const report = await gstReport(month);
    const numbers = Object.values(orders)
      .map((order) => order.invoiceNumber!)
      .sort();
    const financialYear = financialYearOf(new Date(orders.tamilNadu.createdAt));
    expect(report.docs).toEqual([
      { nature: 'Invoices for outward supply', from: numbers[0], to: numbers.at(-1), totalNumber: 6, cancelled: 1, netIssued: 5 },
      { nature: 'Credit Note', from: `CN/${financialYear}/00001`, to: `CN/${financialYear}/00002`, totalNumber: 2, cancelled: 0, netIssued: 2 },
    ]);
  });

  it("keeps an order of the previous month (India time) to that month's report", async () => {
    const report = await gstReport(previousMonth);
    expect(report.docs).toEqual([
      {
        nature: 'Invoices for outward supply',
        from: lastMonthOrder.invoiceNumber,
        to: lastMonthOrder.invoiceNumber,
        totalNumber: 1,
        cancelled: 0,
        netIssued: 1,
      },
    ]);
    expect(inPaise(report.totals.net)).toEqual(taxesOfOrders(lastMonthOrder));
    expect(report.b2cs.map((row) => row.placeOfSupply)).toEqual(['29-Karnataka']);
    expect((await gstReport(month)).docs[0].totalNumber).toBe(6);
  });

  it('downloads each table as the offline tool’s CSV', async () => {
    const res = await t.request('GET', `/api/admin/reports/gst.csv?month=${month}&table=b2cs`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="GSTR1_${month}_b2cs.csv"`);
    const [headings, ...rows] = res.raw.toString('utf8').trimEnd().split('\r\n');
    expect(headings).toBe('Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN');
    expect(rows.map((row) => row.split(',').slice(0, 3))).toEqual([
      ['OE', '29-Karnataka', '5'],
      ['OE', '33-Tamil Nadu', '5'],
    ]);

    const hsn = await t.request('GET', `/api/admin/reports/gst.csv?month=${month}&table=hsn`, { token: admin.token });
    expect(hsn.headers['content-disposition']).toBe(`attachment; filename="GSTR1_${month}_hsn(b2c).csv"`);
    expect(hsn.raw.toString('utf8')).toContain('0603,,NOS-NUMBERS,7,');
  });

  it.each([
    ['/api/admin/reports/gst', 'month must be a month like 2026-05'],
    ['/api/admin/reports/gst?month=2026-13', 'month must be a month like 2026-05'],
    ['/api/admin/reports/gst?month=November', 'month must be a month like 2026-05'],
    ['/api/admin/reports/gst.csv?month=2026-11', 'table must be one of b2cl, b2cs, cdnur, exemp, hsn, docs'],
    ['/api/admin/reports/gst.csv?month=2026-11&table=b2b', 'table must be one of b2cl, b2cs, cdnur, exemp, hsn, docs'],
  ])('answers %s with 400: %s', async (url, message) => {
    const res = await t.request('GET', url, { token: admin.token });
    expect([res.status, res.body.message]).toEqual([400, message]);
  });

  it('keeps the report to admins', async () => {
    expect((await t.request('GET', `/api/admin/reports/gst?month=${month}`, { token: buyer.token })).status).toBe(403);
    expect((await t.request('GET', `/api/admin/reports/gst.csv?month=${month}&table=docs`)).status).toBe(401);
  });
});
