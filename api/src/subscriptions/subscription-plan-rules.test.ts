import { type PlanDraft, planProblem } from './subscription-plan-rules';

const SLOTS = ['Morning 8–12', 'Afternoon 12–4', 'Evening 4–8'];
const ROSE = '0b6c9a52-3f1e-4c11-9d4a-5d1f7f0e2a01';

const pooja: PlanDraft = {
  name: 'Daily pooja basket',
  slug: 'daily-pooja-basket',
  description: '',
  items: [{ productId: ROSE, quantity: 6 }],
  frequencies: ['daily'],
  slots: ['Morning 8–12'],
  pricePerDelivery: 60,
  packs: [7, 15, 30],
};

describe('planProblem: the rules across a whole plan', () => {
  it.each<[string, Partial<PlanDraft>, string | null]>([
    ['a whole plan', {}, null],
    ['every slot (none named)', { slots: [] }, null],
    ['no name', { name: null }, 'Give the plan a name customers will see'],
    ['no address', { slug: null }, 'Give the plan an address, e.g. daily-pooja-basket'],
    ['no products', { items: [] }, 'A plan delivers at least one product'],
    ['a product twice', { items: [pooja.items[0], { productId: ROSE, quantity: 2 }] }, 'Name each product of the plan once'],
    ['no frequency', { frequencies: [] }, 'Allow at least one frequency'],
    ['a slot the shop does not have', { slots: ['Midnight'] }, "Midnight is not one of the shop's delivery slots: Morning 8–12, Afternoon 12–4, Evening 4–8"],
    ['no price', { pricePerDelivery: null }, 'Give the price of one delivery'],
    ['no pack', { packs: [] }, 'Sell at least one pack'],
  ])('%s: %j', (_case, change, problem) => {
    expect(planProblem({ ...pooja, ...change }, SLOTS)).toBe(problem);
  });
});
