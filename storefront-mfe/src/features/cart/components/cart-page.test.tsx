import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { addToCart, getCart } from '@thalir/cart';
import CartPage from './cart-page';

function json(body: unknown, status = 200) {
  return { ok: status < 400, status, headers: { get: () => 'application/json' }, json: async () => body };
}

const rose = { _id: 'rose', name: 'Red Rose', price: 45.5, stock: 3, image: '/r.webp' };
const fern = { _id: 'fern', name: 'Fern', price: 10.25, stock: 5, image: '/f.webp' };

/** The catalogue as the server has it now; a missing id answers 404 (deleted). */
function serveCatalogue(products: Record<string, object>) {
  global.fetch = jest.fn(async (url: string) => {
    const product = products[decodeURIComponent(url.replace('/api/products/', ''))];
    return product ? json({ success: true, data: product }) : json({ success: false, message: 'Product not found' }, 404);
  }) as unknown as typeof fetch;
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
    serveCatalogue({});
    renderCart();
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
    expect(global.fetch).not.toHaveBeenCalled();
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
    serveCatalogue({ rose: { ...rose, price: 50, stock: 2 } });
    renderCart();

    expect(
      await screen.findByText('Prices or stock changed since you added these items: Red Rose (price changed, only 2 left); Fern (no longer sold).'),
    ).toBeInTheDocument();
    expect(global.fetch).toHaveBeenCalledWith('/api/products/rose', expect.anything());
    expect(global.fetch).toHaveBeenCalledWith('/api/products/fern', expect.anything());
    expect(screen.queryByRole('link', { name: 'Fern' })).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹100.00');
    expect(getCart()).toEqual([{ product: expect.objectContaining({ _id: 'rose', price: 50, stock: 2 }), quantity: 2 }]);
  });
});
