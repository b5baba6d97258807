import { addToCart, cartCount, cartTotal, getCart, OUT_OF_STOCK, OVER_STOCK, refreshCart, removeFromCart, setQuantity } from './cart-store';

const rose = { _id: 'rose', name: 'Red Rose', price: 45.5, stock: 3, image: '/r.webp' };

describe('cart store', () => {
  it('adds with quantity 1 by default and counts quantities', () => {
    expect(addToCart(rose)).toEqual({ ok: true });
    expect(addToCart(rose)).toEqual({ ok: true });
    expect(getCart()).toHaveLength(1);
    expect(cartCount()).toBe(2);
    expect(cartTotal()).toBe(91);
  });

  it('refuses past the stock and when out of stock, with the spec texts', () => {
    addToCart(rose, 3);
    expect(addToCart(rose)).toEqual({ ok: false, message: OVER_STOCK });
    expect(addToCart({ ...rose, _id: 'gone', stock: 0 })).toEqual({ ok: false, message: OUT_OF_STOCK });
    expect(OVER_STOCK).toBe('Cannot add more than available stock.');
    expect(OUT_OF_STOCK).toBe('Product is out of stock.');
  });

  it('clamps quantities between 1 and the stock', () => {
    addToCart(rose);
    setQuantity('rose', 0);
    expect(getCart()[0].quantity).toBe(1);
    expect(setQuantity('rose', 10)).toEqual({ ok: false, message: OVER_STOCK });
    expect(getCart()[0].quantity).toBe(3);
    removeFromCart('rose');
    expect(getCart()).toEqual([]);
  });

  it('shows the current truth after a refresh: new price, less stock, deleted product', () => {
    addToCart(rose, 3);
    addToCart({ ...rose, _id: 'fern', name: 'Fern', price: 10, stock: 5 });
    const result = refreshCart([{ ...rose, price: 50, stock: 2 }]);
    expect(result).toEqual({ repriced: ['Red Rose'], reduced: ['Red Rose'], removed: ['Fern'] });
    expect(getCart()).toEqual([{ product: expect.objectContaining({ _id: 'rose', price: 50, stock: 2 }), quantity: 2 }]);
  });

  it('reads a damaged stored cart as empty', () => {
    localStorage.setItem('cart', '{not json');
    expect(getCart()).toEqual([]);
  });
});
