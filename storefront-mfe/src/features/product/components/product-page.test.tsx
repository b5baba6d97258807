import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { jsonAnswer, mockApi, type Routes as ApiRoutes } from '@thalir/api-client/testing';
import { getCart } from '@thalir/cart';
import type { Product } from '@thalir/contracts';
import ProductPage from './product-page';

const ROSE: Product = {
  _id: 'rose-1',
  name: 'Red Naomi Rose',
  price: 1234.5,
  stock: 1,
  type: 'flower',
  description: 'Deep red velvet petals. Long 60 cm stems. Lasts ten days in the vase.',
  image: '/uploads/rose-detail.webp',
  imageCard: '/uploads/rose-card.webp',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function renderProduct(id = ROSE._id) {
  return render(
    <MemoryRouter initialEntries={[`/product/${id}`]}>
      <Routes>
        <Route path="/product/:id" element={<ProductPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

function serve(product: Product, wishlist: ApiRoutes = { 'GET /api/wishlist': () => jsonAnswer({ items: [] }) }) {
  return mockApi({ [`GET /api/products/${product._id}`]: () => jsonAnswer({ success: true, data: product }), ...wishlist });
}

function signIn() {
  localStorage.setItem('token', 'customer-token');
  localStorage.setItem('role', 'customer');
}

describe('ProductPage', () => {
  it('shows a loading state, then the product with the fixed texts', async () => {
    serve(ROSE);
    renderProduct();
    expect(screen.getByText('Loading product…')).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: 'Red Naomi Rose' })).toBeInTheDocument();
    expect(screen.getByText('₹1,234.50')).toBeInTheDocument();
    expect(screen.getByText('In Stock')).toBeInTheDocument();
    expect(screen.getByText('Get it by Tomorrow')).toBeInTheDocument();
    expect(screen.getByText('Inclusive of all taxes')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByText('12,345 ratings')).toBeInTheDocument();
  });

  it("says 'Product not found' for an unknown id", async () => {
    serve(ROSE).answer({ 'GET /api/products/no-such-product': () => jsonAnswer({ success: false, message: 'Product not found' }, 404) });
    renderProduct('no-such-product');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
  });

  it("splits the description on '. ' into bullet points", async () => {
    serve(ROSE);
    renderProduct();
    const details = await screen.findByRole('region', { name: 'About this item' });
    expect(
      within(details)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Deep red velvet petals', 'Long 60 cm stems', 'Lasts ten days in the vase']);
  });

  it('falls back to a default point when there is no description', async () => {
    serve({ ...ROSE, description: '' });
    renderProduct();
    const details = await screen.findByRole('region', { name: 'About this item' });
    expect(within(details).getByRole('listitem')).toHaveTextContent('Freshly harvested and carefully packed by Thalir Blooms');
  });

  it('hides Add to Cart when the product is out of stock', async () => {
    serve({ ...ROSE, stock: 0 });
    renderProduct();
    expect(await screen.findByText('Out of Stock')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Wishlist' })).toBeEnabled();
  });

  it('adds to the cart, then refuses past the stock with the cart message', async () => {
    const user = userEvent.setup();
    serve(ROSE);
    renderProduct();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('status')).toHaveTextContent('Red Naomi Rose is in your cart.');
    expect(getCart()).toEqual([expect.objectContaining({ quantity: 1, product: expect.objectContaining({ _id: 'rose-1' }) })]);

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot add more than available stock.');
  });

  it("asks a signed-out visitor to log in: 'Please login to add to wishlist'", async () => {
    const user = userEvent.setup();
    const { calls } = serve(ROSE);
    renderProduct();
    await user.click(await screen.findByRole('button', { name: 'Add to Wishlist' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please login to add to wishlist');
    expect(calls.some((call) => call.url.startsWith('/api/wishlist'))).toBe(false);
  });

  it("adds to the wishlist, then reads 'Added to Wishlist' and is disabled", async () => {
    const user = userEvent.setup();
    signIn();
    const { calls } = serve(ROSE, {
      'GET /api/wishlist': () => jsonAnswer({ items: [] }),
      'POST /api/wishlist': () => jsonAnswer({ items: [{ product: ROSE }] }, 201),
    });
    renderProduct();
    await user.click(await screen.findByRole('button', { name: 'Add to Wishlist' }));

    const post = calls.find((call) => call.method === 'POST');
    expect(post).toMatchObject({ url: '/api/wishlist', body: { productId: 'rose-1' }, authorization: 'Bearer customer-token' });
    expect(await screen.findByRole('button', { name: 'Added to Wishlist' })).toBeDisabled();
  });

  it('keeps an add made while the wishlist was still on its way (a tap replayed as the page is taken over)', async () => {
    const user = userEvent.setup();
    signIn();
    let sendList!: () => void;
    const listSent = new Promise<void>((resolve) => (sendList = resolve));
    serve(ROSE, {
      // The list as it was before the add, answered after it.
      'GET /api/wishlist': () => listSent.then(() => jsonAnswer({ items: [] })),
      'POST /api/wishlist': () => jsonAnswer({ items: [{ product: ROSE }] }, 201),
    });
    renderProduct();
    await user.click(await screen.findByRole('button', { name: 'Add to Wishlist' }));
    expect(await screen.findByRole('button', { name: 'Added to Wishlist' })).toBeDisabled();
    await act(async () => sendList());
    expect(screen.getByRole('button', { name: 'Added to Wishlist' })).toBeDisabled();
  });

  it('shows a product already in the wishlist as added, whether the list comes bare or in items', async () => {
    signIn();
    serve(ROSE, { 'GET /api/wishlist': () => jsonAnswer({ items: [{ product: ROSE }] }) });
    const first = renderProduct();
    expect(await screen.findByRole('button', { name: 'Added to Wishlist' })).toBeDisabled();
    first.unmount();

    serve(ROSE, { 'GET /api/wishlist': () => jsonAnswer([ROSE]) });
    renderProduct();
    expect(await screen.findByRole('button', { name: 'Added to Wishlist' })).toBeDisabled();
  });

  it('opens the enlarged photo from the keyboard', async () => {
    const user = userEvent.setup();
    const showModal = jest.fn();
    HTMLDialogElement.prototype.showModal = showModal;
    serve(ROSE);
    renderProduct();
    const zoom = await screen.findByRole('button', { name: 'Zoom in on Red Naomi Rose' });
    zoom.focus();
    await user.keyboard('{Enter}');
    expect(showModal).toHaveBeenCalled();
    expect(screen.getAllByRole('img', { name: 'Red Naomi Rose', hidden: true }).some((img) => img.getAttribute('src') === '/uploads/rose-detail.webp')).toBe(
      true,
    );
  });
});
