import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import type { Product } from '@thalir/contracts';
import { i18nFor } from '@thalir/ui';
import { renderInTamil } from '../../../test-utils/tamil';
import ProductPage from './product-page';

beforeAll(async () => {
  i18nFor('ta').load('ta', (await import('../locales/ta.po')).messages);
  i18nFor('ta').load('ta', (await import('../../../locales/ta.po')).messages);
});

afterEach(() => localStorage.clear());

/** A rose with its Tamil name, its description still in English. */
const ROSE: Product = {
  _id: 'rose-1',
  name: 'சிவப்பு நயோமி ரோஜா',
  price: 1234.5,
  stock: 1,
  type: 'flower',
  description: 'Deep red velvet petals. Long 60 cm stems.',
  languages: { name: 'ta', description: 'en' },
  image: '/uploads/rose-detail.webp',
  imageCard: '/uploads/rose-card.webp',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const renderProductInTamil = () => renderInTamil(<ProductPage />, '/ta/product/rose-1', '/product/:id');

describe('ProductPage in Tamil', () => {
  it('asks for the product in Tamil and shows it in Tamil, its English description marked', async () => {
    const api = mockApi({ 'GET /api/products/rose-1': () => jsonAnswer({ success: true, data: ROSE }) });
    renderProductInTamil();
    expect(screen.getByText('பொருளை ஏற்றுகிறது…')).toBeInTheDocument();

    const heading = await screen.findByRole('heading', { level: 1, name: 'சிவப்பு நயோமி ரோஜா' });
    expect(heading).not.toHaveAttribute('lang');
    expect(api.calls[0].url).toBe('/api/products/rose-1?lang=ta');
    expect(screen.getByText('கையிருப்பில் உள்ளது')).toBeInTheDocument();
    expect(screen.getByText('அனைத்து வரிகளும் உட்பட')).toBeInTheDocument();
    expect(screen.getByText('Deep red velvet petals').closest('ul')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('heading', { name: 'இந்தப் பொருளைப் பற்றி' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'கடை' })).toHaveAttribute('href', '/ta/products');
    expect(screen.getByRole('button', { name: 'சிவப்பு நயோமி ரோஜா படத்தைப் பெரிதாக்கு' })).toBeInTheDocument();
  });

  it('says what adding to the cart and to the wishlist did, in Tamil', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/products/rose-1': () => jsonAnswer({ success: true, data: ROSE }) });
    renderProductInTamil();

    await user.click(await screen.findByRole('button', { name: 'கூடையில் சேர்' }));
    expect(screen.getByText(/சிவப்பு நயோமி ரோஜா உங்கள் கூடையில் சேர்க்கப்பட்டது\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'கூடையைப் பார்' })).toHaveAttribute('href', '/ta/cart');

    // One in stock, already in the cart: the cart's own refusal, in Tamil.
    await user.click(screen.getByRole('button', { name: 'கூடையில் சேர்' }));
    expect(screen.getByText('கையிருப்பில் உள்ளதைவிட அதிகமாகச் சேர்க்க முடியாது.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'விருப்பப் பட்டியலில் சேர்' }));
    expect(screen.getByText(/விருப்பப் பட்டியலில் சேர்க்க உள்நுழையுங்கள்/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'உள்நுழை' })).toHaveAttribute('href', '/ta/login');
  });
});
