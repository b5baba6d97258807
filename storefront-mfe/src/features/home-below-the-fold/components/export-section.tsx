import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { CompanyFigures, CropList, ProcessSteps } from '../../../components/company-lists';
import { ColdChainIllustration, GreenhouseIllustration, PackingIllustration, WaterIllustration } from '../../../components/illustrations';
import { NewsletterForm } from './newsletter-form';
import '../../../styles/company.css';

/** The exporter's story on the home page, with the spec's anchors: home, flowers, process, sustainability. */
export function ExportSection() {
  const { t } = useLingui();
  return (
    <section className="export" aria-labelledby="export-heading">
      <div id="home" className="section export__intro">
        <div className="container export__intro-grid">
          <div>
            <p className="eyebrow">
              <Trans>Thalir Blooms Exports</Trans>
            </p>
            <h2 id="export-heading">
              <Trans>Growers and exporters from India’s rose belt</Trans>
            </h2>
            <p className="lede">
              <Trans>
                Since 1998 our family has grown flowers in the greenhouses of Hosur, Tamil Nadu. Today we export to 45+ countries, among them Australia,
                Singapore and Malaysia, and supply over 40 retailers in 12+ countries.
              </Trans>
            </p>
            <nav aria-label={t`About our export business`} className="export__nav">
              <a href="#flowers">
                <Trans>Our flowers</Trans>
              </a>
              <a href="#process">
                <Trans>Our process</Trans>
              </a>
              <a href="#sustainability">
                <Trans>Sustainability</Trans>
              </a>
              <Link to="/export">
                <Trans>Wholesale and export quotes</Trans>
              </Link>
            </nav>
          </div>
          <GreenhouseIllustration />
        </div>
        <CompanyFigures />
      </div>

      <section id="flowers" className="section section--tinted" aria-labelledby="flowers-heading">
        <div className="container">
          <div className="section-heading">
            <p className="eyebrow">
              <Trans>Our flowers</Trans>
            </p>
            <h2 id="flowers-heading">
              <Trans>120+ varieties, grown under one sky</Trans>
            </h2>
            <p>
              <Trans>Roses came first. Carnations, gerberas, chrysanthemums and a whole shelf of cut greens followed.</Trans>
            </p>
          </div>
          <CropList />
        </div>
      </section>

      <section id="process" className="section" aria-labelledby="process-heading">
        <div className="container export__split">
          <div>
            <p className="eyebrow">
              <Trans>Our process</Trans>
            </p>
            <h2 id="process-heading">
              <Trans>From greenhouse to airport in hours</Trans>
            </h2>
            <ProcessSteps />
          </div>
          <ColdChainIllustration />
        </div>
      </section>

      <section id="sustainability" className="section section--tinted" aria-labelledby="sustainability-heading">
        <div className="container">
          <div className="section-heading">
            <p className="eyebrow">
              <Trans>Sustainability</Trans>
            </p>
            <h2 id="sustainability-heading">
              <Trans>Grown with care for the land that grows them</Trans>
            </h2>
            <p>
              <Trans>Good flowers start with good soil and clean water, so we look after both.</Trans>
            </p>
          </div>
          <ul className="practices">
            <li className="practice">
              <WaterIllustration />
              <h3>
                <Trans>Drip irrigation and rain-water harvesting</Trans>
              </h3>
              <p>
                <Trans>
                  Drip lines take water to each plant’s roots, not onto the paths between the beds, and monsoon rain from the greenhouse roofs is stored in
                  tanks to carry the beds through the dry months.
                </Trans>
              </p>
            </li>
            <li className="practice">
              <PackingIllustration />
              <h3>
                <Trans>Recyclable packing</Trans>
              </h3>
              <p>
                <Trans>Our boxes and sleeves are cardboard and paper that can go straight into recycling.</Trans>
              </p>
            </li>
          </ul>
          <div className="export__newsletter">
            <NewsletterForm
              title={t`Harvest notes`}
              description={t`Seasonal varieties, festival pre-orders and news from the greenhouses, about once a month.`}
            />
          </div>
        </div>
      </section>
    </section>
  );
}
