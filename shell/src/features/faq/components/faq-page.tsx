import { Trans, useLingui } from '@lingui/react/macro';
import { FAQ_TOPICS } from './faq-content';
import './faq.css';

export default function FaqPage() {
  const { i18n, t } = useLingui();
  return (
    <section className="container page faq">
      <title>{`${t`Questions and answers`} · Thalir Blooms`}</title>
      <header className="faq__header">
        <h1>
          <Trans>Questions and answers</Trans>
        </h1>
        <p className="faq__intro">
          <Trans>Delivery, freshness, payments, returns and export enquiries: what our customers ask us most.</Trans>
        </p>
      </header>
      <nav className="faq__topics" aria-label={t`FAQ topics`}>
        <ul>
          {FAQ_TOPICS.map((topic) => (
            <li key={topic.id}>
              {/* A place on this page, not another page of the site. */}
              <a href={`#${topic.id}`}>{i18n._(topic.title)}</a>
            </li>
          ))}
        </ul>
      </nav>
      {FAQ_TOPICS.map((topic) => (
        <section key={topic.id} id={topic.id} className="faq__topic" aria-labelledby={`${topic.id}-title`}>
          <h2 id={`${topic.id}-title`}>{i18n._(topic.title)}</h2>
          {topic.questions.map((item) => (
            <details key={item.question.id} className="faq__item card">
              <summary>{i18n._(item.question)}</summary>
              <div className="faq__answer">{item.answer}</div>
            </details>
          ))}
        </section>
      ))}
    </section>
  );
}
