import { ExportSection } from './export-section';
import { NewsletterForm } from './newsletter-form';
import { Testimonials } from './testimonials';

/** The home page's sections after the featured flowers: its own chunk, loaded as the visitor comes near them (home-page.tsx). */
export default function HomeBelowTheFold() {
  return (
    <>
      <section className="section" aria-labelledby="testimonials-heading">
        <div className="container">
          <div className="section-heading">
            <p className="eyebrow">Kind words</p>
            <h2 id="testimonials-heading">What our customers say</h2>
          </div>
          <Testimonials />
        </div>
      </section>

      <ExportSection />

      <section className="newsletter-band" aria-label="Newsletter">
        <div className="container">
          <NewsletterForm
            tone="dark"
            title="Fresh picks in your inbox"
            description="Be the first to hear about new varieties, seasonal bunches and festival offers."
          />
        </div>
      </section>
    </>
  );
}
