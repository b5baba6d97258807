import { EARLY_TAPS_SCRIPT } from '@thalir/contracts';
import { LANGUAGE_TAGS, type Language } from '@thalir/pages';

const HEAD_START = '<!--page-head-->';
const HEAD_END = '<!--/page-head-->';
const ROOT = /<div id="?root"?><\/div>/;
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>/;
/** The build's main.js tag, naming the start script a server-drawn page loads instead (shell/src/start-app.js). */
const MAIN_SCRIPT = /<script defer(?:="defer")? src="([^"]+)" data-start-after-paint="([^"]+)"><\/script>/;

/**
 * The early-tap capture (@thalir/contracts), first in a server-drawn page's head: it runs before any
 * control is parsed, and before the stylesheets, so it never waits for them. The Content-Security-Policy
 * allows exactly this text by its hash (common/security-headers.ts).
 */
export const EARLY_TAPS_TAG = `<script>${EARLY_TAPS_SCRIPT}</script>`;

/**
 * The shell's built index.html (shell/src/index.html), cut where a page's own parts go: its head
 * (between the page-head comments: title, description, links, structured data) and the markup
 * inside #root. The scripts, icons and everything else stay as the build wrote them.
 */
export class PageTemplate {
  /**
   * What follows #root on a server-rendered page. The "needs JavaScript" notice goes: the page shows
   * without it. main.js is fetched at once but at low priority (a preload), and run by the start
   * script once the page has been painted with its main pictures, so that the app's code never
   * holds up that paint.
   */
  private readonly afterServerRoot: string;

  /** The start of the page up to its head, with the page's language on <html>. */
  private readonly beforeHead: Record<Language, string>;

  private constructor(
    beforeHead: string,
    /** The build's own title and description, for pages drawn in the browser. */
    readonly defaultHead: string,
    private readonly beforeRoot: string,
    private readonly afterRoot: string,
  ) {
    this.beforeHead = {
      en: beforeHead,
      ta: beforeHead.replace(/<html lang="[^"]*"/, `<html lang="${LANGUAGE_TAGS.ta.html}"`),
    };
    this.afterServerRoot = afterRoot
      .replace(NOSCRIPT, '')
      .replace(
        MAIN_SCRIPT,
        (_tag, main: string, start: string) =>
          `<link rel="preload" as="script" href="${main}" fetchpriority="low"/><script defer src="${start}" data-main="${main}"></script>`,
      );
  }

  /** Null for a page without the page-head comments and the empty #root (not a shell build of this kind). */
  static parse(html: string): PageTemplate | null {
    const headStart = html.indexOf(HEAD_START);
    const headEnd = html.indexOf(HEAD_END);
    const root = ROOT.exec(html);
    if (headStart === -1 || headEnd < headStart || !root || root.index < headEnd) return null;
    return new PageTemplate(
      html.slice(0, headStart),
      html.slice(headStart + HEAD_START.length, headEnd),
      html.slice(headEnd + HEAD_END.length, root.index),
      html.slice(root.index + root[0].length),
    );
  }

  /** The build's own title text (pages whose render sets none). */
  get defaultTitle(): string {
    const title = /<title>([^<]*)<\/title>/.exec(this.defaultHead)?.[1] ?? '';
    return title.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  }

  /** A page the browser draws (no markup in #root), with `head` in place of the build's own. */
  clientRendered(head: string, language: Language): string {
    return `${this.beforeHead[language]}${head}${this.beforeRoot}<div id="root"></div>${this.afterRoot}`;
  }

  /**
   * A server-rendered page: the early-tap capture and its head, its markup in #root and, after it,
   * the data it was drawn from.
   */
  serverRendered(head: string, markup: string, afterMarkup: string, language: Language): string {
    return `${this.beforeHead[language]}${EARLY_TAPS_TAG}${head}${this.beforeRoot}<div id="root">${markup}</div>${afterMarkup}${this.afterServerRoot}`;
  }
}
