import { escapeHtml } from '../web/pages/page-head';

/** A link's page: what happened, or a button that does it (a POST, so a link scanner's GET changes nothing). */
export interface NewsletterPage {
  title: string;
  message: string;
  button?: { label: string; action: string; oneClickField?: boolean };
}

/** The shop's colours (libs/ui tokens), as the mails use them. */
const STYLE = `body{margin:0;background:#fbf6ee;color:#1d1d1b;font:16px/1.5 'Helvetica Neue',Helvetica,Arial,sans-serif}
main{max-width:32rem;margin:12vh auto;padding:2rem;background:#fff;border:1px solid #e6ddd0;border-radius:8px}
h1{color:#14382a;font-size:1.4rem;margin:0 0 1rem}
button{background:#1f5a41;color:#fff;border:0;border-radius:6px;padding:.75rem 1.4rem;font:600 1rem inherit;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #a3173f;outline-offset:2px}
a{color:#1f5a41}`;

/** A small page of its own, for someone arriving from a mail: no app to load, nothing to track. */
export function newsletterPageHtml(page: NewsletterPage): string {
  const { button } = page;
  const form = button
    ? `<form method="post" action="${escapeHtml(button.action)}">${
        // RFC 8058's one-click body, so the page's button and a mail program's POST are the same request.
        button.oneClickField ? '<input type="hidden" name="List-Unsubscribe" value="One-Click">' : ''
      }<button type="submit">${escapeHtml(button.label)}</button></form>`
    : '<p><a href="/">Visit Thalir Blooms</a></p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} · Thalir Blooms</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.message)}</p>${form}</main></body></html>`;
}
