import { escapeHtml } from '../web/pages/page-head';
import { standalonePageHtml } from '../web/pages/standalone-page';

/** A link's page: what happened, or a button that does it (a POST, so a link scanner's GET changes nothing). */
export interface NewsletterPage {
  title: string;
  message: string;
  button?: { label: string; action: string; oneClickField?: boolean };
}

/** A small page of its own, for someone arriving from a mail: no app to load, nothing to track. */
export function newsletterPageHtml(page: NewsletterPage): string {
  const { button } = page;
  const form = button
    ? `<form method="post" action="${escapeHtml(button.action)}">${
        // RFC 8058's one-click body, so the page's button and a mail program's POST are the same request.
        button.oneClickField ? '<input type="hidden" name="List-Unsubscribe" value="One-Click">' : ''
      }<button type="submit">${escapeHtml(button.label)}</button></form>`
    : '<p><a href="/">Visit Thalir Blooms</a></p>';
  return standalonePageHtml(page.title, `<p>${escapeHtml(page.message)}</p>${form}`);
}
