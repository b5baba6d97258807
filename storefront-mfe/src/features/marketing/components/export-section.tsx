import { Link } from 'react-router-dom';
import { CompanyFigures, CropList, ProcessSteps } from '../../../components/company-lists';
import { ColdChainIllustration, GreenhouseIllustration, PackingIllustration, WaterIllustration } from './illustrations';
import { NewsletterForm } from './newsletter-form';
import './company.css';

/** The exporter's story on the home page, with the spec's anchors: home, flowers, process, sustainability. */
export function ExportSection() {
  return (
    <section className="export" aria-labelledby="export-heading">
      <div id="home" className="section export__intro">
        <div className="container export__intro-grid">
          <div>
            <p className="eyebrow">Thalir Blooms Exports</p>
            <h2 id="export-heading">Growers and exporters from India’s rose belt</h2>
            <p className="lede">
              Since 1998 our family has grown flowers in the greenhouses of Hosur, Tamil Nadu. Today we export to 45+ countries, among them Australia, Singapore
              and Malaysia, and supply over 40 retailers in 12+ countries.
            </p>
            <nav aria-label="About our export business" className="export__nav">
              <a href="#flowers">Our flowers</a>
              <a href="#process">Our process</a>
              <a href="#sustainability">Sustainability</a>
              <Link to="/export">Wholesale and export quotes</Link>
            </nav>
          </div>
          <GreenhouseIllustration />
        </div>
        <CompanyFigures />
      </div>

      <section id="flowers" className="section section--tinted" aria-labelledby="flowers-heading">
        <div className="container">
          <div className="section-heading">
            <p className="eyebrow">Our flowers</p>
            <h2 id="flowers-heading">120+ varieties, grown under one sky</h2>
            <p>Roses came first. Carnations, gerberas, chrysanthemums and a whole shelf of cut greens followed.</p>
          </div>
          <CropList />
        </div>
      </section>

      <section id="process" className="section" aria-labelledby="process-heading">
        <div className="container export__split">
          <div>
            <p className="eyebrow">Our process</p>
            <h2 id="process-heading">From greenhouse to airport in hours</h2>
            <ProcessSteps />
          </div>
          <ColdChainIllustration />
        </div>
      </section>

      <section id="sustainability" className="section section--tinted" aria-labelledby="sustainability-heading">
        <div className="container">
          <div className="section-heading">
            <p className="eyebrow">Sustainability</p>
            <h2 id="sustainability-heading">Grown with care for the land that grows them</h2>
            <p>Good flowers start with good soil and clean water, so we look after both.</p>
          </div>
          <ul className="practices">
            <li className="practice">
              <WaterIllustration />
              <h3>Drip irrigation and rain-water harvesting</h3>
              <p>
                Drip lines take water to each plant’s roots, not onto the paths between the beds, and monsoon rain from the greenhouse roofs is stored in tanks
                to carry the beds through the dry months.
              </p>
            </li>
            <li className="practice">
              <PackingIllustration />
              <h3>Recyclable packing</h3>
              <p>Our boxes and sleeves are cardboard and paper that can go straight into recycling.</p>
            </li>
          </ul>
          <div className="export__newsletter">
            <NewsletterForm title="Harvest notes" description="Seasonal varieties, festival pre-orders and news from the greenhouses, about once a month." />
          </div>
        </div>
      </section>
    </section>
  );
}
