import { lineTax } from './gst';
import { invoiceKeepsNameAndAddress, NAME_AND_ADDRESS_FROM_TAXABLE_PAISE } from './invoice-retention';

describe("what an erased customer's invoice keeps (CGST Rules 2017, rule 46(e))", () => {
  it.each([
    [0, false],
    [NAME_AND_ADDRESS_FROM_TAXABLE_PAISE - 1, false],
    [NAME_AND_ADDRESS_FROM_TAXABLE_PAISE, true],
    [NAME_AND_ADDRESS_FROM_TAXABLE_PAISE + 1, true],
  ])('taxable %i paise: name and address kept %s', (taxablePaise, kept) => {
    expect(invoiceKeepsNameAndAddress(taxablePaise)).toBe(kept);
  });

  it('goes by the taxable value, before GST: ₹52,000 of goods taxed at 5% is ₹49,523.81 taxable, so the name goes', () => {
    const { taxablePaise } = lineTax({ totalPaise: 5_200_000, rateBp: 500 }, false);
    expect(taxablePaise).toBe(4_952_381);
    expect(invoiceKeepsNameAndAddress(taxablePaise)).toBe(false);
  });
});
