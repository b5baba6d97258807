import { Button, Notice } from '@thalir/ui';
import { useSubscriptionPlans } from '../hooks/use-subscription-plans';
import { PlanCards } from './plan-cards';
import '../../../styles/storefront.css';
import './subscription-plans.css';

/** /subscribe: every plan on sale, each a link to its page. */
export default function SubscriptionPlansPage() {
  const { load, retry } = useSubscriptionPlans();

  let content;
  if (load.state === 'loading') {
    content = <p role="status">Loading plans…</p>;
  } else if (load.state === 'failed') {
    content = (
      <>
        <Notice tone="error">Failed to load the plans</Notice>
        <Button variant="secondary" onClick={retry}>
          Try again
        </Button>
      </>
    );
  } else if (load.plans.length === 0) {
    content = <p>No plans are on sale just now. Please check back soon.</p>;
  } else {
    content = <PlanCards plans={load.plans} headingLevel="h2" />;
  }

  return (
    <section className="container page plans-page">
      <title>Flower subscriptions · Thalir Blooms</title>
      <header className="plans-page__header">
        <p className="eyebrow">Flowers every morning</p>
        <h1>Flower subscriptions</h1>
        <p className="lede">Fresh flowers at your door on the days you choose, paid in prepaid packs of deliveries. Skip a day, or pause while you travel.</p>
      </header>
      {content}
    </section>
  );
}
