import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiRequestError } from '@thalir/api-client';
import { EARLY_TAP_MARK, ENQUIRY_FREQUENCIES, type EnquiryFrequency, type EnquiryRequest, type Product, type ProductListResponse } from '@thalir/contracts';
import { COUNTRY_NAMES } from '@thalir/contracts/countries';
import { Button, Notice, useLanguage } from '@thalir/ui';
import { CompanyFigures, CropList, ProcessSteps } from '../../../components/company-lists';
import { usePageData } from '../../../lib/page-data';
import { catalogueNamesPath, fetchCatalogue, sendEnquiry } from '../api/enquiries';
import '../../../styles/storefront.css';
import './export.css';

const FREQUENCY_LABELS: Record<EnquiryFrequency, MessageDescriptor> = {
  'one-off': msg`One-off`,
  weekly: msg`Weekly`,
  monthly: msg`Monthly`,
  seasonal: msg`Seasonal`,
};

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
  const { i18n, t } = useLingui();
  const language = useLanguage();
  // Country names are English on every page.
  const countryLanguage = language === 'en' ? undefined : 'en';
  const served = usePageData<ProductListResponse>(catalogueNamesPath(language));
  const [products, setProducts] = useState<Pick<Product, '_id' | 'name' | 'languages'>[] | null>(() => served?.data ?? null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (products) return;
    const controller = new AbortController();
    fetchCatalogue(language, controller.signal).then(
      (answer) => setProducts(answer.data),
      () => setProducts([]),
    );
    return () => controller.abort();
  }, [products, language]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setResult(null);
    try {
      await sendEnquiry(readEnquiry(event.currentTarget));
      setResult({ tone: 'success', text: t`Thank you! Your enquiry is with our export desk; we answer within two working days.` });
      formRef.current?.reset();
    } catch (error) {
      const detail = error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.body?.message : undefined;
      setResult({ tone: 'error', text: t`Your enquiry could not be sent. Please try again.`, detail });
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
      <h2 id={field('title')}>
        <Trans>Request a wholesale quote</Trans>
      </h2>
      <div className="quote-form__grid">
        <div className="field">
          <label htmlFor={field('company')}>
            <Trans>Company</Trans>
          </label>
          <input id={field('company')} name="company" autoComplete="organization" required maxLength={150} />
        </div>
        <div className="field">
          <label htmlFor={field('contact')}>
            <Trans>Contact name</Trans>
          </label>
          <input id={field('contact')} name="contactName" autoComplete="name" required maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor={field('email')}>
            <Trans>Email</Trans>
          </label>
          <input id={field('email')} name="email" type="email" autoComplete="email" required />
        </div>
        <div className="field">
          <label htmlFor={field('phone')}>
            <Trans>Phone (international)</Trans>
          </label>
          <input id={field('phone')} name="phone" type="tel" autoComplete="tel" placeholder="+61 2 9876 5432" pattern="\+[1-9][\d\s\-()]{6,22}" />
        </div>
        <div className="field">
          <label htmlFor={field('country')}>
            <Trans>Country</Trans>
          </label>
          <select id={field('country')} name="country" required defaultValue="">
            <option value="" disabled>
              {t`Choose a country`}
            </option>
            <optgroup label={t`Where we ship most`}>
              {COUNTRIES.first.map((country) => (
                <option key={country.code} value={country.code} lang={countryLanguage}>
                  {country.name}
                </option>
              ))}
            </optgroup>
            <optgroup label={t`All countries`}>
              {COUNTRIES.all.map((country) => (
                <option key={country.code} value={country.code} lang={countryLanguage}>
                  {country.name}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <div className="field">
          <label htmlFor={field('quantity')}>
            <Trans>Stems per shipment</Trans>
          </label>
          <input id={field('quantity')} name="quantity" type="number" inputMode="numeric" min={1} step={1} placeholder="2400" />
        </div>
        <div className="field">
          <label htmlFor={field('frequency')}>
            <Trans>How often</Trans>
          </label>
          <select id={field('frequency')} name="frequency" defaultValue="">
            <option value="">{t`Not sure yet`}</option>
            {ENQUIRY_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {i18n._(FREQUENCY_LABELS[frequency])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={field('month')}>
            <Trans>Target delivery month</Trans>
          </label>
          <input id={field('month')} name="targetMonth" type="month" />
        </div>
      </div>
      <fieldset className="quote-form__products">
        <legend>
          <Trans>Products of interest</Trans>
        </legend>
        {products === null ? (
          <p className="quote-form__hint">
            <Trans>Loading the catalogue…</Trans>
          </p>
        ) : products.length === 0 ? (
          <p className="quote-form__hint">
            <Trans>Tell us in your message which flowers and greens you need.</Trans>
          </p>
        ) : (
          <ul className="quote-form__product-list">
            {products.map((product) => (
              <li key={product._id}>
                <label lang={product.languages?.name === 'en' ? 'en' : undefined}>
                  <input type="checkbox" name="productIds" value={product._id} /> {product.name}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor={field('message')}>
          <Trans>Message</Trans>
        </label>
        <textarea
          id={field('message')}
          name="message"
          rows={5}
          required
          maxLength={5000}
          placeholder={t`Varieties, stem lengths, packing, destination airport…`}
        />
      </div>
      {result && (
        <Notice tone={result.tone}>
          {result.text}
          {result.detail && <span className="quote-form__detail">{result.detail}</span>}
        </Notice>
      )}
      <Button type="submit" size="lg" disabled={sending}>
        {sending ? t`Sending…` : t`Request a quote`}
      </Button>
    </form>
  );
}

/** The exporter's page for wholesale buyers abroad: what we grow and ship, how, and a way to ask for prices. */
export default function ExportPage() {
  const { t } = useLingui();
  return (
    <div className="export-page">
      <title>{`${t`Wholesale and export`} · Thalir Blooms`}</title>
      <section className="container page export-page__intro" aria-labelledby="export-page-heading">
        <p className="eyebrow">
          <Trans>Wholesale and export</Trans>
        </p>
        <h1 id="export-page-heading">
          <Trans>Fresh flowers from Hosur to florists around the world</Trans>
        </h1>
        <p className="lede">
          <Trans>
            Roses, carnations, gerberas, chrysanthemums and cut greens, grown by our family since 1998 and flown to importers, wholesalers and florists in 45+
            countries, among them Australia, Singapore and Malaysia. Tell us what you need and our export desk sends prices, availability and shipping options.
          </Trans>
        </p>
        {/* A place on this page, not another page of the site. */}
        <a className="btn btn--primary btn--md" href="#quote">
          <Trans>Request a wholesale quote</Trans>
        </a>
      </section>
      <CompanyFigures />
      <section className="section section--tinted" aria-labelledby="export-crops-heading">
        <div className="container">
          <div className="section-heading">
            <h2 id="export-crops-heading">
              <Trans>What we export</Trans>
            </h2>
            <p>
              <Trans>Graded by stem length and head size, bunched to your specification, in mixed or single-variety boxes.</Trans>
            </p>
          </div>
          <CropList />
        </div>
      </section>
      <section className="section" aria-labelledby="export-process-heading">
        <div className="container">
          <h2 id="export-process-heading">
            <Trans>The cold chain, from greenhouse to airport</Trans>
          </h2>
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
