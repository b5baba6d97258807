/** Wholesale and export enquiries: the quote form and how staff track it. */

export const ENQUIRY_FREQUENCIES = ['one-off', 'weekly', 'monthly', 'seasonal'] as const;
export type EnquiryFrequency = (typeof ENQUIRY_FREQUENCIES)[number];
export const ENQUIRY_STATUSES = ['new', 'quoted', 'won', 'lost'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/** A wholesale or export buyer's request for a quote (POST /api/enquiries). */
export interface EnquiryRequest {
  company: string;
  contactName: string;
  email: string;
  /** International format: +61 2 9876 5432. */
  phone?: string;
  /** ISO 3166-1 alpha-2, e.g. "AU". */
  country: string;
  productIds?: string[];
  /** Stems per shipment. */
  quantity?: number;
  frequency?: EnquiryFrequency;
  /** YYYY-MM. */
  targetMonth?: string;
  message: string;
}

export interface Enquiry extends Omit<EnquiryRequest, 'productIds'> {
  _id: string;
  /** The products asked about, as they were named then. */
  products: { _id: string; name: string }[];
  status: EnquiryStatus;
  /** The staff's own note; never shown to the buyer. */
  note: string;
  createdAt: string;
  updatedAt: string;
}
