import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, LANGUAGES, pathInLanguage, type Language } from '@thalir/pages';

/** The company as link previews and search engines are told about it (shared/spec/brand.md). */
export const SHOP = {
  name: 'Thalir Blooms',
  legalName: 'Thalir Blooms Exports Pvt. Ltd.',
  description: 'Fresh roses, flowers and cut greens from our Hosur greenhouses, delivered across India and exported to 45+ countries.',
  descriptionInTamil: 'எங்கள் ஓசூர் பசுமைக் குடில்களில் வளர்ந்த புதிய ரோஜாக்கள், மலர்கள், பச்சை இலைகள்: இந்தியா முழுவதும் டெலிவரி, 45-க்கும் மேற்பட்ட நாடுகளுக்கு ஏற்றுமதி.',
  telephone: '+91 4344 200 140',
  email: 'hello@thalirblooms.example',
  address: { streetAddress: '14 Rayakottai Road', addressLocality: 'Hosur', addressRegion: 'Tamil Nadu', postalCode: '635109', addressCountry: 'IN' },
  /** The site's share picture (api/src/web/seo/share-image.ts), for pages without one of their own. */
  image: { path: '/share-image.png', width: 1200, height: 630, alt: 'Thalir Blooms: fresh flowers and greens from Hosur' },
} as const;

export interface ShareImage {
  /** Absolute, or a path on the site. */
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** What a page says about itself in its head, beyond its title (which the page's own render sets). */
export interface PageDescription {
  description: string;
  /**
   * The page's address in English without what does not change its content (sorting), on PUBLIC_URL;
   * its other languages' addresses (and the alternates linking them) follow from it. Null: none
   * (pages not to be indexed).
   */
  canonicalPath: string | null;
  /** Kept out of search results (pages that depend on who is signed in, errors, search results). */
  noindex?: boolean;
  openGraphType?: 'website' | 'product';
  image?: ShareImage;
  /** A product's price, for the product:price tags link previews read. */
  price?: { amount: number; currency: 'INR' };
  /** schema.org objects, each written as its own JSON-LD script. */
  structuredData?: object[];
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ATTRIBUTE_ESCAPES[character]);
}

/** JSON inside a <script>: nothing in it can close the element or open a comment. */
export function scriptJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/**
 * The same page in each language, for search engines: `hreflang` links to every version (itself
 * included) and `x-default`, the English one, for readers of any other language.
 */
export function languageAlternates(canonicalPath: string, publicUrl: string): { hreflang: string; url: string }[] {
  return [
    ...LANGUAGES.map((language) => ({ hreflang: LANGUAGE_TAGS[language].hreflang, url: absoluteUrl(publicUrl, pathInLanguage(canonicalPath, language)) })),
    { hreflang: 'x-default', url: absoluteUrl(publicUrl, pathInLanguage(canonicalPath, DEFAULT_LANGUAGE)) },
  ];
}

/**
 * The head of a page in `language`: title, description, canonical link (the page's own language),
 * the other languages' versions, robots, Open Graph and Twitter card tags, JSON-LD, then `extra`
 * (stylesheets, preloads).
 */
export function renderHead(page: PageDescription & { title: string }, publicUrl: string, language: Language, extra = ''): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string | number) => `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}"/>`;
  const image = page.image ?? { ...SHOP.image, url: SHOP.image.path };
  const imageUrl = absoluteUrl(publicUrl, image.url);
  const canonicalUrl = page.canonicalPath === null ? null : absoluteUrl(publicUrl, pathInLanguage(page.canonicalPath, language));
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    canonicalUrl === null ? '' : `<link rel="canonical" href="${escapeHtml(canonicalUrl)}"/>`,
    ...(page.canonicalPath === null || page.noindex
      ? []
      : languageAlternates(page.canonicalPath, publicUrl).map(
          ({ hreflang, url }) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(url)}"/>`,
        )),
    page.noindex ? meta('name', 'robots', 'noindex') : '',
    meta('property', 'og:site_name', SHOP.name),
    meta('property', 'og:locale', LANGUAGE_TAGS[language].openGraph),
    ...LANGUAGES.filter((other) => other !== language).map((other) => meta('property', 'og:locale:alternate', LANGUAGE_TAGS[other].openGraph)),
    meta('property', 'og:type', page.openGraphType ?? 'website'),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    canonicalUrl === null ? '' : meta('property', 'og:url', canonicalUrl),
    meta('property', 'og:image', imageUrl),
    meta('property', 'og:image:width', image.width),
    meta('property', 'og:image:height', image.height),
    meta('property', 'og:image:alt', image.alt),
    page.price ? meta('property', 'product:price:amount', page.price.amount.toFixed(2)) : '',
    page.price ? meta('property', 'product:price:currency', page.price.currency) : '',
    meta('name', 'twitter:card', image.width >= 600 ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', imageUrl),
    meta('name', 'twitter:image:alt', image.alt),
    ...(page.structuredData ?? []).map((data) => `<script type="application/ld+json">${scriptJson(JSON.stringify(data))}</script>`),
  ];
  return tags.join('') + extra;
}
