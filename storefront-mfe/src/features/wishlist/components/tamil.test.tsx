import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import type { Product } from '@thalir/contracts';
import { i18nFor } from '@thalir/ui';
import { renderInTamil } from '../../../test-utils/tamil';
import WishlistPage from './wishlist-page';

beforeAll(async () => {
  i18nFor('ta').load('ta', (await import('../locales/ta.po')).messages);
  i18nFor('ta').load('ta', (await import('../../../locales/ta.po')).messages);
});

afterEach(() => localStorage.clear());

const GERBERA: Product = {
  _id: 'gerbera',
  name: 'Orange Gerbera',
  price: 250,
  stock: 3,
  type: 'flower',
  description: '',
  image: '/uploads/gerbera-detail.webp',
  imageCard: '/uploads/gerbera-card.webp',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const renderWishlistInTamil = () => renderInTamil(<WishlistPage />, '/ta/wishlist');

function signIn() {
  localStorage.setItem('token', 'customer-token');
  localStorage.setItem('role', 'customer');
}

describe('WishlistPage in Tamil', () => {
  it('asks a signed-out visitor to log in, in Tamil', () => {
    renderWishlistInTamil();
    expect(screen.getByRole('heading', { level: 1, name: 'உங்கள் விருப்பப் பட்டியல்' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'உள்நுழை' })).toHaveAttribute('href', '/ta/login');
  });

  it('lists the entries with their English names marked, and says what was done in Tamil', async () => {
    const user = userEvent.setup();
    signIn();
    mockApi({
      'GET /api/wishlist': () => jsonAnswer({ items: [{ product: GERBERA }] }),
      'DELETE /api/wishlist/gerbera': () => jsonAnswer({ items: [] }),
    });
    renderWishlistInTamil();

    expect(await screen.findByRole('heading', { name: 'Orange Gerbera' })).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('button', { name: /^கூடையில் சேர்.*Orange Gerbera$/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^நீக்கு.*Orange Gerbera$/ }));
    expect(await screen.findByText('Orange Gerbera உங்கள் விருப்பப் பட்டியலிலிருந்து நீக்கப்பட்டது.')).toBeInTheDocument();
    expect(screen.getByText('உங்கள் விருப்பப் பட்டியல் காலியாக உள்ளது')).toBeInTheDocument();
  });
});
