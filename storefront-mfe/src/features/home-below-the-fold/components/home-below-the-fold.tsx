import { Trans, useLingui } from '@lingui/react/macro';
import { ExportSection } from './export-section';
import { NewsletterForm } from './newsletter-form';
import { Testimonials } from './testimonials';

/** The home page's sections after the featured flowers: its own chunk, loaded as the visitor comes near them (home-page.tsx). */
export default function HomeBelowTheFold() {
  const { t } = useLingui();
  return (
    <>
      <section className="section" aria-labelledby="testimonials-heading">
        <div className="container">
          <div className="section-heading">
            <p className="eyebrow">
              <Trans>Kind words</Trans>
            </p>
            <h2 id="testimonials-heading">
              <Trans>What our customers say</Trans>
            </h2>
          </div>
          <Testimonials />
        </div>
      </section>

      <ExportSection />

      <section className="newsletter-band" aria-label={t`Newsletter`}>
        <div className="container">
          <NewsletterForm
            tone="dark"
            title={t`Fresh picks in your inbox`}
            description={t`Be the first to hear about new varieties, seasonal bunches and festival offers.`}
          />
        </div>
      </section>
    </>
  );
}
