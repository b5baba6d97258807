import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { signIn, signOut } from '@thalir/auth';
import { addToCart, clearCart } from '@thalir/cart';
import { i18nFor } from '@thalir/ui';
import { renderInTamil } from '../../../test-utils/tamil';
import { quoteAnswer } from '../../../test-utils/quote-answers';
import CheckoutPage from './checkout-page';

beforeAll(async () => {
  // The cart's catalogue (its offer code field and total, drawn in the summary) is the cart feature's to test.
  i18nFor('ta').load('ta', (await import('../locales/ta.po')).messages);
  i18nFor('ta').load('ta', (await import('../../../locales/ta.po')).messages);
});

const rose = { _id: 'rose', name: 'Red Rose', price: 45.5, stock: 5, image: '/r.webp' };

beforeEach(() => {
  sessionStorage.clear();
  mockApi({
    'GET /api/products/rose': () => jsonAnswer({ success: true, data: rose }),
    'GET /api/users/profile': () => jsonAnswer({ _id: 'u1', name: 'Asha', email: 'asha@example.com', address: '', role: 'customer' }),
    'GET /api/delivery/options': () => jsonAnswer({ served: null, dates: [{ date: '2026-12-03', slots: ['Morning 8–12', 'Evening 4–8'] }], cutoff: '2:00 PM' }),
    'POST /api/orders/quote': quoteAnswer([rose]),
  });
});

afterEach(() => {
  signOut();
  clearCart();
});

const renderCheckoutInTamil = () => renderInTamil(<CheckoutPage />, '/ta/checkout', '/checkout');

describe('CheckoutPage in Tamil', () => {
  it('asks a signed-out customer to log in, in Tamil', () => {
    renderCheckoutInTamil();
    expect(screen.getByRole('heading', { level: 1, name: 'ஆர்டரை முடித்தல்' })).toBeInTheDocument();
    expect(screen.getByText('ஆர்டர் செய்ய உள்நுழையுங்கள். உங்கள் கூடை இந்தச் சாதனத்தில் சேமிக்கப்பட்டிருக்கும்.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'உள்நுழை' })).toHaveAttribute('href', '/ta/login');
  });

  it('names the delivery and payment fields, the days, slots and methods in Tamil, and says what is missing', async () => {
    const user = userEvent.setup();
    signIn('token-1', 'customer');
    addToCart(rose, 2);
    renderCheckoutInTamil();

    expect(await screen.findByLabelText('டெலிவரி முகவரி')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ஆர்டர் சுருக்கம்' })).toBeInTheDocument();
    expect(screen.getByLabelText('PIN குறியீடு')).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'டிச. 3, வியா.' })).toHaveValue('2026-12-03');
    // The slot is sent as the shop names it; only what is shown is Tamil.
    expect(screen.getByRole('option', { name: 'காலை 8–12' })).toHaveValue('Morning 8–12');
    expect(screen.getByRole('option', { name: 'மாலை 4–8' })).toHaveValue('Evening 4–8');
    expect(screen.getByText('அதே நாள் டெலிவரிக்கு பிற்பகல் 2:00 வரை ஆர்டர் செய்யலாம்.')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'டெலிவரியின்போது பணம்' })).toHaveValue('cash');
    expect(screen.getByText('0/250 எழுத்துகள்')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ஆர்டர் செய்யுங்கள்' }));
    expect(screen.getByRole('alert')).toHaveTextContent('உங்கள் டெலிவரி முகவரியை உள்ளிடுங்கள்');

    await user.type(screen.getByLabelText('டெலிவரி முகவரி'), '14 Rayakottai Road, Hosur');
    await user.click(screen.getByRole('button', { name: 'ஆர்டர் செய்யுங்கள்' }));
    expect(screen.getByText('டெலிவரி முகவரியின் 6 இலக்க PIN குறியீட்டை உள்ளிடுங்கள்')).toBeInTheDocument();
    expect(screen.getByText('பெறுநரின் 10 இலக்க இந்திய மொபைல் எண்ணை உள்ளிடுங்கள் (விரும்பினால் +91 சேர்த்து)')).toBeInTheDocument();
  });
});
