import { type OfferDraft, offerProblem } from './offer-rules';

const valid: OfferDraft = {
  name: 'Valentine 10%',
  code: 'ROSES10',
  kind: 'percent',
  percent: 10,
  maxDiscount: 200,
  amount: null,
  validFrom: '2027-02-10',
  validUntil: '2027-02-14',
  usesBatchCodes: false,
};

describe('offerProblem', () => {
  it.each<[string, Partial<OfferDraft>, string | null]>([
    ['a whole percentage offer', {}, null],
    ['an automatic amount offer', { code: null, kind: 'amount', percent: null, maxDiscount: null, amount: 100 }, null],
    ['free delivery', { kind: 'free-delivery', percent: null, maxDiscount: null }, null],
    ['a one-day window', { validFrom: '2027-02-14', validUntil: '2027-02-14' }, null],
    ['no name', { name: '' }, 'Give the offer a name customers will see'],
    ['no kind', { kind: null }, 'Choose the kind of offer: percent, amount or free-delivery'],
    ['a percentage offer without its percentage', { percent: null }, 'A percentage offer needs its percentage (more than 0, at most 100)'],
    ['an amount offer without its amount', { kind: 'amount', percent: null, maxDiscount: null }, 'An amount offer needs the amount off, in rupees'],
    ['an amount offer with a percentage', { kind: 'amount', amount: 100 }, 'Only a percentage offer has a percentage and a cap'],
    ['free delivery with an amount', { kind: 'free-delivery', percent: null, maxDiscount: null, amount: 50 }, 'Only an amount offer has an amount off'],
    ['a window that ends before it starts', { validFrom: '2027-02-14', validUntil: '2027-02-13' }, 'The last day cannot be before the first day'],
    ['a date not on the calendar', { validUntil: '2027-02-30' }, '2027-02-30 is not a date on the calendar'],
    ['a shared code and batch codes', { usesBatchCodes: true }, 'An offer has either a shared code or single-use batch codes, not both'],
  ])('%s', (_case, change, problem) => {
    expect(offerProblem({ ...valid, ...change })).toBe(problem);
  });
});
