import { FAQ_TOPICS } from './faq-content';
import './faq.css';

export default function FaqPage() {
  return (
    <section className="container page faq">
      <title>Questions and answers · Thalir Blooms</title>
      <header className="faq__header">
        <h1>Questions and answers</h1>
        <p className="faq__intro">Delivery, freshness, payments, returns and export enquiries: what our customers ask us most.</p>
      </header>
      <nav className="faq__topics" aria-label="FAQ topics">
        <ul>
          {FAQ_TOPICS.map((topic) => (
            <li key={topic.id}>
              <a href={`#${topic.id}`}>{topic.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {FAQ_TOPICS.map((topic) => (
        <section key={topic.id} id={topic.id} className="faq__topic" aria-labelledby={`${topic.id}-title`}>
          <h2 id={`${topic.id}-title`}>{topic.title}</h2>
          {topic.questions.map((item) => (
            <details key={item.question} className="faq__item card">
              <summary>{item.question}</summary>
              <div className="faq__answer">{item.answer}</div>
            </details>
          ))}
        </section>
      ))}
    </section>
  );
}
