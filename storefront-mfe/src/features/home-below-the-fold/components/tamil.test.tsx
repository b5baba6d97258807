import { screen } from '@testing-library/react';
import { i18nFor } from '@thalir/ui';
import { englishWords, renderInTamil } from '../../../test-utils/tamil';
import HomeBelowTheFold from './home-below-the-fold';

beforeAll(async () => {
  i18nFor('ta').load('ta', (await import('../locales/ta.po')).messages);
  i18nFor('ta').load('ta', (await import('../../../locales/ta.po')).messages);
});

describe('the home page’s sections after the featured flowers, in Tamil', () => {
  it('write the testimonials, the export story and the newsletter in Tamil, with links to the Tamil pages', () => {
    const { container } = renderInTamil(<HomeBelowTheFold />);
    expect(screen.getByRole('heading', { name: 'எங்கள் வாடிக்கையாளர்கள் சொல்வது' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'விடியற்காலையில் அறுவடை' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'பதிவு செய்க' })).toHaveLength(2);
    expect(screen.getAllByLabelText('மின்னஞ்சல் முகவரி')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'மொத்த விற்பனை, ஏற்றுமதி விலைப்புள்ளிகள்' })).toHaveAttribute('href', '/ta/export');
    expect(englishWords(container)).toEqual([]);
  });
});
