/**
 * Server rendering. Each frontend's build writes a server bundle next to its files (`server/`), built
 * from the same components as the browser code; the API renders storefront pages with them.
 */

/** API answers a page was rendered from, by the API path (with query) the screen would fetch. */
export type PageData = Record<string, unknown>;

/**
 * A pathname as React Router matches it: decoded segment by segment, an encoded slash left encoded,
 * a malformed one left as it is. Matching a route on the server on this gives the params the screen
 * gets in the browser (`/product/a%2Db` is product `a-b` there too). React Router's own `decodePath`
 * is not exported, and its `matchRoutes` is not among the router names the frontends share.
 */
export function routerPathname(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** `dist/storefront-mfe/server/storefront.server.js` */
export interface StorefrontServerModule {
  /** The API paths whose answers the screen at `url` (path and query) shows in its first render. */
  pageDataPaths(url: string): string[];
  /** The storefront's route tree for the server, handed to the shell's renderer (a React component). */
  ServerRoutes: unknown;
}

/** What the shell's renderer made of a page: the markup inside #root, and what the page put in the head. */
export interface RenderedPage {
  html: string;
  /** The page's own <title> text, or null when it sets none. */
  title: string | null;
  /** Tags React hoists into the head: preloads of the images a page draws first. */
  headTags: string;
  /** Names of the chunks (screens) of each build the page was drawn with: their stylesheets go with it. */
  chunks: { shell: string[]; storefront: string[] };
}

/** `dist/shell/server/shell.server.js` */
export interface ShellServerModule {
  renderPage(options: { url: string; pageData: PageData; storefront: StorefrontServerModule; onError?: (error: unknown) => void }): Promise<RenderedPage>;
}

/** The id of the script tag that carries a server-rendered page's data (JSON, PageData). */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * Taps before the app takes over. A server-drawn page is painted long before its code runs; a tap
 * on a control in between would do nothing. The API writes EARLY_TAPS_SCRIPT, inline, at the top
 * of every server-drawn page. It keeps the events on controls marked with EARLY_TAP_ATTRIBUTE
 * (a click on a marked button, a change of a marked select, the submit of a marked form), holds
 * them back from the page (no default action, no React listener sees them) and hands them over,
 * in order, to the one call of `window[EARLY_TAPS_GLOBAL]()`, which also stops it. The app makes
 * that call once it has taken the page over (`PageTakeover`, @thalir/ui) and replays each event
 * once. Links, the mobile menu (a <details>) and forms with JavaScript off work without it.
 */
export const EARLY_TAP_ATTRIBUTE = 'data-replay';

/** The mark as JSX props: `<button {...EARLY_TAP_MARK} …>`, `<form {...EARLY_TAP_MARK} …>`. */
export const EARLY_TAP_MARK = { [EARLY_TAP_ATTRIBUTE]: '' } as const;

/** The function the capture leaves on `window`: stops capturing and returns what it kept as [event, control, the control's value then]. */
export const EARLY_TAPS_GLOBAL = '__earlyTaps';

/** Set on <html> once the app has taken the page over and replayed its early taps (the browser journeys and the bench wait for it). */
export const TAKEN_OVER_ATTRIBUTE = 'data-taken-over';

/**
 * The capture itself: a classic script, kept to a few hundred bytes because every server-drawn page
 * carries it inline (the page's Content-Security-Policy allows it by its hash, never 'unsafe-inline').
 * Each marked element answers one event: a form its submit, a select its change, anything else its click.
 * Until the takeover it also keeps from the page's listeners, and so from React, the presses that
 * start a tap or a key (pointer, mouse and touch down and up, key down and up), a marked button's or
 * select's other events (a select's input, a click that opens it) and the click on a marked form's
 * submit button (the form's submit is kept): React answers such an event on a part it is still
 * hydrating by hydrating that part at once, inside the event (a long task the tap waits for). Nothing
 * of the shop's acts on these; their default actions still happen. The other events of a marked
 * form's fields are left alone: their input may be React's to see.
 */
export const EARLY_TAPS_SCRIPT =
  `(function(d,q,n){function h(e){var t=e.target.closest&&e.target.closest("[${EARLY_TAP_ATTRIBUTE}]");` +
  'if(t&&({FORM:"submit",SELECT:"change"}[t.tagName]||"click")==e.type){e.preventDefault();e.stopPropagation();q.push([e,t,t.value])}' +
  'else if(n.indexOf(e.type)>3||t&&(t.tagName!="FORM"||e.type=="click"&&e.target.closest("[type=submit]")))e.stopPropagation()}' +
  'n.forEach(function(k){d.addEventListener(k,h,!0)});' +
  `window.${EARLY_TAPS_GLOBAL}=function(){n.forEach(function(k){d.removeEventListener(k,h,!0)});return q.splice(0)}})` +
  '(document,[],["click","submit","change","input","pointerdown","pointerup","mousedown","mouseup","touchstart","touchend","keydown","keyup"])';
