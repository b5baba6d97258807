import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiRequestError } from '@thalir/api-client';
import { EARLY_TAP_MARK, type ContactRequest } from '@thalir/contracts';
import { Button, Notice } from '@thalir/ui';
import { sendContactMessage } from '../api/contact';
import '../../../styles/storefront.css';
import './contact.css';

type Result = { tone: 'success' | 'error'; text: string; detail?: string };

export default function ContactPage() {
  const ids = useId();
  const { t } = useLingui();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  // The fields are read from the form itself, not kept in state: what a visitor typed into the
  // server-rendered form before the page's code arrived is sent as well.
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const field = (name: keyof ContactRequest) => String(fields.get(name) ?? '').trim();
    setSending(true);
    setResult(null);
    try {
      await sendContactMessage({ name: field('name'), email: field('email'), message: field('message') });
      setResult({ tone: 'success', text: t`Message sent successfully!` });
      form.reset();
    } catch (error) {
      // A 400 names what to fix in the form (e.g. the email); anything else is worth another try as is.
      const detail = error instanceof ApiRequestError && error.status === 400 ? error.body?.message : undefined;
      setResult({ tone: 'error', text: t`Failed to send message. Try again.`, detail });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="contact">
      <title>{`${t`Contact`} · Thalir Blooms`}</title>
      <section className="container page">
        <header className="contact__header">
          <p className="eyebrow">
            <Trans>Contact</Trans>
          </p>
          <h1>
            <Trans>Talk to our growers</Trans>
          </h1>
          <p className="lede">
            <Trans>Wedding flowers, standing export orders or a single bunch of roses: write to us and someone from the Hosur team will get back to you.</Trans>
          </p>
        </header>

        <div className="contact__layout">
          <aside className="contact__details card" aria-labelledby={`${ids}-visit`}>
            <ContactArt />
            <div className="contact__details-body">
              <h2 id={`${ids}-visit`}>Thalir Blooms</h2>
              <dl>
                <div>
                  <dt>
                    <Trans>Address</Trans>
                  </dt>
                  <dd>
                    <address>
                      <Trans>14 Rayakottai Road</Trans>
                      <br />
                      <Trans>Hosur, Tamil Nadu 635109</Trans>
                      <br />
                      <Trans>India</Trans>
                    </address>
                  </dd>
                </div>
                <div>
                  <dt>
                    <Trans>Phone</Trans>
                  </dt>
                  <dd>
                    <a href="tel:+914344200140">+91 4344 200 140</a>
                  </dd>
                </div>
                <div>
                  <dt>
                    <Trans>Email</Trans>
                  </dt>
                  <dd>
                    <a href="mailto:hello@thalirblooms.example">hello@thalirblooms.example</a>
                  </dd>
                </div>
                <div>
                  <dt>
                    <Trans>Working hours</Trans>
                  </dt>
                  <dd>
                    <Trans>Mon–Sat 9:00 AM – 6:30 PM</Trans>
                  </dd>
                </div>
              </dl>
            </div>
          </aside>

          {/* Posts itself without JavaScript (the API answers with a page); sent before the app took over, it is sent then. */}
          <form className="card contact__form" method="post" action="/api/contact" onSubmit={submit} aria-labelledby={`${ids}-form`} {...EARLY_TAP_MARK}>
            <h2 id={`${ids}-form`}>
              <Trans>Send us a message</Trans>
            </h2>
            <div className="field">
              <label htmlFor={`${ids}-name`}>
                <Trans>Name</Trans>
              </label>
              <input id={`${ids}-name`} name="name" autoComplete="name" required />
            </div>
            <div className="field">
              <label htmlFor={`${ids}-email`}>
                <Trans>Email</Trans>
              </label>
              <input id={`${ids}-email`} name="email" type="email" autoComplete="email" required />
            </div>
            <div className="field">
              <label htmlFor={`${ids}-message`}>
                <Trans>Message</Trans>
              </label>
              <textarea id={`${ids}-message`} name="message" rows={6} required />
            </div>
            {result && (
              <Notice tone={result.tone}>
                {result.text}
                {result.detail && <span className="contact__detail">{result.detail}</span>}
              </Notice>
            )}
            <Button type="submit" size="lg" disabled={sending}>
              {sending ? t`Sending…` : t`Send message`}
            </Button>
          </form>
        </div>
      </section>
    </div>
  );
}

/** An envelope carried on a rose stem: original artwork for the contact card. */
function ContactArt() {
  const { t } = useLingui();
  return (
    <svg className="contact__art" viewBox="0 0 320 140" role="img" aria-label={t`A letter tucked into a rose stem`} preserveAspectRatio="xMidYMid slice">
      <rect width="320" height="140" fill="#e3f1e8" />
      <circle cx="270" cy="20" r="60" fill="#fbe4ea" />
      <path d="M0 118c60-20 120-24 180-10s100 10 140-6v38H0z" fill="#cfe6d8" />
      <path d="M212 132c-6-30-4-58 6-86" stroke="#1f5a41" strokeWidth="4" fill="none" strokeLinecap="round" />
      <path d="M214 96c-18-2-30-10-36-24 16 0 30 8 36 24zM216 80c14-6 24-16 26-30-14 4-24 14-26 30z" fill="#2f7d5b" />
      <path d="M218 14c14 6 24 16 24 28a24 24 0 0 1-48 0c0-12 10-22 24-28z" fill="#c0244f" />
      <path d="M218 24c8 4 13 10 13 18a13 13 0 0 1-26 0c0-8 5-14 13-18z" fill="#a3173f" />
      <g transform="rotate(-8 110 78)">
        <rect x="62" y="46" width="104" height="66" rx="6" fill="#fffdf9" stroke="#b7832f" strokeWidth="2" />
        <path d="M64 50l50 36 50-36" fill="none" stroke="#b7832f" strokeWidth="2" strokeLinejoin="round" />
      </g>
    </svg>
  );
}
