import {
  packPrice,
  PRODUCT_TYPES,
  type FrequencyKind,
  type PageData,
  type Product,
  type ProductListResponse,
  type ProductType,
  type SubscriptionPlan,
} from '@thalir/contracts';
import { PAGES, type PageIdWhere } from '@thalir/pages';
import { generatePath } from 'react-router';
import { formatRupees } from '../../common/format';
import { absoluteUrl, SHOP, type PageDescription } from './page-head';

/**
 * What each public page of the manifest (@thalir/pages) says about itself in its head, and its status.
 * The markup and the title come from the frontends' own components (server bundles); this only adds
 * what a link preview or a search engine reads. Server code, kept out of the manifest so that no
 * browser downloads it.
 */

export interface PageRequest {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  /** The API's answers the page's screens are drawn from (none when the page is drawn in the browser). */
  pageData: PageData;
  publicUrl: string;
  findProduct(id: string): Promise<Product | null>;
  /** A plan on sale by its address; null when none is. */
  findPlan(slug: string): Promise<SubscriptionPlan | null>;
}

export interface DescribedPage extends PageDescription {
  status: 200 | 404;
}

export type PublicPageId = PageIdWhere<{ access: 'public' }>;

export type DescribePage = (request: PageRequest) => DescribedPage | Promise<DescribedPage>;

const TYPE_NAMES: Record<ProductType, { label: string; description: string }> = {
  flower: {
    label: 'Flowers',
    description: 'Roses, carnations, gerberas and chrysanthemums cut this morning in our Hosur greenhouses, priced per stem or bunch.',
  },
  green_leaf: {
    label: 'Green leaves',
    description: 'Cut greens for bouquets and décor: eucalyptus, ruscus, asparagus fern and leatherleaf from Hosur, priced per bunch.',
  },
};

/** A product page's address. */
export const productPath = (id: string) => generatePath(PAGES.product.path, { id });

/** A subscription plan's page address. */
export const subscriptionPlanPath = (slug: string) => generatePath(PAGES.subscriptionPlan.path, { slug });

/** How often a plan may deliver, as the description's sentence says it. */
const FREQUENCY_WORDS: Record<FrequencyKind, string> = {
  daily: 'every day',
  weekdays: 'on the days of the week you choose',
  weekly: 'every week',
  fortnightly: 'every other week',
};

/** "a, b or c". */
const eitherOf = (words: readonly string[]) => (words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? ''));

/** What a pack of `deliveries` costs, in rupees (counted in paise, so no floating-point noise). */

/** A page that tells every visitor the same: its description, and its own path as the canonical one. */
function fixedPage(id: PublicPageId, description: string): DescribePage {
  return () => ({ status: 200, description, canonicalPath: PAGES[id].path });
}

/** The first sentence of a product's description (the product page splits it on '. ' into points). */
export function firstSentence(text: string): string {
  const sentence = text.trim().split('. ')[0]?.trim() ?? '';
  if (!sentence) return 'Fresh from our Hosur greenhouses.';
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** The trail from the home page to a page, as search engines show it. */
function breadcrumbList(publicUrl: string, trail: { name: string; url: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Home', url: `${publicUrl}/` }, ...trail].map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

export function organization(publicUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${publicUrl}/#organization`,
    name: SHOP.name,
    legalName: SHOP.legalName,
    url: `${publicUrl}/`,
    description: SHOP.description,
    email: SHOP.email,
    telephone: SHOP.telephone,
    image: absoluteUrl(publicUrl, SHOP.image.path),
    address: { '@type': 'PostalAddress', ...SHOP.address },
  };
}

function webSite(publicUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SHOP.name,
    url: `${publicUrl}/`,
    inLanguage: 'en-IN',
    publisher: { '@id': `${publicUrl}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${publicUrl}${PAGES.products.path}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

function productData(product: Product, publicUrl: string): object[] {
  const url = publicUrl + productPath(product._id);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description || firstSentence(''),
      image: [absoluteUrl(publicUrl, product.image), ...(product.imageCard ? [absoluteUrl(publicUrl, product.imageCard)] : [])],
      sku: product._id,
      category: TYPE_NAMES[product.type]?.label ?? product.type,
      brand: { '@type': 'Brand', name: SHOP.name },
      offers: {
        '@type': 'Offer',
        url,
        price: product.price.toFixed(2),
        priceCurrency: 'INR',
        availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Organization', name: SHOP.name },
      },
    },
    breadcrumbList(publicUrl, [
      { name: 'Shop', url: publicUrl + PAGES.products.path },
      { name: product.name, url },
    ]),
  ];
}

/**
 * A plan as a Product with an Offer per pack. A pack is what is bought and paid at once (its order's
 * total is the price of a delivery times its deliveries), so each Offer's price is the pack's; the
 * price of one delivery, which the page leads with, is each Offer's unit price.
 */
function subscriptionPlanData(plan: SubscriptionPlan, publicUrl: string): object[] {
  const url = publicUrl + subscriptionPlanPath(plan.slug);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: plan.name,
      description: plan.description || firstSentence(''),
      sku: plan.slug,
      category: 'Flower subscription',
      brand: { '@type': 'Brand', name: SHOP.name },
      offers: plan.packs.map((deliveries) => ({
        '@type': 'Offer',
        name: `${deliveries} deliveries`,
        url,
        price: packPrice(plan.pricePerDelivery, deliveries).toFixed(2),
        priceCurrency: 'INR',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: plan.pricePerDelivery.toFixed(2),
          priceCurrency: 'INR',
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitText: 'delivery' },
        },
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Organization', name: SHOP.name },
      })),
    },
    breadcrumbList(publicUrl, [
      { name: 'Flower subscriptions', url: publicUrl + PAGES.subscriptionPlans.path },
      { name: plan.name, url },
    ]),
  ];
}

const isProductType = (value: string | null): value is ProductType => (PRODUCT_TYPES as readonly string[]).includes(value ?? '');

const isProductList = (answer: unknown): answer is ProductListResponse => Array.isArray((answer as ProductListResponse | null)?.data);

/** A page of the shop's list after its last one: nothing on it, and never a page of its own. */
function pastTheLastPage(pageData: PageData, page: number): boolean {
  return page > 1 && Object.values(pageData).some((answer) => isProductList(answer) && answer.data.length === 0);
}

/** Every public page's description: the typecheck names a public page of the manifest without one. */
export const PAGE_DESCRIPTIONS: Record<PublicPageId, DescribePage> = {
  home: ({ publicUrl }) => ({
    status: 200,
    description: `${SHOP.name}: ${SHOP.description.charAt(0).toLowerCase()}${SHOP.description.slice(1)}`,
    canonicalPath: PAGES.home.path,
    structuredData: [organization(publicUrl), webSite(publicUrl)],
  }),
  products: ({ search, pageData }) => {
    const type = search.get('type');
    const q = search.get('q')?.trim();
    const page = Number(search.get('page'));
    if (pastTheLastPage(pageData, page)) return { status: 404, description: 'This page of the shop is past its last one.', canonicalPath: null, noindex: true };
    const canonical = new URLSearchParams();
    if (isProductType(type)) canonical.set('type', type);
    if (Number.isInteger(page) && page > 1) canonical.set('page', String(page));
    const typeName = isProductType(type) ? TYPE_NAMES[type] : null;
    return {
      status: 200,
      description: q
        ? `${typeName ? `${typeName.label} matching` : 'Flowers and greens matching'} “${q}” at ${SHOP.name}, fresh from Hosur.`
        : typeName
          ? `${typeName.label} at ${SHOP.name}: ${typeName.description}`
          : `Shop fresh flowers and green leaves from ${SHOP.name}: cut this morning in Hosur, packed by hand, priced per stem or bunch.`,
      canonicalPath: `${PAGES.products.path}${canonical.size > 0 ? `?${canonical}` : ''}`,
      // Search results are the shop's own lists, not pages of their own.
      noindex: Boolean(q),
    };
  },
  product: async ({ params, publicUrl, findProduct }) => {
    const product = params.id ? await findProduct(params.id) : null;
    if (!product) return { status: 404, description: 'This product is not in the shop.', canonicalPath: null, noindex: true };
    return {
      status: 200,
      description: `${formatRupees(product.price)}${product.stock > 0 ? '' : ' (out of stock)'} · ${firstSentence(product.description)}`,
      canonicalPath: productPath(product._id),
      openGraphType: 'product',
      image: { url: product.imageCard ?? product.image, width: 480, height: 480, alt: product.name },
      price: { amount: product.price, currency: 'INR' },
      structuredData: productData(product, publicUrl),
    };
  },
  subscriptionPlans: fixedPage(
    'subscriptionPlans',
    `Flower subscriptions from ${SHOP.name}: fresh flowers at your door on the days you choose, paid in prepaid packs of deliveries. Skip a day, or pause while you travel.`,
  ),
  subscriptionPlan: async ({ params, publicUrl, findPlan }) => {
    const plan = params.slug ? await findPlan(params.slug) : null;
    if (!plan) return { status: 404, description: 'This subscription plan is not on sale.', canonicalPath: null, noindex: true };
    const packs = eitherOf(plan.packs.map(String));
    return {
      status: 200,
      description: `${formatRupees(plan.pricePerDelivery)} a delivery, ${eitherOf(plan.frequencies.map((frequency) => FREQUENCY_WORDS[frequency]))}, in packs of ${packs} deliveries. ${firstSentence(plan.description)}`,
      canonicalPath: subscriptionPlanPath(plan.slug),
      openGraphType: 'product',
      structuredData: subscriptionPlanData(plan, publicUrl),
    };
  },
  about: fixedPage(
    'about',
    `Family growers in Hosur since 1998: how ${SHOP.name} grows roses, carnations, gerberas and cut greens, and ships them to 45+ countries.`,
  ),
  contact: fixedPage(
    'contact',
    `Write to the ${SHOP.name} growers in Hosur: wedding flowers, standing export orders or a single bunch. ${SHOP.address.streetAddress}, Hosur · ${SHOP.telephone}.`,
  ),
  export: fixedPage(
    'export',
    `Wholesale and export from ${SHOP.name}, Hosur: roses, carnations, gerberas, chrysanthemums and cut greens flown to importers and florists in 45+ countries. Request a quote.`,
  ),
  faq: fixedPage('faq', `Questions and answers about ordering from ${SHOP.name}: freshness, delivery, payment, cancellations and export orders.`),
};

/** Pages that are not found: the storefront's not-found page, answered with 404. */
export const NOT_FOUND_PAGE: PageDescription = {
  description: 'This page is not in the Thalir Blooms shop.',
  canonicalPath: null,
  noindex: true,
};
