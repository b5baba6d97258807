/** What the shop's other pages show of the plans: the home page's section and the shop's links. */
export { SubscriptionPlansSection } from './components/subscription-plans-section';
export { SubscriptionPlanLinks } from './components/subscription-plan-links';
