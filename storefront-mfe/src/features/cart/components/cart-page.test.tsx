import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { addToCart, getCart } from '@thalir/cart';
import CartPage from './cart-page';

const rose = { _id: 'rose', name: 'Red Rose', price: 45.5, stock: 3, image: '/r.webp' };
const fern = { _id: 'fern', name: 'Fern', price: 10.25, stock: 5, image: '/f.webp' };

/** The catalogue as the server has it now; null for a deleted product (404). */
function serveCatalogue(products: Record<string, object | null>) {
  return mockApi(
    Object.fromEntries(
      Object.entries(products).map(([id, product]) => [
        `GET /api/products/${id}`,
        () => (product ? jsonAnswer({ success: true, data: product }) : jsonAnswer({ success: false, message: 'Product not found' }, 404)),
      ]),
    ),
  );
}

function renderCart() {
  render(
    <MemoryRouter>
      <CartPage />
    </MemoryRouter>,
  );
}

async function settled() {
  await waitFor(() => expect(screen.queryByText('Checking current prices and stock…')).not.toBeInTheDocument());
}

describe('CartPage', () => {
  it('says the cart is empty and links to the shop', async () => {
    const { calls } = serveCatalogue({});
    renderCart();
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
    expect(calls).toEqual([]);
  });

  it('shows each line with its product link, unit price and the total with 2 decimals', async () => {
    addToCart(rose, 2);
    addToCart(fern);
    serveCatalogue({ rose, fern });
    renderCart();
    await settled();

    expect(screen.getByRole('link', { name: 'Red Rose' })).toHaveAttribute('href', '/product/rose');
    expect(screen.getByRole('img', { name: 'Red Rose' })).toHaveAttribute('src', '/r.webp');
    expect(screen.getByText('₹45.50')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹101.25');
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('clamps the quantity between 1 and the stock and says so past the stock', async () => {
    const user = userEvent.setup();
    addToCart(rose, 2);
    serveCatalogue({ rose });
    renderCart();
    await settled();

    const minus = screen.getByRole('button', { name: 'Decrease quantity of Red Rose' });
    const plus = screen.getByRole('button', { name: 'Increase quantity of Red Rose' });
    await user.click(minus);
    expect(getCart()[0].quantity).toBe(1);
    expect(minus).toBeDisabled();

    await user.click(plus);
    await user.click(plus);
    expect(getCart()[0].quantity).toBe(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(plus);
    expect(getCart()[0].quantity).toBe(3);
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot add more than available stock.');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹136.50');

    await user.click(minus);
    expect(getCart()[0].quantity).toBe(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('removes a line and updates the total', async () => {
    const user = userEvent.setup();
    addToCart(rose);
    addToCart(fern);
    serveCatalogue({ rose, fern });
    renderCart();
    await settled();

    await user.click(screen.getByRole('button', { name: 'Remove Red Rose' }));
    expect(screen.queryByText('Red Rose')).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹10.25');
    await user.click(screen.getByRole('button', { name: 'Remove Fern' }));
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
  });

  it('refreshes a stale cart from the catalogue and lists what changed', async () => {
    addToCart(rose, 3);
    addToCart(fern);
    const { callsTo } = serveCatalogue({ rose: { ...rose, price: 50, stock: 2 }, fern: null });
    renderCart();

    expect(
      await screen.findByText('Prices or stock changed since you added these items: Red Rose (price changed, only 2 left); Fern (no longer sold).'),
    ).toBeInTheDocument();
    expect(callsTo('GET', '/api/products/rose')).not.toHaveLength(0);
    expect(callsTo('GET', '/api/products/fern')).not.toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Fern' })).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹100.00');
    expect(getCart()).toEqual([{ product: expect.objectContaining({ _id: 'rose', price: 50, stock: 2 }), quantity: 2 }]);
  });
});
