import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { addToCart, getCart } from '@thalir/cart';
import type { Product } from '@thalir/contracts';
import WishlistPage from './wishlist-page';

function product(id: string, name: string, stock: number): Product {
  return {
    _id: id,
    name,
    price: 250,
    stock,
    type: 'flower',
    description: '',
    image: `/uploads/${id}-detail.webp`,
    imageCard: `/uploads/${id}-card.webp`,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
}

const GERBERA = product('gerbera', 'Orange Gerbera', 3);
const FERN = product('fern', 'Leatherleaf Fern', 1);

function renderWishlist() {
  return render(
    <MemoryRouter initialEntries={['/wishlist']}>
      <WishlistPage />
    </MemoryRouter>,
  );
}

function signIn() {
  localStorage.setItem('token', 'customer-token');
  localStorage.setItem('role', 'customer');
}

describe('WishlistPage', () => {
  it('asks a signed-out visitor to log in', () => {
    renderWishlist();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it("says 'Your wishlist is empty'", async () => {
    signIn();
    mockApi({ 'GET /api/wishlist': () => jsonAnswer({ items: [] }) });
    renderWishlist();
    expect(await screen.findByText('Your wishlist is empty')).toBeInTheDocument();
  });

  it('moves an entry into the cart and off the wishlist', async () => {
    const user = userEvent.setup();
    signIn();
    const { calls } = mockApi({
      'GET /api/wishlist': () => jsonAnswer({ items: [{ product: GERBERA }, { product: FERN }] }),
      'DELETE /api/wishlist/gerbera': () => jsonAnswer({ items: [{ product: FERN }] }),
    });
    renderWishlist();

    await user.click(await screen.findByRole('button', { name: /^Add to Cart.*Orange Gerbera$/ }));
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/wishlist/gerbera', authorization: 'Bearer customer-token' });
    expect(getCart()).toEqual([expect.objectContaining({ quantity: 1, product: expect.objectContaining({ _id: 'gerbera' }) })]);
    expect(await screen.findByText(/Orange Gerbera moved to your cart/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Orange Gerbera' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Leatherleaf Fern' })).toBeInTheDocument();
  });

  it('keeps the entry and shows the cart message when the cart refuses it', async () => {
    const user = userEvent.setup();
    signIn();
    addToCart(FERN);
    const { calls } = mockApi({ 'GET /api/wishlist': () => jsonAnswer([FERN]) });
    renderWishlist();

    await user.click(await screen.findByRole('button', { name: /^Add to Cart.*Leatherleaf Fern$/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot add more than available stock.');
    expect(screen.getByRole('heading', { name: 'Leatherleaf Fern' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('removes an entry', async () => {
    const user = userEvent.setup();
    signIn();
    const { calls } = mockApi({
      'GET /api/wishlist': () => jsonAnswer({ items: [{ product: GERBERA }] }),
      'DELETE /api/wishlist/gerbera': () => jsonAnswer({ items: [] }),
    });
    renderWishlist();

    await user.click(await screen.findByRole('button', { name: /^Remove.*Orange Gerbera$/ }));
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/wishlist/gerbera' });
    expect(await screen.findByText('Your wishlist is empty')).toBeInTheDocument();
    expect(getCart()).toEqual([]);
  });
});
