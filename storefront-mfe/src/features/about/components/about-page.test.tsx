import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { i18nFor } from '@thalir/ui';
import { englishWords, renderInTamil } from '../../../test-utils/tamil';
import AboutPage from './about-page';

describe('the about page', () => {
  it("tells the company's story with the spec's figures", () => {
    render(
      <MemoryRouter>
        <AboutPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Family growers in Hosur since 1998' })).toBeInTheDocument();
    expect(screen.getByText('45+')).toBeInTheDocument();
    expect(screen.getByText('120+')).toBeInTheDocument();
    expect(screen.getByText(/over 40 retailers in 12\+ countries/i)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cold from the cut to the airport' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /greenhouses/i })).toBeInTheDocument();
  });
});

describe('the about page in Tamil', () => {
  beforeAll(async () => {
    i18nFor('ta').load('ta', (await import('../locales/ta.po')).messages);
    i18nFor('ta').load('ta', (await import('../../../locales/ta.po')).messages);
  });

  it('tell the company’s story in Tamil, with links to the Tamil pages', () => {
    const { container } = renderInTamil(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1, name: '1998 முதல் ஓசூரில் பூ வளர்க்கும் குடும்பம்' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'வெட்டியது முதல் விமான நிலையம் வரை குளிர்ச்சியாக' })).toBeInTheDocument();
    expect(screen.getByText('நாடுகளுக்கு ஏற்றுமதி செய்கிறோம்')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ரோஜாக்கள்' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'காலை வெயிலில் வரிசையான ரோஜாச் செடிகளுடன் பசுமைக் குடில்கள்' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'பூக்களை வாங்குங்கள்' })).toHaveAttribute('href', '/ta/products');
    expect(document.querySelector('title')).toHaveTextContent('எங்களைப் பற்றி · Thalir Blooms');
    expect(englishWords(container)).toEqual([]);
  });
});
