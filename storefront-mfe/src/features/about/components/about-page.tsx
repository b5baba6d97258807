import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { CompanyFigures, CropList, ProcessSteps } from '../../../components/company-lists';
import { ColdChainIllustration, GreenhouseIllustration, PackingIllustration, WaterIllustration } from '../../../components/illustrations';
import '../../../styles/storefront.css';
import '../../../styles/company.css';
import './about.css';

export default function AboutPage() {
  const { t } = useLingui();
  return (
    <div className="about">
      <title>{t`About · Thalir Blooms`}</title>
      <header className="about__hero">
        <div className="container about__hero-grid">
          <div>
            <p className="eyebrow">
              <Trans>Our story</Trans>
            </p>
            <h1>
              <Trans>Family growers in Hosur since 1998</Trans>
            </h1>
            <p className="lede">
              <Trans>
                <em>Thalir</em> is Tamil for a tender new shoot. It is how we think of every stem we grow: young, fresh and cared for, from the first leaf to
                the moment it reaches you.
              </Trans>
            </p>
          </div>
          <GreenhouseIllustration />
        </div>
      </header>

      <section className="section" aria-labelledby="story-heading">
        <div className="container about__story">
          <h2 id="story-heading">
            <Trans>It started with roses</Trans>
          </h2>
          <p>
            <Trans>
              In 1998 our family put up its first greenhouse on the red soil of Hosur, in Tamil Nadu, where cool nights and bright days make some of India’s
              finest roses. Roses are still our pride. Over the years carnations, gerberas and chrysanthemums joined them, and then the cut greens every florist
              needs: eucalyptus, ruscus, asparagus fern and leatherleaf.
            </Trans>
          </p>
          <p>
            <Trans>
              Today Thalir Blooms Exports grows more than 120 varieties and ships them to 45+ countries, among them Australia, Singapore and Malaysia. Over 40
              retailers in 12+ countries put our flowers in their shops, and this online shop brings the same stems to homes across India.
            </Trans>
          </p>
        </div>
        <CompanyFigures />
      </section>

      <section className="section section--tinted" aria-labelledby="grow-heading">
        <div className="container">
          <div className="section-heading">
            <p className="eyebrow">
              <Trans>What we grow</Trans>
            </p>
            <h2 id="grow-heading">
              <Trans>Blooms and greens from one family farm</Trans>
            </h2>
          </div>
          <CropList />
        </div>
      </section>

      <section className="section" aria-labelledby="cold-chain-heading">
        <div className="container export__split">
          <ColdChainIllustration />
          <div>
            <p className="eyebrow">
              <Trans>The cold chain</Trans>
            </p>
            <h2 id="cold-chain-heading">
              <Trans>Cold from the cut to the airport</Trans>
            </h2>
            <p>
              <Trans>A flower starts to age the moment it is cut. Keeping it cool slows that down, so our cold chain begins in the greenhouse.</Trans>
            </p>
            <ProcessSteps />
          </div>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="care-heading">
        <div className="container">
          <div className="section-heading">
            <p className="eyebrow">
              <Trans>Sustainability</Trans>
            </p>
            <h2 id="care-heading">
              <Trans>Careful with water, careful with waste</Trans>
            </h2>
          </div>
          <div className="practices">
            <article className="practice">
              <WaterIllustration />
              <h3>
                <Trans>Drip irrigation and rain-water harvesting</Trans>
              </h3>
              <p>
                <Trans>
                  Drip lines feed each plant at its roots, and rain from the greenhouse roofs is collected in tanks during the monsoon to water the beds through
                  the dry months.
                </Trans>
              </p>
            </article>
            <article className="practice">
              <PackingIllustration />
              <h3>
                <Trans>Recyclable packing</Trans>
              </h3>
              <p>
                <Trans>Our flowers travel in cardboard boxes and paper sleeves that can go straight into recycling when the bouquet is unwrapped.</Trans>
              </p>
            </article>
          </div>
        </div>
      </section>

      <section className="section about__cta" aria-labelledby="visit-heading">
        <div className="container">
          <h2 id="visit-heading">
            <Trans>Come and see, or let the flowers come to you</Trans>
          </h2>
          <p>
            <Trans>
              Our greenhouses and packhouse are at 14 Rayakottai Road, Hosur, open Mon–Sat 9:00 AM – 6:30 PM. Trade buyers are welcome to visit by appointment.
            </Trans>
          </p>
          <div className="btn-row about__cta-buttons">
            <Link to="/products" className="btn btn--primary btn--lg">
              <Trans>Shop flowers</Trans>
            </Link>
            <Link to="/export" className="btn btn--secondary btn--lg">
              <Trans>Wholesale and export</Trans>
            </Link>
            <Link to="/contact" className="btn btn--secondary btn--lg">
              <Trans>Contact us</Trans>
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
