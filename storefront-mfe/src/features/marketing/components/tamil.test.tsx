import { screen } from '@testing-library/react';
import { i18nFor } from '@thalir/ui';
import { englishWords, renderInTamil } from '../../../test-utils/tamil';
import { FeaturePreview } from './features';
import { HeroSlideshow } from './hero-slideshow';
import NotFoundPage from './not-found-page';

beforeAll(async () => {
  i18nFor('ta').load('ta', (await import('../locales/ta.po')).messages);
  i18nFor('ta').load('ta', (await import('../../../locales/ta.po')).messages);
});

describe('the marketing pages in Tamil', () => {
  it('say in Tamil that a page is not found', () => {
    const { container } = renderInTamil(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'இந்தப் பக்கம் வழி தவறிவிட்டது' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'கடையைப் பாருங்கள்' })).toHaveAttribute('href', '/ta/products');
    expect(englishWords(container)).toEqual([]);
  });

  it('write the home page’s promises in Tamil', () => {
    const { container } = renderInTamil(<FeaturePreview />);
    expect(screen.getByRole('heading', { name: 'அதே நாள் டெலிவரி' })).toBeInTheDocument();
    expect(englishWords(container)).toEqual([]);
  });

  it('name the hero’s slides and controls in Tamil', () => {
    renderInTamil(<HeroSlideshow />);
    expect(screen.getByRole('button', { name: 'காட்சி 1-ஐக் காட்டு: 1998 முதல் மலர் ஏற்றுமதியாளர்கள்' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'காட்சிகளை நிறுத்து' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'இப்போதே வாங்குங்கள்' })).toHaveAttribute('href', '/ta/products');
    expect(screen.getByRole('link', { name: 'மேலும் அறிக — Thalir Blooms பற்றி' })).toHaveAttribute('href', '/ta/about');
  });
});
