import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { addToCart, getCart } from '@thalir/cart';
import type { QuoteRequest } from '@thalir/contracts';
import { quoteAnswer, type QuoteExtras } from '../../../test-utils/quote-answers';
import CartPage from './cart-page';

const rose = { _id: 'rose', name: 'Red Rose', price: 45.5, stock: 3, image: '/r.webp' };
const fern = { _id: 'fern', name: 'Fern', price: 10.25, stock: 5, image: '/f.webp' };

type Listed = { _id: string; name: string; price: number; stock: number };

/**
 * The catalogue as the server has it now (null for a deleted product: 404), and the quote of the
 * cart at its prices, with whatever offers and delivery charges `extras` gives each request.
 */
function serveCatalogue(products: Record<string, Listed | null>, extras?: (request: QuoteRequest) => QuoteExtras) {
  const listed = Object.values(products).filter((product): product is Listed => product !== null);
  return mockApi({
    ...Object.fromEntries(
      Object.entries(products).map(([id, product]) => [
        `GET /api/products/${id}`,
        () => (product ? jsonAnswer({ success: true, data: product }) : jsonAnswer({ success: false, message: 'Product not found' }, 404)),
      ]),
    ),
    'POST /api/orders/quote': quoteAnswer(listed, extras),
  });
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

beforeEach(() => sessionStorage.clear());

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
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('₹101.25');
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
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('₹136.50'));

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
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('₹10.25'));
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
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('₹100.00');
    expect(getCart()).toEqual([{ product: expect.objectContaining({ _id: 'rose', price: 50, stock: 2 }), quantity: 2 }]);
  });

  describe('offers and delivery', () => {
    const roses10 = (request: QuoteRequest): QuoteExtras =>
      request.code === undefined
        ? {}
        : request.code.toUpperCase() === 'ROSES10'
          ? { discounts: [{ name: 'Roses 10% off', code: 'ROSES10', amount: 9.1 }], code: { status: 'applied', message: 'Code ROSES10 applied: −₹9.10' } }
          : { code: { status: 'refused', message: 'This code has expired' } };

    async function applyCode(user: ReturnType<typeof userEvent.setup>, code: string) {
      await user.type(screen.getByLabelText('Offer code'), code);
      await user.click(screen.getByRole('button', { name: 'Apply' }));
    }

    it('applies a code: the server’s message, its discount line and the quoted total, kept for the checkout', async () => {
      const user = userEvent.setup();
      addToCart(rose, 2);
      const { callsTo } = serveCatalogue({ rose }, (request) => ({ ...roses10(request), deliveryFee: 40 }));
      renderCart();
      expect(await screen.findByTestId('cart-total')).toHaveTextContent('₹131.00');

      await applyCode(user, 'roses10');
      expect(await screen.findByText('Code ROSES10 applied: −₹9.10')).toHaveAttribute('role', 'status');
      const summary = within(screen.getByRole('complementary', { name: 'Cart summary' }));
      expect(summary.getByText('ROSES10', { selector: 'dt' }).closest('div')).toHaveTextContent('ROSES10−₹9.10');
      expect(summary.getByText('Delivery').closest('div')).toHaveTextContent('Delivery₹40.00');
      expect(screen.getByTestId('cart-total')).toHaveTextContent('₹121.90');
      expect(callsTo('POST', '/api/orders/quote').at(-1)?.body).toEqual({ orderItems: [{ product: 'rose', quantity: 2 }], code: 'ROSES10' });
      // Kept as the server reads it, so the field shows the code that applies.
      expect(sessionStorage.getItem('cart:offer-code')).toBe('ROSES10');
    });

    it('shows a refused code’s reason as an alert and keeps nothing', async () => {
      const user = userEvent.setup();
      addToCart(rose, 2);
      const { callsTo } = serveCatalogue({ rose }, roses10);
      renderCart();
      await screen.findByTestId('cart-total');

      await applyCode(user, 'OLDCODE');
      expect(await screen.findByRole('alert')).toHaveTextContent('This code has expired');
      expect(screen.getByLabelText('Offer code')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByTestId('cart-total')).toHaveTextContent('₹91.00');
      expect(screen.queryByRole('button', { name: /Remove offer code/ })).not.toBeInTheDocument();
      expect(sessionStorage.getItem('cart:offer-code')).toBeNull();
      // The refusal priced the cart without the code: nothing is asked again for it.
      expect(callsTo('POST', '/api/orders/quote')).toHaveLength(2);
    });

    it('removes the code and asks for a quote without it', async () => {
      const user = userEvent.setup();
      sessionStorage.setItem('cart:offer-code', 'ROSES10');
      addToCart(rose, 2);
      const { callsTo } = serveCatalogue({ rose }, roses10);
      renderCart();
      expect(await screen.findByTestId('cart-total')).toHaveTextContent('₹81.90');
      expect(screen.getByText('Code ROSES10 applied: −₹9.10')).toHaveAttribute('role', 'status');

      await user.click(screen.getByRole('button', { name: 'Remove offer code ROSES10' }));
      await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('₹91.00'));
      const quotes = callsTo('POST', '/api/orders/quote');
      expect(quotes.map((call) => (call.body as QuoteRequest).code)).toEqual(['ROSES10', undefined]);
      expect(screen.queryByText('ROSES10')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Offer code')).toHaveFocus();
      expect(sessionStorage.getItem('cart:offer-code')).toBeNull();
    });

    it('says how much more brings free delivery', async () => {
      addToCart(rose, 2);
      serveCatalogue({ rose }, () => ({ deliveryFee: 60, freeDeliveryShortBy: 230 }));
      renderCart();
      expect(await screen.findByTestId('cart-total')).toHaveTextContent('₹151.00');
      expect(screen.getByText('Add ₹230.00 more for free delivery')).toBeInTheDocument();
    });

    it('says “Free” for free delivery', async () => {
      addToCart(rose, 2);
      serveCatalogue({ rose }, () => ({ deliveryFee: 0, freeDeliveryShortBy: null }));
      renderCart();
      await screen.findByTestId('cart-total');
      expect(screen.getByText('Delivery').closest('div')).toHaveTextContent('DeliveryFree');
      expect(screen.queryByText(/more for free delivery/)).not.toBeInTheDocument();
    });

    it('asks once for quantities changed in a row, and shows no total meanwhile', async () => {
      const user = userEvent.setup();
      addToCart(rose);
      const { callsTo } = serveCatalogue({ rose });
      renderCart();
      await screen.findByTestId('cart-total');

      const plus = screen.getByRole('button', { name: 'Increase quantity of Red Rose' });
      await user.click(plus);
      await user.click(plus);
      expect(screen.queryByTestId('cart-total')).not.toBeInTheDocument();
      expect(screen.getByText('Working out offers and delivery…')).toBeInTheDocument();
      expect(await screen.findByTestId('cart-total')).toHaveTextContent('₹136.50');
      expect(callsTo('POST', '/api/orders/quote').map((call) => call.body)).toEqual([
        { orderItems: [{ product: 'rose', quantity: 1 }] },
        { orderItems: [{ product: 'rose', quantity: 3 }] },
      ]);
    });

    it('shows the items-only amount, labelled so, when the quote fails', async () => {
      addToCart(rose, 2);
      const { answer } = serveCatalogue({ rose });
      answer({ 'POST /api/orders/quote': () => jsonAnswer({ success: false, message: 'Internal server error' }, 500) });
      renderCart();
      expect(await screen.findByText('Items only, before offers and delivery')).toBeInTheDocument();
      expect(screen.getByText('Items only, before offers and delivery').parentElement).toHaveTextContent('₹91.00');
      expect(screen.queryByTestId('cart-total')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toBeInTheDocument();
    });

    it('shows the server’s words when too many wrong codes were tried, and prices the cart without the code', async () => {
      const user = userEvent.setup();
      addToCart(rose, 2);
      const { answer } = serveCatalogue({ rose });
      const quote = quoteAnswer([rose]);
      answer({
        'POST /api/orders/quote': (call) =>
          (call.body as QuoteRequest).code ? jsonAnswer({ success: false, message: 'Too many wrong codes. Try again in 10 minutes.' }, 429) : quote(call),
      });
      renderCart();
      await screen.findByTestId('cart-total');

      await applyCode(user, 'GUESS');
      expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong codes. Try again in 10 minutes.');
      expect(screen.getByTestId('cart-total')).toHaveTextContent('₹91.00');
    });
  });
});
