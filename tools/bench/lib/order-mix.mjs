// The order lines both checkout runs place (API and raw SQL): the same deterministic mix, so both
// contend on the same rows the same way.
export const LINES_PER_ORDER = 2;

/** Order `n` of buyer `buyer` over `productCount` products: two distinct products, 1–3 items each. */
export function orderLines(buyer, n, productCount) {
  const first = (buyer * 7 + n * 3) % productCount;
  let second = (buyer * 11 + n * 5 + 1) % productCount;
  if (second === first) second = (second + 1) % productCount;
  return [
    { index: first, quantity: 1 + (n % 3) },
    { index: second, quantity: 1 + ((buyer + n) % 3) },
  ];
}

export const DELIVERY_ADDRESS = '12 Jasmine Street, T. Nagar, Chennai 600017';
