import { escapeHtml } from './page-head';

/** The shop's colours (libs/ui tokens), as the mails use them. */
const STYLE = `body{margin:0;background:#fbf6ee;color:#1d1d1b;font:16px/1.5 'Helvetica Neue',Helvetica,Arial,sans-serif}
main{max-width:32rem;margin:12vh auto;padding:2rem;background:#fff;border:1px solid #e6ddd0;border-radius:8px}
h1{color:#14382a;font-size:1.4rem;margin:0 0 1rem}
button{background:#1f5a41;color:#fff;border:0;border-radius:6px;padding:.75rem 1.4rem;font:600 1rem inherit;cursor:pointer}
button:focus-visible,a:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #a3173f;outline-offset:2px}
a{color:#1f5a41}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input,textarea{box-sizing:border-box;width:100%;padding:.6rem;border:1px solid #8a7f70;border-radius:6px;font:inherit}
form p:last-child{margin-top:1.25rem}
.error{color:#a3173f;font-weight:600}`;

/**
 * A small page of the API's own, without the app: for someone arriving from a mail, or whose
 * browser posted a form without JavaScript. No script, nothing to track. `body` is HTML, escaped by the caller.
 */
export function standalonePageHtml(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Thalir Blooms</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
