import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import type { Language } from '@thalir/pages';
import type { Product } from '@thalir/contracts';
import { i18nFor } from '@thalir/ui';
import ProductsPage from './products-page';

// The plans' links fetch plans of their own; their tests are the subscription-plans feature's.
jest.mock('../../subscription-plans', () => ({ SubscriptionPlanLinks: () => null }));

beforeAll(async () => {
  i18nFor('ta').load('ta', (await import('../locales/ta.po')).messages);
  i18nFor('ta').load('ta', (await import('../../../locales/ta.po')).messages);
});

function product(id: string, name: string, nameLanguage: 'en' | 'ta', stock: number): Product {
  return {
    _id: id,
    name,
    price: 120,
    stock,
    type: 'flower',
    description: 'Long stems.',
    languages: { name: nameLanguage, description: 'en' },
    image: `/uploads/${id}-detail.webp`,
    imageCard: `/uploads/${id}-card.webp`,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
}

const ROSE = product('rose', 'சிவப்பு ரோஜா', 'ta', 4);
const FERN = product('fern', 'Leatherleaf Fern', 'en', 0);

function renderShop(language: Language) {
  const prefix = language === 'ta' ? '/ta' : '';
  return render(
    <MemoryRouter basename={prefix || '/'} initialEntries={[`${prefix}/products`]}>
      <Routes>
        <Route path="/products" element={<ProductsPage />} />
      </Routes>
    </MemoryRouter>,
    language === 'ta' ? { language: 'ta' } : undefined,
  );
}

describe('ProductsPage in Tamil', () => {
  it('asks for the catalogue in Tamil and shows the shop in Tamil, marking names still in English', async () => {
    const api = mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: [ROSE, FERN], total: 2, page: 1, limit: 24 }) });
    renderShop('ta');

    expect(await screen.findByText('2 பொருட்களில் 1–2 காட்டப்படுகின்றன')).toBeInTheDocument();
    expect(api.calls[0].url).toBe('/api/products?sort=-createdAt&page=1&limit=24&lang=ta');
    expect(screen.getByRole('heading', { level: 1, name: 'புதிய பூக்களும் பச்சை இலைகளும் வாங்குங்கள்' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'சிவப்பு ரோஜா' })).not.toHaveAttribute('lang');
    expect(screen.getByRole('heading', { name: 'Leatherleaf Fern' })).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('img', { name: 'Leatherleaf Fern' })).toHaveAttribute('lang', 'en');
    expect(screen.getByText('கையிருப்பில் இல்லை')).toBeInTheDocument();
    expect(screen.getAllByText('பூ')).toHaveLength(2);
    expect(screen.getByRole('option', { name: 'விலை: குறைவு–அதிகம்' })).toHaveValue('price');
    expect(screen.getByRole('option', { name: 'பச்சை இலைகள்' })).toHaveValue('green_leaf');
    expect(screen.getByLabelText('பொருட்களைத் தேடுங்கள்')).toHaveAttribute('placeholder', 'ரோஜா, யூகலிப்டஸ்…');
    // Without JavaScript the search is a GET of the Tamil page.
    expect(screen.getByRole('search')).toHaveAttribute('action', '/ta/products');
    expect(document.querySelector('title')).toHaveTextContent(/^கடை · Thalir Blooms$/);
    expect(screen.getByRole('link', { name: /சிவப்பு ரோஜா/ })).toHaveAttribute('href', '/ta/product/rose');
  });

  it('leaves an English page as it was: no language marks, the English texts', async () => {
    const api = mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: [ROSE, FERN], total: 2, page: 1, limit: 24 }) });
    renderShop('en');

    expect(await screen.findByText('Showing 1–2 of 2 products')).toBeInTheDocument();
    expect(api.calls[0].url).toBe('/api/products?sort=-createdAt&page=1&limit=24');
    expect(screen.getByRole('heading', { name: 'Leatherleaf Fern' })).not.toHaveAttribute('lang');
    expect(screen.getByRole('search')).toHaveAttribute('action', '/products');
    expect(document.querySelector('title')).toHaveTextContent(/^Shop · Thalir Blooms$/);
  });
});
