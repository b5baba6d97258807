import { numberInWords, rupeesInWords } from './amount-in-words';
import { financialYearOf, invoiceNumber } from './financial-year';
import { formatRate, invoiceTax, lineTax, principalSupplyIndex } from './gst';
import { gstinCheckCharacter, isValidGstin } from './gstin';
import { stateOfPincode } from './indian-states';

describe('GST per line on tax-inclusive prices', () => {
  it.each([
    // total, rate (bp), inter-state, expected
    [10500, 500, false, { taxablePaise: 10000, cgstPaise: 250, sgstPaise: 250, igstPaise: 0 }],
    [10500, 500, true, { taxablePaise: 10000, cgstPaise: 0, sgstPaise: 0, igstPaise: 500 }],
    [12050, 0, false, { taxablePaise: 12050, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 }],
    // 999 / 1.05 = 951.43 → 951 taxable, 48 tax split 24 + 24
    [999, 500, false, { taxablePaise: 951, cgstPaise: 24, sgstPaise: 24, igstPaise: 0 }],
    // 1001 / 1.12 = 893.75 → 894 taxable, 107 tax: the odd paisa goes to CGST
    [1001, 1200, false, { taxablePaise: 894, cgstPaise: 54, sgstPaise: 53, igstPaise: 0 }],
    [1, 1800, false, { taxablePaise: 1, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 }],
    [2, 2800, true, { taxablePaise: 2, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 }],
    [100000, 25, false, { taxablePaise: 99751, cgstPaise: 125, sgstPaise: 124, igstPaise: 0 }],
  ])('%i paise at %i bp (inter-state %s)', (totalPaise, rateBp, interState, expected) => {
    expect(lineTax({ totalPaise, rateBp }, interState)).toEqual(expected);
  });

  it('adds up to what the customer paid, to the paisa, line by line and in total, whatever the prices', () => {
    const rates = [0, 25, 300, 500, 1200, 1800, 2800];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647);
    for (let invoice = 0; invoice < 500; invoice++) {
      const lines = Array.from({ length: 1 + (random() % 25) }, () => ({ totalPaise: random() % 5_000_000, rateBp: rates[random() % rates.length] }));
      for (const interState of [false, true]) {
        const tax = invoiceTax(lines, '33', interState ? '29' : '33');
        tax.lines.forEach((line, index) => expect(line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(lines[index].totalPaise));
        const { totals } = tax;
        expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(totals.totalPaise);
        const summed = tax.byRate.reduce((sum, row) => sum + row.taxablePaise + row.cgstPaise + row.sgstPaise + row.igstPaise, 0);
        expect(summed).toBe(totals.totalPaise);
      }
    }
  });

  it('sums by rate, tells inter-state supplies, and calls an all-exempt invoice a Bill of Supply', () => {
    const tax = invoiceTax(
      [
        { totalPaise: 10500, rateBp: 500 },
        { totalPaise: 4000, rateBp: 0 },
        { totalPaise: 21000, rateBp: 500 },
      ],
      '33',
      '29',
    );
    expect(tax.interState).toBe(true);
    expect(tax.billOfSupply).toBe(false);
    expect(tax.byRate).toEqual([
      { rateBp: 0, taxablePaise: 4000, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 },
      { rateBp: 500, taxablePaise: 30000, cgstPaise: 0, sgstPaise: 0, igstPaise: 1500 },
    ]);
    expect(invoiceTax([{ totalPaise: 4000, rateBp: 0 }], '33', null)).toMatchObject({ interState: false, billOfSupply: true });
    expect([formatRate(500), formatRate(25), formatRate(0)]).toEqual(['5%', '0.25%', '0%']);
  });

  it('finds the principal supply, which a delivery charge is taxed with: the largest taxable value, not the largest price', () => {
    // ₹1,180 at 18% is ₹1,000 taxable; ₹1,100 exempt is ₹1,100 taxable.
    const vaseAndRoses = [
      { totalPaise: 118000, rateBp: 1800 },
      { totalPaise: 110000, rateBp: 0 },
    ];
    expect(principalSupplyIndex(vaseAndRoses)).toBe(1);
    expect(
      principalSupplyIndex([
        { totalPaise: 118000, rateBp: 1800 },
        { totalPaise: 90000, rateBp: 0 },
      ]),
    ).toBe(0);
    expect(
      principalSupplyIndex([
        { totalPaise: 500, rateBp: 0 },
        { totalPaise: 500, rateBp: 0 },
      ]),
    ).toBe(0);
    expect(principalSupplyIndex([])).toBe(-1);
  });
});

describe('amounts in words, Indian numbering', () => {
  it.each([
    [125015, 'Rupees One Thousand Two Hundred Fifty and Fifteen Paise Only'],
    [125000, 'Rupees One Thousand Two Hundred Fifty Only'],
    [50, 'Rupees Zero and Fifty Paise Only'],
    [100, 'Rupees One Only'],
    [1_10_000_00, 'Rupees One Lakh Ten Thousand Only'],
    [12_34_56_789_01, 'Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine and One Paise Only'],
    [2_147_483_647, 'Rupees Two Crore Fourteen Lakh Seventy Four Thousand Eight Hundred Thirty Six and Forty Seven Paise Only'],
    [1_000_00, 'Rupees One Thousand Only'],
    [1_900_00, 'Rupees One Thousand Nine Hundred Only'],
    [19_99, 'Rupees Nineteen and Ninety Nine Paise Only'],
  ])('%i paise', (paise, words) => {
    expect(rupeesInWords(paise)).toBe(words);
  });

  it('writes crores of crores', () => {
    expect(numberInWords(1_00_000_00_00_000)).toBe('One Lakh Crore');
    expect(numberInWords(1_00_00_00_00_000)).toBe('Ten Thousand Crore');
  });
});

describe('financial years and invoice numbers', () => {
  it.each([
    ['2026-03-31T18:29:59Z', '2025-26'],
    ['2026-03-31T18:30:00Z', '2026-27'],
    ['2026-11-25T10:00:00Z', '2026-27'],
    ['2099-12-31T00:00:00Z', '2099-00'],
  ])('%s is in %s', (moment, year) => {
    expect(financialYearOf(new Date(moment))).toBe(year);
  });

  it('numbers invoices TB/<year>/<six digits>', () => {
    expect(invoiceNumber('2026-27', 123)).toBe('TB/26-27/000123');
    // Rule 46(b) of the CGST Rules: at most 16 characters, to the last number a year can hold.
    expect(invoiceNumber('2099-00', 999_999).length).toBeLessThanOrEqual(16);
  });
});

describe('PIN codes to states', () => {
  it.each([
    ['635109', 'Tamil Nadu', '33'],
    ['600001', 'Tamil Nadu', '33'],
    ['603103', 'Tamil Nadu', '33'],
    ['560034', 'Karnataka', '29'],
    ['562125', 'Karnataka', '29'],
    ['605001', 'Puducherry', '34'],
    ['605602', 'Tamil Nadu', '33'],
    ['110001', 'Delhi', '07'],
    ['160017', 'Chandigarh', '04'],
    ['403001', 'Goa', '30'],
    ['400001', 'Maharashtra', '27'],
    ['500001', 'Telangana', '36'],
    ['682555', 'Lakshadweep', '31'],
    ['682001', 'Kerala', '32'],
    ['737101', 'Sikkim', '11'],
    ['834001', 'Jharkhand', '20'],
    ['248001', 'Uttarakhand', '05'],
  ])('%s is in %s (%s)', (pincode, name, code) => {
    expect(stateOfPincode(pincode)).toEqual({ name, code });
  });

  it.each(['012345', '999999', '63510', 'abcdef', '350001'])('%s is not placed', (pincode) => {
    expect(stateOfPincode(pincode)).toBeNull();
  });
});

describe('GSTIN', () => {
  it('accepts a real GSTIN and the demo seller, and refuses wrong check characters and shapes', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('33AABCT1234C1Z3')).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('27aapfu0939f1zv')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Y5')).toBe(false);
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });
});
