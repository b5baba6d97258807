import { render, screen } from '@testing-library/react';
import type { Language } from '@thalir/pages';
import { i18nFor } from '@thalir/ui';
import { PriceBreakdown } from '../components/price-breakdown';
import { useCartRefusal } from './cart-refusals';
import { useClockTime, useSlotName } from './shop-words';
import { OUT_OF_STOCK, OVER_STOCK } from '@thalir/cart';

beforeAll(async () => {
  i18nFor('ta').load('ta', (await import('../locales/ta.po')).messages);
});

function Words({ texts }: { texts: string[] }) {
  const slotName = useSlotName();
  const clockTime = useClockTime();
  const cartRefusal = useCartRefusal();
  return (
    <ul>
      {texts.map((text) => (
        <li key={text}>{[slotName(text), clockTime(text), cartRefusal(text)].find((said) => said !== text) ?? text}</li>
      ))}
    </ul>
  );
}

const TEXTS = ['Morning 8–12', 'Afternoon 12–4', 'Evening 4–8', 'Night 8–10', '2:00 PM', '9:30 AM', OUT_OF_STOCK, OVER_STOCK];

function said(language: Language) {
  render(<Words texts={TEXTS} />, language === 'ta' ? { language: 'ta' } : undefined);
  return screen.getAllByRole('listitem').map((item) => item.textContent);
}

describe('the shop’s words in the page’s language', () => {
  it('are as the shop writes them on an English page', () => {
    expect(said('en')).toEqual(TEXTS);
  });

  it('say the slots’ part of the day, the times of day and the cart’s refusals in Tamil, and leave other names as they are', () => {
    expect(said('ta')).toEqual([
      'காலை 8–12',
      'மதியம் 12–4',
      'மாலை 4–8',
      'Night 8–10',
      'பிற்பகல் 2:00',
      'முற்பகல் 9:30',
      'இந்தப் பொருள் கையிருப்பில் இல்லை.',
      'கையிருப்பில் உள்ளதைவிட அதிகமாகச் சேர்க்க முடியாது.',
    ]);
  });
});

describe('PriceBreakdown in Tamil', () => {
  it('names the lines in Tamil', () => {
    render(<PriceBreakdown itemsAmount={100} deliveryFee={0} total={100} totalTestId="total" />, { language: 'ta' });
    expect(screen.getByText('பொருட்கள்')).toBeInTheDocument();
    expect(screen.getByText('டெலிவரி')).toBeInTheDocument();
    expect(screen.getByText('இலவசம்')).toBeInTheDocument();
    expect(screen.getByText('மொத்தம்')).toBeInTheDocument();
    expect(screen.getByTestId('total')).toHaveTextContent('₹100.00');
  });
});
