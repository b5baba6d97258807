import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiRequestError } from '@thalir/api-client';
import { EARLY_TAP_MARK, ENQUIRY_FREQUENCIES, type EnquiryFrequency, type EnquiryRequest, type ProductListResponse } from '@thalir/contracts';
import { COUNTRY_NAMES } from '@thalir/contracts/countries';
import { Button, Notice } from '@thalir/ui';
import { CompanyFigures, CropList, ProcessSteps } from '../../../components/company-lists';
import { usePageData } from '../../../lib/page-data';
import { CATALOGUE_NAMES_PATH, fetchCatalogue, sendEnquiry } from '../api/enquiries';
import '../../../styles/storefront.css';
import './export.css';

const FREQUENCY_LABELS: Record<EnquiryFrequency, string> = { 'one-off': 'One-off', weekly: 'Weekly', monthly: 'Monthly', seasonal: 'Seasonal' };

/** Countries by their English names, the ones we ship to most at the top. */
const ALL_COUNTRIES = Object.entries(COUNTRY_NAMES).map(([code, name]) => ({ code, name }));
const COUNTRIES = { first: ['AU', 'SG', 'MY'].map((code) => ({ code, name: COUNTRY_NAMES[code] })), all: ALL_COUNTRIES };

type Result = { tone: 'success' | 'error'; text: string; detail?: string };

/** Reads the form as sent: what was typed before the page's code arrived counts too. */
function readEnquiry(form: HTMLFormElement): EnquiryRequest {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  const quantity = text('quantity');
  return {
    company: text('company'),
    contactName: text('contactName'),
    email: text('email'),
    ...(text('phone') ? { phone: text('phone') } : {}),
    country: text('country'),
    productIds: data.getAll('productIds').map(String),
    ...(quantity ? { quantity: Number(quantity) } : {}),
    ...(text('frequency') ? { frequency: text('frequency') as EnquiryFrequency } : {}),
    ...(text('targetMonth') ? { targetMonth: text('targetMonth') } : {}),
    message: text('message'),
  };
}

function QuoteForm() {
  const ids = useId();
  const served = usePageData<ProductListResponse>(CATALOGUE_NAMES_PATH);
  const [products, setProducts] = useState<{ _id: string; name: string }[] | null>(() => served?.data ?? null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (products) return;
    const controller = new AbortController();
    fetchCatalogue(controller.signal).then(
      (answer) => setProducts(answer.data),
      () => setProducts([]),
    );
    return () => controller.abort();
  }, [products]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setResult(null);
    try {
      await sendEnquiry(readEnquiry(event.currentTarget));
      setResult({ tone: 'success', text: 'Thank you! Your enquiry is with our export desk; we answer within two working days.' });
      formRef.current?.reset();
    } catch (error) {
      const detail = error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.body?.message : undefined;
      setResult({ tone: 'error', text: 'Your enquiry could not be sent. Please try again.', detail });
    } finally {
      setSending(false);
    }
  };

  const field = (name: string) => `${ids}-${name}`;
  return (
    // Posts itself without JavaScript (the API answers with a page); sent before the app took over, it is sent then.
    <form
      ref={formRef}
      className="card quote-form"
      method="post"
      action="/api/enquiries"
      onSubmit={submit}
      aria-labelledby={field('title')}
      {...EARLY_TAP_MARK}
    >
      <h2 id={field('title')}>Request a wholesale quote</h2>
      <div className="quote-form__grid">
        <div className="field">
          <label htmlFor={field('company')}>Company</label>
          <input id={field('company')} name="company" autoComplete="organization" required maxLength={150} />
        </div>
        <div className="field">
          <label htmlFor={field('contact')}>Contact name</label>
          <input id={field('contact')} name="contactName" autoComplete="name" required maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor={field('email')}>Email</label>
          <input id={field('email')} name="email" type="email" autoComplete="email" required />
        </div>
        <div className="field">
          <label htmlFor={field('phone')}>Phone (international)</label>
          <input id={field('phone')} name="phone" type="tel" autoComplete="tel" placeholder="+61 2 9876 5432" pattern="\+[1-9][\d\s\-()]{6,22}" />
        </div>
        <div className="field">
          <label htmlFor={field('country')}>Country</label>
          <select id={field('country')} name="country" required defaultValue="">
            <option value="" disabled>
              Choose a country
            </option>
            <optgroup label="Where we ship most">
              {COUNTRIES.first.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </optgroup>
            <optgroup label="All countries">
              {COUNTRIES.all.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <div className="field">
          <label htmlFor={field('quantity')}>Stems per shipment</label>
          <input id={field('quantity')} name="quantity" type="number" inputMode="numeric" min={1} step={1} placeholder="2400" />
        </div>
        <div className="field">
          <label htmlFor={field('frequency')}>How often</label>
          <select id={field('frequency')} name="frequency" defaultValue="">
            <option value="">Not sure yet</option>
            {ENQUIRY_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {FREQUENCY_LABELS[frequency]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={field('month')}>Target delivery month</label>
          <input id={field('month')} name="targetMonth" type="month" />
        </div>
      </div>
      <fieldset className="quote-form__products">
        <legend>Products of interest</legend>
        {products === null ? (
          <p className="quote-form__hint">Loading the catalogue…</p>
        ) : products.length === 0 ? (
          <p className="quote-form__hint">Tell us in your message which flowers and greens you need.</p>
        ) : (
          <ul className="quote-form__product-list">
            {products.map((product) => (
              <li key={product._id}>
                <label>
                  <input type="checkbox" name="productIds" value={product._id} /> {product.name}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor={field('message')}>Message</label>
        <textarea
          id={field('message')}
          name="message"
          rows={5}
          required
          maxLength={5000}
          placeholder="Varieties, stem lengths, packing, destination airport…"
        />
      </div>
      {result && (
        <Notice tone={result.tone}>
          {result.text}
          {result.detail && <span className="quote-form__detail">{result.detail}</span>}
        </Notice>
      )}
      <Button type="submit" size="lg" disabled={sending}>
        {sending ? 'Sending…' : 'Request a quote'}
      </Button>
    </form>
  );
}

/** The exporter's page for wholesale buyers abroad: what we grow and ship, how, and a way to ask for prices. */
export default function ExportPage() {
  return (
    <div className="export-page">
      <title>Wholesale and export · Thalir Blooms</title>
      <section className="container page export-page__intro" aria-labelledby="export-page-heading">
        <p className="eyebrow">Wholesale and export</p>
        <h1 id="export-page-heading">Fresh flowers from Hosur to florists around the world</h1>
        <p className="lede">
          Roses, carnations, gerberas, chrysanthemums and cut greens, grown by our family since 1998 and flown to importers, wholesalers and florists in 45+
          countries, among them Australia, Singapore and Malaysia. Tell us what you need and our export desk sends prices, availability and shipping options.
        </p>
        <a className="btn btn--primary btn--md" href="#quote">
          Request a wholesale quote
        </a>
      </section>
      <CompanyFigures />
      <section className="section section--tinted" aria-labelledby="export-crops-heading">
        <div className="container">
          <div className="section-heading">
            <h2 id="export-crops-heading">What we export</h2>
            <p>Graded by stem length and head size, bunched to your specification, in mixed or single-variety boxes.</p>
          </div>
          <CropList />
        </div>
      </section>
      <section className="section" aria-labelledby="export-process-heading">
        <div className="container">
          <h2 id="export-process-heading">The cold chain, from greenhouse to airport</h2>
          <ProcessSteps />
        </div>
      </section>
      <section id="quote" className="section section--tinted">
        <div className="container export-page__quote">
          <QuoteForm />
        </div>
      </section>
    </div>
  );
}
