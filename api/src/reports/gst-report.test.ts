import { type GstReport, type GstTaxes, gstr1CsvFileName } from '@thalir/contracts';
import { DEMO_SELLER } from '../config/app-config';
import { rupeesToPaise } from '../common/money';
import { discountedOrder, discountedOrderLines } from '../../test/invoice-fixtures';
import {
  creditNoteNumber,
  financialYearStart,
  gstReport,
  type GstReportInput,
  indianMonthOf,
  type InvoiceSource,
  monthBounds,
  placeOfSupplyLabel,
  REPORT_MONTH,
  takenBackByCreditNote,
} from './gst-report';
import { gstr1Csv } from './gstr1-csv';

describe('the report month, in India time', () => {
  it.each([
    ['2026-05', '2026-04-30T18:30:00.000Z', '2026-05-31T18:30:00.000Z', '2026-03-31T18:30:00.000Z'],
    ['2026-12', '2026-11-30T18:30:00.000Z', '2026-12-31T18:30:00.000Z', '2026-03-31T18:30:00.000Z'],
    ['2027-01', '2026-12-31T18:30:00.000Z', '2027-01-31T18:30:00.000Z', '2026-03-31T18:30:00.000Z'],
    ['2027-03', '2027-02-28T18:30:00.000Z', '2027-03-31T18:30:00.000Z', '2026-03-31T18:30:00.000Z'],
    ['2027-04', '2027-03-31T18:30:00.000Z', '2027-04-30T18:30:00.000Z', '2027-03-31T18:30:00.000Z'],
  ])('%s runs from %s to %s; its financial year from %s', (month, from, to, yearStart) => {
    expect(monthBounds(month)).toEqual({ from: new Date(from), to: new Date(to) });
    expect(financialYearStart(month).toISOString()).toBe(yearStart);
  });

  it.each([
    ['2026-05-31T18:29:59.999Z', '2026-05'],
    ['2026-05-31T18:30:00.000Z', '2026-06'],
    ['2026-12-31T18:30:00.000Z', '2027-01'],
  ])('%s is in %s', (moment, month) => {
    expect(indianMonthOf(new Date(moment))).toBe(month);
  });

  it.each([
    ['2026-05', true],
    ['2026-12', true],
    ['2026-13', false],
    ['2026-00', false],
    ['2026-5', false],
    ['May 2026', false],
    ['2026-05-01', false],
  ])('takes %s as a month: %s', (text, valid) => {
    expect(REPORT_MONTH.test(text)).toBe(valid);
  });
});

describe('what becomes of a cancelled order’s invoice', () => {
  const issuedAt = new Date('2026-05-20T06:00:00Z');
  it.each([
    // what, credit note, cancelled at, after payment
    ['paid, cancelled the same day', true, '2026-05-20T08:00:00Z', true],
    ['unpaid, cancelled the same month', false, '2026-05-31T18:29:00Z', false],
    ['unpaid, cancelled after midnight on the 1st in India', true, '2026-05-31T18:31:00Z', false],
    ['paid, cancelled the next month', true, '2026-06-10T08:00:00Z', true],
  ])('%s: credit note %s', (_case, creditNote, at, afterPayment) => {
    expect(takenBackByCreditNote(issuedAt, { at: new Date(at), afterPayment })).toBe(creditNote);
  });

  it('numbers credit notes in 16 characters, the most an invoice or note number may have', () => {
    expect(creditNoteNumber('2026-27', 1)).toBe('CN/2026-27/00001');
    expect(creditNoteNumber('2026-27', 1).length).toBe(16);
  });
});

describe('place of supply as the offline tool lists it', () => {
  it.each([
    ['Tamil Nadu', '33', '33-Tamil Nadu'],
    ['Karnataka', '29', '29-Karnataka'],
    ['Jammu and Kashmir', '01', '01-Jammu & Kashmir'],
    ['Dadra and Nagar Haveli and Daman and Diu', '26', '26-Dadra & Nagar Haveli & Daman & Diu'],
    ['Lakshadweep', '31', '31-Lakshdweep'],
    ['Andaman and Nicobar Islands', '35', '35-Andaman & Nicobar Islands'],
  ])('%s (%s) is %s', (name, code, label) => {
    expect(placeOfSupplyLabel({ name, code })).toBe(label);
  });
});

let invoiceCounter = 0;

/** An order of one line per entry (price in rupees, tax included), delivered to the PIN code, placed in May 2026. */
function invoiceOf(
  pincode: string,
  lines: { price: number; quantity?: number; rateBp: number; hsn?: string }[],
  createdAt = '2026-05-10T05:00:00.000Z',
): InvoiceSource {
  return {
    order: {
      ...discountedOrder,
      orderItems: lines.map((line, index) => ({ name: `Line ${index}`, product: `p${index}`, quantity: line.quantity ?? 1, price: line.price, discount: 0 })),
      delivery: { ...discountedOrder.delivery!, pincode },
      deliveryFee: 0,
      discounts: [],
      createdAt,
      invoiceNumber: `TB/2026-27/${String(++invoiceCounter).padStart(6, '0')}`,
    },
    lines: lines.map((line) => ({ hsnCode: line.hsn ?? '0603', gstRateBp: line.rateBp })),
    keptPlaceOfSupply: null,
  };
}

const report = (input: Partial<GstReportInput>): GstReport => gstReport({ month: '2026-05', seller: DEMO_SELLER, invoices: [], creditNotes: [], ...input });
const issued = (...sources: InvoiceSource[]) => sources.map((source) => ({ ...source, cancelled: false }));
const creditNote = (source: InvoiceSource, number: number) => ({
  ...source,
  number: creditNoteNumber('2026-27', number),
  issuedAt: new Date('2026-05-25T10:00:00Z'),
});

const CHENNAI = '600017';
const BENGALURU = '560001';

describe('the GSTR-1 tables of a month', () => {
  it('sums taxed sales to unregistered buyers by place of supply and rate (B2CS), exempt ones in Table 8, and every line by HSN and rate', () => {
    // The invoice-fixtures order: ₹1,349.10 at 5% and ₹810.00 at 0% after the discount, ₹60 delivery taxed at 5% (its principal supply).
    const discounted: InvoiceSource = { order: discountedOrder, lines: discountedOrderLines, keptPlaceOfSupply: null };
    const gst = report({ invoices: issued(discounted, invoiceOf(BENGALURU, [{ price: 210, rateBp: 500 }])) });

    expect(gst.b2cs).toEqual([
      { type: 'OE', placeOfSupply: '29-Karnataka', rate: 5, taxableValue: 200, integratedTax: 10, centralTax: 0, stateTax: 0 },
      // 1,349.10 / 1.05 = 1,284.86 and 60 / 1.05 = 57.14; 64.24 and 2.86 of tax, halved.
      { type: 'OE', placeOfSupply: '33-Tamil Nadu', rate: 5, taxableValue: 1342, integratedTax: 0, centralTax: 33.55, stateTax: 33.55 },
    ]);
    expect(gst.exemp.map((row) => [row.description, row.exempted])).toEqual([
      ['Inter-State supplies to registered persons', 0],
      ['Intra-State supplies to registered persons', 0],
      ['Inter-State supplies to unregistered persons', 0],
      ['Intra-State supplies to unregistered persons', 810],
    ]);
    expect(gst.hsn).toEqual([
      { hsn: '0603', description: '', uqc: 'NOS', totalQuantity: 2, totalValue: 810, rate: 0, taxableValue: 810, integratedTax: 0, centralTax: 0, stateTax: 0 },
      // The delivery charge adds its value under the principal supply's HSN, and no quantity.
      {
        hsn: '0603',
        description: '',
        uqc: 'NOS',
        totalQuantity: 2,
        totalValue: 1619.1,
        rate: 5,
        taxableValue: 1542,
        integratedTax: 10,
        centralTax: 33.55,
        stateTax: 33.55,
      },
    ]);
    expect(gst.b2cl).toEqual([]);
    expect(gst.cdnur).toEqual([]);
    expect(gst.totals.invoices).toEqual({ documents: 2, value: 2429.1, taxableValue: 2352, integratedTax: 10, centralTax: 33.55, stateTax: 33.55 });
    expect(gst.totals.net).toEqual({ value: 2429.1, taxableValue: 2352, integratedTax: 10, centralTax: 33.55, stateTax: 33.55 });
  });

  it.each([
    // what, table, PIN code, invoice value (₹, 5%)
    ['inter-state, ₹1,00,000.01', 'b2cl', BENGALURU, 100000.01],
    ['inter-state, exactly ₹1,00,000', 'b2cs', BENGALURU, 100000],
    ['within Tamil Nadu, ₹5,00,000', 'b2cs', CHENNAI, 500000],
    ['inter-state, small', 'b2cs', BENGALURU, 999],
  ] as const)('lists an invoice %s in %s', (_what, table, pincode, price) => {
    const gst = report({ invoices: issued(invoiceOf(pincode, [{ price, rateBp: 500 }])) });
    expect({ b2cl: gst.b2cl.length, b2cs: gst.b2cs.length }).toEqual({ b2cl: table === 'b2cl' ? 1 : 0, b2cs: table === 'b2cs' ? 1 : 0 });
  });

  it('lists a large inter-state invoice rate by rate, its exempt lines in Table 8, and its credit note in CDNUR', () => {
    const large = invoiceOf(BENGALURU, [
      { price: 105000, rateBp: 500, hsn: '0604' },
      { price: 2000, quantity: 3, rateBp: 0 },
    ]);
    const gst = report({ invoices: issued(large), creditNotes: [creditNote(large, 4)] });
    const invoiceNumber = large.order.invoiceNumber!;
    expect(gst.b2cl).toEqual([
      {
        invoiceNumber,
        invoiceDate: '2026-05-10',
        invoiceValue: 111000,
        placeOfSupply: '29-Karnataka',
        rate: 5,
        taxableValue: 100000,
        integratedTax: 5000,
        centralTax: 0,
        stateTax: 0,
      },
    ]);
    expect(gst.cdnur).toEqual([
      {
        urType: 'B2CL',
        noteNumber: 'CN/2026-27/00004',
        noteDate: '2026-05-25',
        noteType: 'C',
        placeOfSupply: '29-Karnataka',
        noteValue: 111000,
        rate: 5,
        invoiceNumber,
        taxableValue: 100000,
        integratedTax: 5000,
        centralTax: 0,
        stateTax: 0,
      },
    ]);
    // Sold and taken back in the same month: nothing left in the tables that are net of notes.
    expect(gst.exemp.every((row) => row.exempted === 0)).toBe(true);
    expect(gst.hsn).toEqual([]);
    expect(gst.totals.creditNotes).toEqual({ documents: 1, value: 111000, taxableValue: 106000, integratedTax: 5000, centralTax: 0, stateTax: 0 });
    expect(gst.totals.net).toEqual({ value: 0, taxableValue: 0, integratedTax: 0, centralTax: 0, stateTax: 0 });
    expect(gst.docs).toEqual([
      { nature: 'Invoices for outward supply', from: invoiceNumber, to: invoiceNumber, totalNumber: 1, cancelled: 0, netIssued: 1 },
      { nature: 'Credit Note', from: 'CN/2026-27/00004', to: 'CN/2026-27/00004', totalNumber: 1, cancelled: 0, netIssued: 1 },
    ]);
  });

  it("nets a credit note for an earlier month's small invoice out of B2CS, Table 8 and the HSN summary", () => {
    const april = invoiceOf(
      CHENNAI,
      [
        { price: 525, rateBp: 500 },
        { price: 100, quantity: 2, rateBp: 0 },
      ],
      '2026-04-28T05:00:00.000Z',
    );
    const may = invoiceOf(CHENNAI, [
      { price: 1050, quantity: 2, rateBp: 500 },
      { price: 100, quantity: 5, rateBp: 0 },
    ]);
    const gst = report({ invoices: issued(may), creditNotes: [creditNote(april, 1)] });
    expect(gst.b2cs).toEqual([{ type: 'OE', placeOfSupply: '33-Tamil Nadu', rate: 5, taxableValue: 1500, integratedTax: 0, centralTax: 37.5, stateTax: 37.5 }]);
    expect(gst.exemp[3]).toEqual({ description: 'Intra-State supplies to unregistered persons', nilRated: 0, exempted: 300, nonGst: 0 });
    expect(gst.hsn.map((row) => [row.rate, row.totalQuantity, row.totalValue, row.taxableValue])).toEqual([
      [0, 3, 300, 300],
      [5, 1, 1575, 1500],
    ]);
    expect(gst.cdnur).toEqual([]);
  });

  it('counts a cancelled invoice in Table 13 only', () => {
    const [kept, cancelled] = [invoiceOf(CHENNAI, [{ price: 105, rateBp: 500 }]), invoiceOf(BENGALURU, [{ price: 200000, rateBp: 500 }])];
    const gst = report({ invoices: [...issued(kept), { ...cancelled, cancelled: true }] });
    expect(gst.b2cl).toEqual([]);
    expect(gst.b2cs.map((row) => row.placeOfSupply)).toEqual(['33-Tamil Nadu']);
    expect(gst.totals.invoices.documents).toBe(1);
    expect(gst.docs).toEqual([
      { nature: 'Invoices for outward supply', from: kept.order.invoiceNumber, to: cancelled.order.invoiceNumber, totalNumber: 2, cancelled: 1, netIssued: 1 },
    ]);
  });

  it('adds up: B2CL, B2CS and Table 8 less CDNUR is the HSN summary and the net total, to the paisa', () => {
    let seed = 5;
    const random = () => (seed = (seed * 48271) % 2147483647);
    const pincodes = [CHENNAI, BENGALURU, '110001', '635109'];
    const sources = Array.from({ length: 60 }, () =>
      invoiceOf(
        pincodes[random() % pincodes.length],
        Array.from({ length: 1 + (random() % 4) }, () => ({
          price: (1 + (random() % 6_000_000)) / 100,
          quantity: 1 + (random() % 3),
          rateBp: [0, 500, 1800][random() % 3],
        })),
      ),
    );
    const gst = report({ invoices: issued(...sources.slice(0, 50)), creditNotes: sources.slice(40).map((source, index) => creditNote(source, index + 1)) });
    const paise = (rows: { taxableValue: number }[]) => rows.reduce((sum, row) => sum + rupeesToPaise(row.taxableValue), 0);
    const exemptPaise = gst.exemp.reduce((sum, row) => sum + rupeesToPaise(row.exempted), 0);
    expect(paise(gst.b2cl) + paise(gst.b2cs) + exemptPaise - paise(gst.cdnur)).toBe(rupeesToPaise(gst.totals.net.taxableValue));
    expect(paise(gst.hsn)).toBe(rupeesToPaise(gst.totals.net.taxableValue));
    for (const tax of ['integratedTax', 'centralTax', 'stateTax'] as const) {
      const sum = (rows: GstTaxes[]) => rows.reduce((total, row) => total + rupeesToPaise(row[tax]), 0);
      expect(sum(gst.hsn)).toBe(rupeesToPaise(gst.totals.net[tax]));
      expect(sum(gst.b2cl) + sum(gst.b2cs) - sum(gst.cdnur)).toBe(rupeesToPaise(gst.totals.net[tax]));
    }
    expect(gst.b2cl.length).toBeGreaterThan(0);
    expect(gst.cdnur.length).toBeGreaterThan(0);
  });
});

describe('the CSV files of the offline tool', () => {
  const large = invoiceOf(BENGALURU, [{ price: 105000, rateBp: 500 }], '2026-05-04T20:00:00.000Z');
  const small = invoiceOf(CHENNAI, [
    { price: 210, rateBp: 500 },
    { price: 45.5, quantity: 3, rateBp: 0, hsn: '0604' },
  ]);
  const gst = report({ invoices: issued(large, small), creditNotes: [creditNote(large, 2)] });

  it.each([
    [
      'b2cl',
      [
        'Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
        `${large.order.invoiceNumber},05-May-2026,105000.00,29-Karnataka,,5,100000.00,,`,
      ],
    ],
    ['b2cs', ['Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN', 'OE,33-Tamil Nadu,5,,200.00,,']],
    [
      'cdnur',
      [
        'UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
        'B2CL,CN/2026-27/00002,25-May-2026,C,29-Karnataka,105000.00,,5,100000.00,',
      ],
    ],
    [
      'exemp',
      [
        'Description,Nil Rated Supplies,Exempted(other than nil rated/non GST supply),Non-GST supplies',
        'Inter-State supplies to registered persons,0.00,0.00,0.00',
        'Intra-State supplies to registered persons,0.00,0.00,0.00',
        'Inter-State supplies to unregistered persons,0.00,0.00,0.00',
        'Intra-State supplies to unregistered persons,0.00,136.50,0.00',
      ],
    ],
    [
      'hsn',
      [
        'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
        '0603,,NOS-NUMBERS,1,210.00,5,200.00,0.00,5.00,5.00,',
        '0604,,NOS-NUMBERS,3,136.50,0,136.50,0.00,0.00,0.00,',
      ],
    ],
    [
      'docs',
      [
        'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled',
        `Invoices for outward supply,${large.order.invoiceNumber},${small.order.invoiceNumber},2,0`,
        'Credit Note,CN/2026-27/00002,CN/2026-27/00002,1,0',
      ],
    ],
  ] as const)('writes %s with the tool’s headings, CRLF line ends', (table, lines) => {
    expect(gstr1Csv(gst, table)).toBe(`${lines.join('\r\n')}\r\n`);
  });

  it('names each file after the month and the sheet', () => {
    expect(gstr1CsvFileName('2026-05', 'hsn')).toBe('GSTR1_2026-05_hsn(b2c).csv');
    expect(gstr1CsvFileName('2026-05', 'b2cs')).toBe('GSTR1_2026-05_b2cs.csv');
  });

  it("reports an erased customer's order under the place of supply kept for it, not the seller's state", () => {
    const bengaluru = invoiceOf(BENGALURU, [{ price: 210, rateBp: 500 }]);
    const erased: InvoiceSource = {
      ...bengaluru,
      order: { ...bengaluru.order, delivery: { ...bengaluru.order.delivery!, pincode: null }, address: '' },
      keptPlaceOfSupply: '29',
    };
    expect(report({ invoices: issued(erased) }).b2cs).toEqual(report({ invoices: issued(bengaluru) }).b2cs);
  });

  it('lists each invoice series on its own row of Table 13 (the month the 16-character series began)', () => {
    const before = invoiceOf(CHENNAI, [{ price: 100, rateBp: 0 }]);
    const after = invoiceOf(CHENNAI, [{ price: 100, rateBp: 0 }]);
    const gst = report({
      invoices: issued(
        { ...before, order: { ...before.order, invoiceNumber: 'TB/2026-27/000010' } },
        { ...after, order: { ...after.order, invoiceNumber: 'TB/26-27/000011' } },
      ),
    });
    expect(gst.docs.map((row) => [row.from, row.to, row.totalNumber])).toEqual([
      ['TB/2026-27/000010', 'TB/2026-27/000010', 1],
      ['TB/26-27/000011', 'TB/26-27/000011', 1],
    ]);
  });
});
