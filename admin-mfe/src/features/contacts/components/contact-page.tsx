import { formatCount, formatDate, formatDateTime, Notice, Spinner } from '@thalir/ui';
import { useFetch } from '../../../hooks/use-fetch';
import { fetchContactMessages, fetchNewsletterSubscribers } from '../api/contacts';
import './contact-page.css';

function ContactMessages() {
  const { data: messages, error, loading } = useFetch((signal) => fetchContactMessages(signal), []);
  return (
    <section className="contact-section" aria-labelledby="messages-title">
      <h2 id="messages-title">Messages{messages && messages.length > 0 && <span className="contact-section__count"> ({messages.length})</span>}</h2>
      {error !== undefined && <Notice tone="error">Failed to fetch contact submissions</Notice>}
      {loading && !messages && <Spinner label="Loading messages…" />}
      {messages && messages.length === 0 && <p className="admin-empty">No contact messages yet.</p>}
      {messages && messages.length > 0 && (
        <ol className="message-list" aria-label="Contact messages, newest first">
          {messages.map((message) => (
            <li key={message._id}>
              <article className="card message" aria-labelledby={`message-${message._id}`}>
                <header className="message__header">
                  <h3 id={`message-${message._id}`} className="message__name">
                    {message.name}
                  </h3>
                  <a className="message__email" href={`mailto:${message.email}`}>
                    {message.email}
                  </a>
                  <time className="message__date" dateTime={message.createdAt}>
                    {formatDateTime(message.createdAt)}
                  </time>
                </header>
                <p className="message__text">{message.message}</p>
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function NewsletterSubscribers() {
  const { data: subscribers, error, loading } = useFetch((signal) => fetchNewsletterSubscribers(signal), []);
  return (
    <section className="contact-section" aria-labelledby="subscribers-title">
      <h2 id="subscribers-title">Newsletter subscribers</h2>
      {error !== undefined && <Notice tone="error">Failed to fetch newsletter subscribers</Notice>}
      {loading && !subscribers && <Spinner label="Loading subscribers…" />}
      {subscribers && (
        <p className="admin-muted" data-testid="subscriber-count">
          {subscribers.length === 1 ? '1 subscriber' : `${formatCount(subscribers.length)} subscribers`}
        </p>
      )}
      {subscribers && subscribers.length === 0 && <p className="admin-empty">No newsletter subscribers yet.</p>}
      {subscribers && subscribers.length > 0 && (
        <div className="table-wrap card subscriber-table">
          <table className="table">
            <caption className="visually-hidden">Newsletter subscribers, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Subscribed on</th>
              </tr>
            </thead>
            <tbody>
              {subscribers.map((subscriber) => (
                <tr key={subscriber._id}>
                  <td>
                    <a href={`mailto:${subscriber.email}`}>{subscriber.email}</a>
                  </td>
                  <td>
                    <time dateTime={subscriber.createdAt}>{formatDate(subscriber.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default function ContactPage() {
  return (
    <div className="container page">
      <h1>Contact list</h1>
      <ContactMessages />
      <NewsletterSubscribers />
    </div>
  );
}
