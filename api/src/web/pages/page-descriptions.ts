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
import { PAGES, type Language, type PageIdWhere } from '@thalir/pages';
import { generatePath } from 'react-router';
import { formatRupees } from '../../common/format';
import { absoluteUrl, SHOP, type PageDescription } from './page-head';
import { LANGUAGE_TAGS, pathInLanguage } from '@thalir/pages';

/**
 * What each public page of the manifest (@thalir/pages) says about itself in its head, and its status.
 * The markup and the title come from the frontends' own components (server bundles); this only adds
 * what a link preview or a search engine reads. Server code, kept out of the manifest so that no
 * browser downloads it.
 */

export interface PageRequest {
  /** The page's language: its descriptions and structured data are written in it. */
  language: Language;
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  /** The API's answers the page's screens are drawn from (none when the page is drawn in the browser). */
  pageData: PageData;
  publicUrl: string;
  /** The product in the page's language. */
  findProduct(id: string): Promise<Product | null>;
  /** A plan on sale by its address; null when none is. */
  findPlan(slug: string): Promise<SubscriptionPlan | null>;
}

export interface DescribedPage extends PageDescription {
  status: 200 | 404;
}

export type PublicPageId = PageIdWhere<{ access: 'public' }>;

export type DescribePage = (request: PageRequest) => DescribedPage | Promise<DescribedPage>;

/** What the page heads say, in each language (docs/tamil.md has the glossary the Tamil follows). */
const TEXTS = {
  en: {
    types: {
      flower: {
        label: 'Flowers',
        description: 'Roses, carnations, gerberas and chrysanthemums cut this morning in our Hosur greenhouses, priced per stem or bunch.',
      },
      green_leaf: {
        label: 'Green leaves',
        description: 'Cut greens for bouquets and décor: eucalyptus, ruscus, asparagus fern and leatherleaf from Hosur, priced per bunch.',
      },
    },
    frequencies: { daily: 'every day', weekdays: 'on the days of the week you choose', weekly: 'every week', fortnightly: 'every other week' },
    or: 'or',
    freshFromHosur: 'Fresh from our Hosur greenhouses.',
    home: 'Home',
    shop: 'Shop',
    subscriptions: 'Flower subscriptions',
    subscription: 'Flower subscription',
    deliveries: (count: number) => `${count} deliveries`,
    delivery: 'delivery',
    shopDescription: `${SHOP.description.charAt(0).toLowerCase()}${SHOP.description.slice(1)}`,
    organization: SHOP.description,
    pastTheLastPage: 'This page of the shop is past its last one.',
    searched: (q: string, label: string | null) => `${label ? `${label} matching` : 'Flowers and greens matching'} “${q}” at ${SHOP.name}, fresh from Hosur.`,
    ofType: (label: string, description: string) => `${label} at ${SHOP.name}: ${description}`,
    products: `Shop fresh flowers and green leaves from ${SHOP.name}: cut this morning in Hosur, packed by hand, priced per stem or bunch.`,
    productMissing: 'This product is not in the shop.',
    outOfStock: ' (out of stock)',
    plans: `Flower subscriptions from ${SHOP.name}: fresh flowers at your door on the days you choose, paid in prepaid packs of deliveries. Skip a day, or pause while you travel.`,
    planMissing: 'This subscription plan is not on sale.',
    plan: (price: string, frequencies: string, packs: string) => `${price} a delivery, ${frequencies}, in packs of ${packs} deliveries.`,
    about: `Family growers in Hosur since 1998: how ${SHOP.name} grows roses, carnations, gerberas and cut greens, and ships them to 45+ countries.`,
    contact: `Write to the ${SHOP.name} growers in Hosur: wedding flowers, standing export orders or a single bunch. ${SHOP.address.streetAddress}, Hosur · ${SHOP.telephone}.`,
    export: `Wholesale and export from ${SHOP.name}, Hosur: roses, carnations, gerberas, chrysanthemums and cut greens flown to importers and florists in 45+ countries. Request a quote.`,
    faq: `Questions and answers about ordering from ${SHOP.name}: freshness, delivery, payment, cancellations and export orders.`,
    notFound: 'This page is not in the Thalir Blooms shop.',
  },
  ta: {
    types: {
      flower: {
        label: 'மலர்கள்',
        description: 'இன்று காலை எங்கள் ஓசூர் பசுமைக் குடில்களில் வெட்டிய ரோஜா, கார்னேஷன், ஜெர்பரா, சாமந்தி: தண்டு அல்லது கட்டு வாரியாக விலை.',
      },
      green_leaf: {
        label: 'பச்சை இலைகள்',
        description: 'பூங்கொத்துக்கும் அலங்காரத்துக்கும் வெட்டிய பச்சை இலைகள்: யூகலிப்டஸ், ரஸ்கஸ், அஸ்பராகஸ் பெரணி, லெதர்லீஃப், ஓசூரிலிருந்து; கட்டு வாரியாக விலை.',
      },
    },
    frequencies: { daily: 'தினமும்', weekdays: 'நீங்கள் தேர்ந்தெடுக்கும் கிழமைகளில்', weekly: 'வாரந்தோறும்', fortnightly: 'இரு வாரங்களுக்கு ஒருமுறை' },
    or: 'அல்லது',
    freshFromHosur: 'எங்கள் ஓசூர் பசுமைக் குடில்களிலிருந்து புதிதாக.',
    home: 'முகப்பு',
    shop: 'கடை',
    subscriptions: 'மலர் சந்தாக்கள்',
    subscription: 'மலர் சந்தா',
    deliveries: (count: number) => `${count} டெலிவரிகள்`,
    delivery: 'டெலிவரி',
    shopDescription: SHOP.descriptionInTamil,
    organization: SHOP.descriptionInTamil,
    pastTheLastPage: 'கடையின் இந்தப் பக்கம் கடைசிப் பக்கத்துக்கு அப்பால் உள்ளது.',
    searched: (q: string, label: string | null) => `“${q}” தேடலுக்கான ${label ?? 'மலர்களும் பச்சை இலைகளும்'}, ${SHOP.name}, ஓசூரிலிருந்து புதிதாக.`,
    ofType: (label: string, description: string) => `${SHOP.name}: ${label}. ${description}`,
    products: `${SHOP.name}: புதிய மலர்களும் பச்சை இலைகளும். இன்று காலை ஓசூரில் வெட்டி, கையால் கட்டியவை; தண்டு அல்லது கட்டு வாரியாக விலை.`,
    productMissing: 'இந்தப் பொருள் கடையில் இல்லை.',
    outOfStock: ' (கையிருப்பில் இல்லை)',
    plans: `${SHOP.name} மலர் சந்தாக்கள்: நீங்கள் தேர்ந்தெடுக்கும் நாட்களில் புதிய மலர்கள் உங்கள் வீட்டுக்கு, முன்கூட்டியே செலுத்தும் டெலிவரி தொகுப்புகளாக. ஒரு நாளைத் தவிர்க்கலாம், பயணத்தின்போது நிறுத்தி வைக்கலாம்.`,
    planMissing: 'இந்தச் சந்தா திட்டம் விற்பனையில் இல்லை.',
    plan: (price: string, frequencies: string, packs: string) => `ஒரு டெலிவரிக்கு ${price}, ${frequencies}, ${packs} டெலிவரிகள் கொண்ட தொகுப்புகளாக.`,
    about: `1998 முதல் ஓசூரில் பூ வளர்க்கும் குடும்பம்: ${SHOP.name} ரோஜா, கார்னேஷன், ஜெர்பரா, பச்சை இலைகளை வளர்த்து 45-க்கும் மேற்பட்ட நாடுகளுக்கு அனுப்பும் விதம்.`,
    contact: `ஓசூரில் உள்ள ${SHOP.name} மலர் வளர்ப்பாளர்களுக்கு எழுதுங்கள்: திருமண மலர்கள், தொடர் ஏற்றுமதி ஆர்டர்கள், அல்லது ஒரு கட்டு மலர். 14 ராயக்கோட்டை சாலை, ஓசூர் · ${SHOP.telephone}.`,
    export: `${SHOP.name}, ஓசூரிலிருந்து மொத்த விற்பனையும் ஏற்றுமதியும்: ரோஜா, கார்னேஷன், ஜெர்பரா, சாமந்தி, பச்சை இலைகள், 45-க்கும் மேற்பட்ட நாடுகளின் இறக்குமதியாளர்களுக்கும் பூக்கடைகளுக்கும் விமானத்தில். விலைப்புள்ளி கேளுங்கள்.`,
    faq: `${SHOP.name}-இல் ஆர்டர் செய்வது பற்றிய கேள்விகளும் பதில்களும்: புத்துணர்வு, டெலிவரி, பணம் செலுத்துதல், ரத்து, ஏற்றுமதி ஆர்டர்கள்.`,
    notFound: 'இந்தப் பக்கம் Thalir Blooms கடையில் இல்லை.',
  },
} satisfies Record<Language, unknown>;

/** Each language's words for the page heads. */
export const pageTexts = (language: Language) => TEXTS[language];

/** A product page's address. */
export const productPath = (id: string) => generatePath(PAGES.product.path, { id });

/** A subscription plan's page address. */
export const subscriptionPlanPath = (slug: string) => generatePath(PAGES.subscriptionPlan.path, { slug });

/** "a, b or c" ("a, b அல்லது c"). */
const eitherOf = (words: readonly string[], language: Language) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} ${TEXTS[language].or} ${words.at(-1)}` : (words[0] ?? '');

/** A page that tells every visitor the same: its description, and its own path as the canonical one. */
function fixedPage(id: PublicPageId, description: (language: Language) => string): DescribePage {
  return ({ language }) => ({ status: 200, description: description(language), canonicalPath: PAGES[id].path });
}

/** The first sentence of a product's description (the product page splits it on '. ' into points). */
export function firstSentence(text: string, language: Language = 'en'): string {
  const sentence = text.trim().split('. ')[0]?.trim() ?? '';
  if (!sentence) return TEXTS[language].freshFromHosur;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** The trail from the home page to a page, as search engines show it. */
function breadcrumbList(publicUrl: string, language: Language, trail: { name: string; url: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: TEXTS[language].home, url: publicUrl + pathInLanguage('/', language) }, ...trail].map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

export function organization(publicUrl: string, language: Language = 'en'): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${publicUrl}/#organization`,
    name: SHOP.name,
    legalName: SHOP.legalName,
    url: `${publicUrl}/`,
    description: TEXTS[language].organization,
    email: SHOP.email,
    telephone: SHOP.telephone,
    image: absoluteUrl(publicUrl, SHOP.image.path),
    address: { '@type': 'PostalAddress', ...SHOP.address },
  };
}

function webSite(publicUrl: string, language: Language): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SHOP.name,
    url: publicUrl + pathInLanguage('/', language),
    inLanguage: LANGUAGE_TAGS[language].hreflang,
    publisher: { '@id': `${publicUrl}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${publicUrl}${pathInLanguage(PAGES.products.path, language)}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

function productData(product: Product, publicUrl: string, language: Language): object[] {
  const texts = TEXTS[language];
  const url = publicUrl + pathInLanguage(productPath(product._id), language);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description || firstSentence('', language),
      image: [absoluteUrl(publicUrl, product.image), ...(product.imageCard ? [absoluteUrl(publicUrl, product.imageCard)] : [])],
      sku: product._id,
      category: texts.types[product.type]?.label ?? product.type,
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
    breadcrumbList(publicUrl, language, [
      { name: texts.shop, url: publicUrl + pathInLanguage(PAGES.products.path, language) },
      { name: product.name, url },
    ]),
  ];
}

/**
 * A plan as a Product with an Offer per pack. A pack is what is bought and paid at once (its order's
 * total is the price of a delivery times its deliveries), so each Offer's price is the pack's; the
 * price of one delivery, which the page leads with, is each Offer's unit price.
 */
function subscriptionPlanData(plan: SubscriptionPlan, publicUrl: string, language: Language): object[] {
  const texts = TEXTS[language];
  const url = publicUrl + pathInLanguage(subscriptionPlanPath(plan.slug), language);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: plan.name,
      description: plan.description || firstSentence('', language),
      sku: plan.slug,
      category: texts.subscription,
      brand: { '@type': 'Brand', name: SHOP.name },
      offers: plan.packs.map((deliveries) => ({
        '@type': 'Offer',
        name: texts.deliveries(deliveries),
        url,
        price: packPrice(plan.pricePerDelivery, deliveries).toFixed(2),
        priceCurrency: 'INR',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: plan.pricePerDelivery.toFixed(2),
          priceCurrency: 'INR',
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitText: texts.delivery },
        },
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Organization', name: SHOP.name },
      })),
    },
    breadcrumbList(publicUrl, language, [
      { name: texts.subscriptions, url: publicUrl + pathInLanguage(PAGES.subscriptionPlans.path, language) },
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
  home: ({ publicUrl, language }) => ({
    status: 200,
    description: `${SHOP.name}: ${TEXTS[language].shopDescription}`,
    canonicalPath: PAGES.home.path,
    structuredData: [organization(publicUrl, language), webSite(publicUrl, language)],
  }),
  products: ({ search, pageData, language }) => {
    const texts = TEXTS[language];
    const type = search.get('type');
    const q = search.get('q')?.trim();
    const page = Number(search.get('page'));
    if (pastTheLastPage(pageData, page)) return { status: 404, description: texts.pastTheLastPage, canonicalPath: null, noindex: true };
    const canonical = new URLSearchParams();
    if (isProductType(type)) canonical.set('type', type);
    if (Number.isInteger(page) && page > 1) canonical.set('page', String(page));
    const typeName = isProductType(type) ? texts.types[type] : null;
    return {
      status: 200,
      description: q ? texts.searched(q, typeName?.label ?? null) : typeName ? texts.ofType(typeName.label, typeName.description) : texts.products,
      canonicalPath: `${PAGES.products.path}${canonical.size > 0 ? `?${canonical}` : ''}`,
      // Search results are the shop's own lists, not pages of their own.
      noindex: Boolean(q),
    };
  },
  product: async ({ params, publicUrl, findProduct, language }) => {
    const texts = TEXTS[language];
    const product = params.id ? await findProduct(params.id) : null;
    if (!product) return { status: 404, description: texts.productMissing, canonicalPath: null, noindex: true };
    return {
      status: 200,
      description: `${formatRupees(product.price)}${product.stock > 0 ? '' : texts.outOfStock} · ${firstSentence(product.description, language)}`,
      canonicalPath: productPath(product._id),
      openGraphType: 'product',
      image: { url: product.imageCard ?? product.image, width: 480, height: 480, alt: product.name },
      price: { amount: product.price, currency: 'INR' },
      structuredData: productData(product, publicUrl, language),
    };
  },
  subscriptionPlans: fixedPage('subscriptionPlans', (language) => TEXTS[language].plans),
  subscriptionPlan: async ({ params, publicUrl, findPlan, language }) => {
    const texts = TEXTS[language];
    const plan = params.slug ? await findPlan(params.slug) : null;
    if (!plan) return { status: 404, description: texts.planMissing, canonicalPath: null, noindex: true };
    const frequencies = eitherOf(
      plan.frequencies.map((frequency: FrequencyKind) => texts.frequencies[frequency]),
      language,
    );
    return {
      status: 200,
      description: `${texts.plan(formatRupees(plan.pricePerDelivery), frequencies, eitherOf(plan.packs.map(String), language))} ${firstSentence(plan.description, language)}`,
      canonicalPath: subscriptionPlanPath(plan.slug),
      openGraphType: 'product',
      structuredData: subscriptionPlanData(plan, publicUrl, language),
    };
  },
  about: fixedPage('about', (language) => TEXTS[language].about),
  contact: fixedPage('contact', (language) => TEXTS[language].contact),
  export: fixedPage('export', (language) => TEXTS[language].export),
  faq: fixedPage('faq', (language) => TEXTS[language].faq),
};

/** Pages that are not found: the storefront's not-found page, answered with 404. */
export const notFoundPage = (language: Language): PageDescription => ({ description: TEXTS[language].notFound, canonicalPath: null, noindex: true });
