import { INVOICE_NAME_AND_ADDRESS_FROM_RUPEES } from '@thalir/contracts';
import { rupeesToPaise } from '../common/money';

/**
 * What an erased customer's invoices keep (docs/customer-data.md). The shop keeps its accounts,
 * invoices included, for 72 months from the due date of the year's annual return (CGST Act 2017,
 * section 36). An invoice to an unregistered recipient must carry their name and address, and the
 * address of delivery, only when the taxable value is ₹50,000 or more (CGST Rules 2017, rule 46(e)):
 * below that, an erasure takes them off.
 */
export const NAME_AND_ADDRESS_FROM_TAXABLE_PAISE = rupeesToPaise(INVOICE_NAME_AND_ADDRESS_FROM_RUPEES);

export const invoiceKeepsNameAndAddress = (taxablePaise: number): boolean => taxablePaise >= NAME_AND_ADDRESS_FROM_TAXABLE_PAISE;
