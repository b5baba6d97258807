import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Notice } from '@thalir/ui';
import { useSubscriptionPlans } from '../hooks/use-subscription-plans';
import { PlanCards } from './plan-cards';
import '../../../styles/storefront.css';
import './subscription-plans.css';

/** /subscribe: every plan on sale, each a link to its page. */
export default function SubscriptionPlansPage() {
  const { load, retry } = useSubscriptionPlans();
  const { t } = useLingui();

  let content;
  if (load.state === 'loading') {
    content = (
      <p role="status">
        <Trans>Loading plans…</Trans>
      </p>
    );
  } else if (load.state === 'failed') {
    content = (
      <>
        <Notice tone="error">
          <Trans>Failed to load the plans</Trans>
        </Notice>
        <Button variant="secondary" onClick={retry}>
          <Trans>Try again</Trans>
        </Button>
      </>
    );
  } else if (load.plans.length === 0) {
    content = (
      <p>
        <Trans>No plans are on sale just now. Please check back soon.</Trans>
      </p>
    );
  } else {
    content = <PlanCards plans={load.plans} headingLevel="h2" />;
  }

  return (
    <section className="container page plans-page">
      <title>{`${t`Flower subscriptions`} · Thalir Blooms`}</title>
      <header className="plans-page__header">
        <p className="eyebrow">
          <Trans>Flowers every morning</Trans>
        </p>
        <h1>
          <Trans>Flower subscriptions</Trans>
        </h1>
        <p className="lede">
          <Trans>Fresh flowers at your door on the days you choose, paid in prepaid packs of deliveries. Skip a day, or pause while you travel.</Trans>
        </p>
      </header>
      {content}
    </section>
  );
}
