import { act, renderHook, waitFor } from '@testing-library/react';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { checkCart, describeCartChanges, useCartCheck } from './cart-check';
import { addToCart, getCart } from './cart-store';

const rose = { _id: 'rose', name: 'Red Rose', price: 45.5, stock: 5, image: '/r.webp' };
const fern = { _id: 'fern', name: 'Fern', price: 10, stock: 5, image: '/f.webp' };
const lily = { _id: 'lily', name: 'Lily', price: 30, stock: 5, image: '/l.webp' };
const tulip = { _id: 'tulip', name: 'Tulip', price: 20, stock: 5, image: '/t.webp' };

/** The catalogue as the server has it now: a product, 404 for a deleted one, or another error status. */
function serve(products: Record<string, object | number>) {
  const answerFor = (answer: object | number) => {
    if (answer === 404) return jsonAnswer({ success: false, message: 'Product not found' }, 404);
    if (typeof answer === 'number') return jsonAnswer({ message: 'Server trouble' }, answer);
    return jsonAnswer({ success: true, data: answer });
  };
  return mockApi(Object.fromEntries(Object.entries(products).map(([id, answer]) => [`GET /api/products/${id}`, () => answerFor(answer)])));
}

describe('checkCart', () => {
  it('asks for every line and reports repriced, reduced, sold-out and deleted products', async () => {
    addToCart(rose, 3);
    addToCart(fern, 2);
    addToCart(lily);
    addToCart(tulip);
    const api = serve({ rose: { ...rose, price: 50, stock: 2 }, fern: 404, lily: { ...lily, stock: 0 }, tulip });

    const result = await checkCart();

    expect(api.calls).toHaveLength(4);
    expect(result).toEqual({
      changes: [
        { name: 'Red Rose', notes: ['price changed', 'only 2 left'] },
        { name: 'Fern', notes: ['no longer sold'] },
        { name: 'Lily', notes: ['sold out'] },
      ],
      unchecked: 0,
    });
    expect(getCart().map((item) => [item.product._id, item.product.price, item.quantity])).toEqual([
      ['rose', 50, 2],
      ['tulip', 20, 1],
    ]);
  });

  it('describes the changes in one sentence for the notice', () => {
    expect(
      describeCartChanges([
        { name: 'Red Rose', notes: ['price changed', 'only 2 left'] },
        { name: 'Fern', notes: ['no longer sold'] },
      ]),
    ).toBe('Prices or stock changed since you added these items: Red Rose (price changed, only 2 left); Fern (no longer sold).');
  });

  it('leaves lines it could not check as they are', async () => {
    addToCart(rose, 2);
    serve({ rose: 503 });
    expect(await checkCart()).toEqual({ changes: [], unchecked: 1 });
    expect(getCart()).toEqual([{ product: expect.objectContaining({ _id: 'rose' }), quantity: 2 }]);
  });
});

describe('useCartCheck', () => {
  it('checks on mount and again on recheck', async () => {
    addToCart(rose, 2);
    serve({ rose });
    const { result } = renderHook(() => useCartCheck());
    expect(result.current.checking).toBe(true);
    await waitFor(() => expect(result.current.checking).toBe(false));
    expect(result.current.changes).toEqual([]);

    serve({ rose: { ...rose, stock: 1 } });
    act(() => result.current.recheck());
    await waitFor(() => expect(result.current.changes).toEqual([{ name: 'Red Rose', notes: ['only 1 left'] }]));
    expect(result.current.checking).toBe(false);
  });
});
