import type { Order } from '@thalir/contracts';
import { rupeesToPaise } from '../common/money';
import { invoiceTax } from '../tax/gst';
import { invoiceRows, taxableLineOf } from './invoice-rows';
import { discountedOrder, discountedOrderLines } from '../../test/invoice-fixtures';

/** What the customer pays for each row, summed: the order's total, to the paisa. */
const rowsTotalPaise = (order: Order, lines: { hsnCode: string; gstRateBp: number }[]) =>
  invoiceRows(order, lines).reduce((sum, row) => sum + taxableLineOf(row).totalPaise, 0);

describe('invoice rows: the lines after their discounts, and the delivery charge', () => {
  it('taxes the delivery charge at the rate and HSN of the line with the largest taxable value, after its discount', () => {
    const rows = invoiceRows(discountedOrder, discountedOrderLines);
    expect(rows.at(-1)).toEqual({
      description: 'Delivery charge',
      hsnCode: '0603',
      gstRateBp: 500,
      quantity: null,
      unitPaise: null,
      grossPaise: 6000,
      discountPaise: 0,
    });
    expect(rows.map(taxableLineOf)).toEqual([
      { totalPaise: 134910, rateBp: 500 },
      { totalPaise: 81000, rateBp: 0 },
      { totalPaise: 6000, rateBp: 500 },
    ]);
    expect(rowsTotalPaise(discountedOrder, discountedOrderLines)).toBe(rupeesToPaise(discountedOrder.totalAmount));

    // The exempt roses worth ₹1,500 before the discount are the principal supply; after a ₹700 discount it is the vase.
    const vaseAndRoses = (roseDiscount: number): Order => ({
      ...discountedOrder,
      orderItems: [
        { name: 'Vase', product: 'p1', quantity: 1, price: 1000, discount: 0 },
        { name: 'Roses', product: 'p2', quantity: 1, price: 1500, discount: roseDiscount },
      ],
      discounts: roseDiscount ? [{ name: 'Roses ₹700 off', amount: roseDiscount }] : [],
      totalAmount: 2560 - roseDiscount,
    });
    const lines = [
      { hsnCode: '6913', gstRateBp: 1800 },
      { hsnCode: '0603', gstRateBp: 0 },
    ];
    expect(invoiceRows(vaseAndRoses(0), lines).at(-1)).toMatchObject({ hsnCode: '0603', gstRateBp: 0 });
    expect(invoiceRows(vaseAndRoses(700), lines).at(-1)).toMatchObject({ hsnCode: '6913', gstRateBp: 1800 });
  });

  it('shows free delivery as the delivery charge with all of it discounted, and no delivery row for an order that had none', () => {
    const freeDelivery: Order = {
      ...discountedOrder,
      discounts: [...discountedOrder.discounts!, { name: 'Free delivery', code: 'SHIPFREE', amount: 60 }],
      totalAmount: 2159.1,
    };
    expect(invoiceRows(freeDelivery, discountedOrderLines).at(-1)).toMatchObject({ description: 'Delivery charge', grossPaise: 6000, discountPaise: 6000 });
    expect(rowsTotalPaise(freeDelivery, discountedOrderLines)).toBe(rupeesToPaise(freeDelivery.totalAmount));

    const before: Order = {
      ...discountedOrder,
      deliveryFee: 0,
      discounts: [],
      orderItems: discountedOrder.orderItems.map((item) => ({ ...item, discount: 0 })),
    };
    expect(invoiceRows(before, discountedOrderLines).map((row) => row.description)).toEqual(['Dried Lavender Arrangement', 'Red Rose Bunch (12 stems)']);
  });

  it('adds up to the order total, to the paisa, whatever the discounts, fees and rates', () => {
    const rates = [0, 500, 1200, 1800];
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647);
    for (let invoice = 0; invoice < 300; invoice++) {
      const items = Array.from({ length: 1 + (random() % 25) }, (_, index) => {
        const unitPaise = 1 + (random() % 500_000);
        const quantity = 1 + (random() % 20);
        return { name: `Line ${index}`, product: `p${index}`, quantity, price: unitPaise / 100, discount: (random() % (unitPaise * quantity)) / 100 };
      });
      const lines = items.map(() => ({ hsnCode: '0603', gstRateBp: rates[random() % rates.length] }));
      const deliveryFeePaise = random() % 20_000;
      const deliveryDiscountPaise = random() % 2 ? deliveryFeePaise : 0;
      const itemDiscountsPaise = items.reduce((sum, item) => sum + rupeesToPaise(item.discount), 0);
      const itemsPaise = items.reduce((sum, item) => sum + rupeesToPaise(item.price) * item.quantity, 0);
      const order: Order = {
        ...discountedOrder,
        orderItems: items,
        deliveryFee: deliveryFeePaise / 100,
        discounts: [
          { name: 'Items', amount: itemDiscountsPaise / 100 },
          { name: 'Delivery', amount: deliveryDiscountPaise / 100 },
        ],
        totalAmount: (itemsPaise - itemDiscountsPaise + deliveryFeePaise - deliveryDiscountPaise) / 100,
      };
      const { totals } = invoiceTax(invoiceRows(order, lines).map(taxableLineOf), '33', '33');
      expect(totals.totalPaise).toBe(rupeesToPaise(order.totalAmount));
      expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise).toBe(totals.totalPaise);
    }
  });
});
