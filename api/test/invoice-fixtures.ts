import type { Order } from '@thalir/contracts';
import type { InvoiceLineTax } from '../src/invoices/invoice-renderer';

/**
 * An order as its JSON reads, for the invoice without a database: a festive 10% off two lines, one
 * taxed at 5% and one exempt, and ₹60 for delivery in Chennai (within the seller's state):
 * ₹1,499 + ₹900 − ₹239.90 + ₹60 = ₹2,219.10. The sample in docs/samples is this order.
 */
export const discountedOrder: Order = {
  _id: '9b1d2c3e-0000-4000-8000-000000000077',
  orderItems: [
    { name: 'Dried Lavender Arrangement', product: 'p1', quantity: 1, price: 1499, discount: 149.9 },
    { name: 'Red Rose Bunch (12 stems)', product: 'p2', quantity: 2, price: 450, discount: 90 },
  ],
  totalAmount: 2219.1,
  paymentMethod: 'cash',
  address: '4 Temple Road, Chennai 600017',
  status: 'pending',
  isPaid: false,
  paidAt: null,
  createdAt: '2026-11-25T05:00:00.000Z',
  user: { _id: 'u1', name: 'Kavya Raman', email: 'kavya@example.com' },
  delivery: { date: '2026-11-26', slot: 'Morning 8–12', recipientName: 'Lakshmi', recipientPhone: '+919876543210', pincode: '600017', giftMessage: null },
  invoiceNumber: 'TB/2026-27/000077',
  deliveryFee: 60,
  discounts: [{ name: 'Festive 10% off', code: 'FESTIVE10', amount: 239.9 }],
};

/** Its lines' HSN codes and GST rates, as sold. */
export const discountedOrderLines: InvoiceLineTax[] = [
  { hsnCode: '0603', gstRateBp: 500 },
  { hsnCode: '0603', gstRateBp: 0 },
];

/** 25 discounted lines at two GST rates, the delivery charge and a 500-character address: the most one page must hold. */
export function longOrder(): { order: Order; lines: InvoiceLineTax[] } {
  const orderItems = Array.from({ length: 25 }, (_, index) => ({
    name: `Line ${index + 1} Extraordinarily Long Chrysanthemum Name`,
    product: `p${index}`,
    quantity: 3,
    price: 1205.5,
    discount: 361.65,
  }));
  const order: Order = {
    ...discountedOrder,
    orderItems,
    address: 'Flat 9, '.repeat(61) + 'Chennai 600017',
    discounts: [{ name: 'Festive 10% off', code: 'FESTIVE10', amount: 25 * 361.65 }],
    totalAmount: (25 * (361650 - 36165) + 6000) / 100,
  };
  return { order, lines: orderItems.map((_, index) => ({ hsnCode: '0603', gstRateBp: index % 2 ? 0 : 500 })) };
}
