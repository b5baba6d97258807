import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { addToCart, describeCartChanges, type CartChange } from '@thalir/cart';
import { i18nFor } from '@thalir/ui';
import { renderInTamil } from '../../../test-utils/tamil';
import { quoteAnswer } from '../../../test-utils/quote-answers';
import { CartChangesNotice } from './cart-changes';
import CartPage from './cart-page';

beforeAll(async () => {
  i18nFor('ta').load('ta', (await import('../locales/ta.po')).messages);
  i18nFor('ta').load('ta', (await import('../../../locales/ta.po')).messages);
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const rose = { _id: 'rose', name: 'Red Rose', price: 45.5, stock: 3, image: '/r.webp' };

const renderCartInTamil = () => renderInTamil(<CartPage />, '/ta/cart');

const CHANGES: CartChange[] = [
  { name: 'Red Rose', notes: ['price changed', 'only 2 left'] },
  { name: 'Fern', notes: ['no longer sold'] },
  { name: 'Gerbera', notes: ['only 1 left'] },
];

describe('CartChangesNotice', () => {
  it('says in English exactly what @thalir/cart says', () => {
    render(<CartChangesNotice changes={CHANGES} />);
    expect(screen.getByText(describeCartChanges(CHANGES))).toBeInTheDocument();
  });

  it('says it in Tamil on a Tamil page', () => {
    render(<CartChangesNotice changes={CHANGES} />, { language: 'ta' });
    expect(
      screen.getByText(
        'இந்தப் பொருட்களைச் சேர்த்த பிறகு விலை அல்லது கையிருப்பு மாறியுள்ளது: Red Rose (விலை மாறியது, 2 மட்டுமே உள்ளன); Fern (இனி விற்பனையில் இல்லை); Gerbera (1 மட்டுமே உள்ளது).',
      ),
    ).toBeInTheDocument();
  });
});

describe('CartPage in Tamil', () => {
  it('says the cart is empty and links to the Tamil shop', () => {
    mockApi({});
    renderCartInTamil();
    expect(screen.getByRole('heading', { level: 1, name: 'உங்கள் கூடை' })).toBeInTheDocument();
    expect(screen.getByText('உங்கள் கூடை காலியாக உள்ளது.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'பொருட்களைப் பாருங்கள்' })).toHaveAttribute('href', '/ta/products');
    expect(document.querySelector('title')).toHaveTextContent('உங்கள் கூடை · Thalir Blooms');
  });

  it('shows the lines, the count and the priced total in Tamil, and the cart’s refusals', async () => {
    const user = userEvent.setup();
    addToCart(rose, 3);
    mockApi({
      'GET /api/products/rose': () => jsonAnswer({ success: true, data: rose }),
      'POST /api/orders/quote': quoteAnswer([rose], () => ({ deliveryFee: 0 })),
    });
    renderCartInTamil();

    await waitFor(() => expect(screen.queryByText('தற்போதைய விலையும் கையிருப்பும் சரிபார்க்கப்படுகின்றன…')).not.toBeInTheDocument());
    expect(screen.getByText('3 பொருட்கள்')).toBeInTheDocument();
    expect(await screen.findByText('மொத்தம்')).toBeInTheDocument();
    expect(screen.getByText('இலவசம்')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ஆர்டரைத் தொடருங்கள்' })).toHaveAttribute('href', '/ta/checkout');
    expect(screen.getByLabelText('சலுகைக் குறியீடு')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Red Rose அளவைக் கூட்டு' }));
    expect(screen.getByRole('alert')).toHaveTextContent('கையிருப்பில் உள்ளதைவிட அதிகமாகச் சேர்க்க முடியாது.');
  });
});
