/**
 * The HTTP contract (../shared/spec/api-contract.md) as TypeScript types.
 * Money in these shapes is rupees (a number with at most 2 decimals); the API keeps paise inside.
 */

export const PRODUCT_TYPES = ['flower', 'green_leaf'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const PAYMENT_METHODS = ['cash', 'razorpay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** How the screens name each payment method (checkout select, order details). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { cash: 'Cash on Delivery', razorpay: 'Credit/Debit Card (Razorpay)' };

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ROLES = ['admin', 'customer'] as const;
export type Role = (typeof ROLES)[number];

export const PRODUCT_SORTS = ['price', '-price', 'name', '-createdAt'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface Product {
  _id: string;
  name: string;
  price: number;
  stock: number;
  type: ProductType;
  description: string;
  /** URL of the detail-size image. */
  image: string;
  /** URL of the card-size image (an addition to the contract, for srcset). */
  imageCard?: string;
  createdAt: string;
  updatedAt: string;
  /** HSN code for GST invoices (an addition): 0603 cut flowers, 0604 foliage. */
  hsnCode?: string;
  /** GST rate in percent, tax included in the price (an addition): 0 for fresh flowers today. */
  gstRate?: number;
}

/** The GST rates a product may carry, percent. */
export const GST_RATES = [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40] as const;

export interface ProductListResponse {
  success: true;
  data: Product[];
  total?: number;
  page?: number;
  limit?: number;
}

export interface ProductListQuery {
  q?: string;
  type?: ProductType;
  sort?: ProductSort;
  page?: number;
  limit?: number;
}

export interface ProductResponse {
  success: true;
  data: Product;
}

export interface UserPublic {
  _id: string;
  name: string;
  email: string;
  address: string;
  role: Role;
}

export interface AuthResponse {
  token: string;
  user: UserPublic;
}

export interface ForgotPasswordResponse {
  message: string;
  token?: string;
}

export interface MessageResponse {
  message: string;
}

export interface ProfileUpdateRequest {
  name: string;
  address?: string;
  password?: string;
  /** Needed with a new password. */
  currentPassword?: string;
}

export interface ProfileUpdateResponse {
  message: string;
  user: UserPublic;
  /** After a password change every earlier session ends; this one continues with this token. */
  token?: string;
}

export interface OrderItem {
  name: string;
  /** The product id. */
  product: string;
  quantity: number;
  /** Unit price charged, rupees. */
  price: number;
}

export interface OrderUser {
  _id: string;
  name: string;
  email: string;
}

/** Who moved an order: staff, its buyer, or the shop itself (placing it, a payment window ending). */
export type ActorKind = 'admin' | 'buyer' | 'system';

/** Reasons the shop records in an order's history (the order-lifecycle issue names them). */
export const ORDER_REASONS = {
  cancelledByCustomer: 'cancelled by customer',
  paymentWindowExpired: 'payment window expired',
  refundAfterLatePayment: 'refund after late payment',
} as const;

export interface OrderStatusChange {
  status: OrderStatus;
  at: string;
  /** An addition to the contract: who made the move… */
  by: ActorKind;
  /** …the admin's id when staff made it… */
  adminId?: string;
  /** …and why, when there is a reason to give (e.g. "payment window expired"). */
  reason: string | null;
}

/** 'mismatch': the provider reported another amount refunded than the one asked for; staff look into it. */
export type RefundStatus = 'pending' | 'processed' | 'failed' | 'mismatch';

/** One request to the payment provider for a refund (a retry is a new attempt). */
export interface RefundAttempt {
  _id: string;
  status: RefundStatus;
  /** Rupees asked for. */
  amount: number;
  /** Rupees the provider reported as refunded, once it has. */
  reported: number | null;
  /** The provider's refund id, once it made the refund. */
  providerRefundId: string | null;
  failureReason: string | null;
  createdAt: string;
}

/** Money going back to the customer (an addition to the contract). */
export interface OrderRefund {
  _id: string;
  status: RefundStatus;
  /** Rupees. */
  amount: number;
  createdAt: string;
  /** A cash refund the staff settle by hand, not through the payment provider. */
  manual: boolean;
  /** Why the provider refused it, when it failed (or what it reported, on a mismatch). */
  failureReason: string | null;
  /** Rupees that have gone back so far. */
  refunded?: number;
  /** The requests to the provider, oldest first (none for a cash refund). */
  attempts?: RefundAttempt[];
}

/** When, to whom and where an order goes (an addition to the contract). */
export interface OrderDelivery {
  /** YYYY-MM-DD, India's calendar. */
  date: string;
  /** e.g. "Morning 8–12". */
  slot: string;
  recipientName: string;
  /** +91XXXXXXXXXX; null for an order placed without delivery details. */
  recipientPhone: string | null;
  pincode: string | null;
  giftMessage: string | null;
}

export interface DeliveryOptions {
  /** Whether the PIN code asked about is served; null when none was asked about. */
  served: boolean | null;
  /** Why not, when it is not: "We cannot deliver to 110001 yet". */
  message?: string;
  dates: { date: string; slots: string[] }[];
  /** Same-day orders close at this time, India time: "2:00 PM". */
  cutoff: string;
}

export interface Order {
  _id: string;
  orderItems: OrderItem[];
  totalAmount: number;
  paymentMethod: PaymentMethod;
  address: string;
  status: OrderStatus;
  isPaid: boolean;
  paidAt: string | null;
  createdAt: string;
  user: OrderUser;
  /** Status history, oldest first (an addition to the contract). */
  statusHistory?: OrderStatusChange[];
  /** While an online order waits for payment: when its hold on the stock ends (ISO time). */
  paymentDueBy?: string | null;
  /** The refund of this order's payment, if one was started. */
  refund?: OrderRefund | null;
  /** A large cash order from a new customer: staff confirm it by this time, or it is cancelled (ISO time). */
  confirmationDueBy?: string | null;
  /** Null for orders placed before deliveries were booked. */
  delivery?: OrderDelivery | null;
  /** The GST invoice's number, e.g. TB/2026-27/000123. */
  invoiceNumber?: string | null;
}

/** What can be wrong with an order's money (GET /api/admin/money-check). */
export type MoneyProblem = 'unbalanced' | 'cancelled-paid-without-refund' | 'paid-twice';

/** Whether the shop's money adds up: per order, received = kept + refunded + still owed back. Amounts in rupees. */
export interface MoneyCheck {
  balanced: boolean;
  /** How many orders have a problem (the list holds the first 100). */
  problemOrders: number;
  orders: {
    _id: string;
    invoiceNumber: string | null;
    status: string;
    received: number;
    kept: number;
    refunded: number;
    owed: number;
    problems: MoneyProblem[];
  }[];
}

export interface CreateOrderRequest {
  orderItems: { product: string; quantity: number; name?: string; price?: number }[];
  totalAmount?: number;
  paymentMethod: PaymentMethod;
  address: string;
  delivery?: { date: string; slot: string; recipientName?: string; recipientPhone: string; pincode: string; giftMessage?: string };
}

export interface PaymentOrder {
  id: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
  receipt: string;
  key: string;
}

export interface VerifyPaymentRequest {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
  orderId: string;
}

export interface VerifyPaymentResponse {
  success: boolean;
  order?: Order;
  message?: string;
}

export interface PaymentsConfig {
  provider: 'razorpay' | 'sandbox';
  key: string;
  checkoutScript: string;
}

export interface SandboxPayResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface WishlistResponse {
  items: { product: Product }[];
}

export interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

export interface ContactRequest {
  name: string;
  email: string;
  message: string;
}

export interface NewsletterSubscriber {
  _id: string;
  email: string;
  createdAt: string;
}

export interface AdminStats {
  totalUsers: number;
  totalProducts: number;
  totalOrders: number;
  totalRevenue: number;
}

export interface SalesStats {
  days: { date: string; orders: number; revenue: number }[];
  byStatus: Record<OrderStatus, number>;
  topProducts: { product: string; name: string; quantity: number; revenue: number }[];
  lowStock: Product[];
}

export interface ApiError {
  message: string;
  errors?: string[];
  success?: false;
}

export interface HealthResponse {
  status: 'ok';
}

/** The JSON the shell fetches at start to learn where each remote lives. */
export interface RemotesManifest {
  storefront_mfe: string;
  admin_mfe: string;
  /** How long the shell waits for a remote before its fallback; the spec's 120000 ms unless configured. */
  timeoutMs?: number;
}

/** Browser storage keys fixed by the spec. */
export const STORAGE_KEYS = { token: 'token', role: 'role', cart: 'cart' } as const;

/** Event dispatched on window when sign-in state changes. */
export const AUTH_CHANGE_EVENT = 'auth-change';

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** A mail in the shop's outbox, as the back office's Emails screen lists it. */
export interface OutboxMail {
  _id: string;
  kind: string;
  recipient: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /** When the next try is due, while the mail waits for one. */
  nextAttemptAt: string | null;
}

/** One order on the day's delivery run (the back office's Deliveries view and sheet). */
export interface DeliveryStop {
  _id: string;
  recipientName: string;
  recipientPhone: string | null;
  address: string;
  pincode: string | null;
  items: { name: string; quantity: number }[];
  giftMessage: string | null;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  isPaid: boolean;
  /** Rupees the driver collects on delivery (cash orders not paid yet); 0 otherwise. */
  collect: number;
}

export interface DeliveryRun {
  date: string;
  slots: { slot: string; stops: DeliveryStop[] }[];
  /** Rupees to collect on the whole run. */
  collectTotal: number;
}


export const ENQUIRY_FREQUENCIES = ['one-off', 'weekly', 'monthly', 'seasonal'] as const;
export type EnquiryFrequency = (typeof ENQUIRY_FREQUENCIES)[number];
export const ENQUIRY_STATUSES = ['new', 'quoted', 'won', 'lost'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/** A wholesale or export buyer's request for a quote (POST /api/enquiries). */
export interface EnquiryRequest {
  company: string;
  contactName: string;
  email: string;
  /** International format: +61 2 9876 5432. */
  phone?: string;
  /** ISO 3166-1 alpha-2, e.g. "AU". */
  country: string;
  productIds?: string[];
  /** Stems per shipment. */
  quantity?: number;
  frequency?: EnquiryFrequency;
  /** YYYY-MM. */
  targetMonth?: string;
  message: string;
}

export interface Enquiry extends Omit<EnquiryRequest, 'productIds'> {
  _id: string;
  /** The products asked about, as they were named then. */
  products: { _id: string; name: string }[];
  status: EnquiryStatus;
  /** The staff's own note; never shown to the buyer. */
  note: string;
  createdAt: string;
  updatedAt: string;
}

/** A problem a browser reported about the frontends (GET /api/admin/client-errors). */
export interface ClientErrorReport {
  _id: string;
  kind: string;
  app: string | null;
  message: string;
  page: string | null;
  details: Record<string, unknown> | null;
  userAgent: string | null;
  createdAt: string;
}

/** The frontends released on their own (GET/PUT /api/admin/releases). */
export type FrontendAppName = 'shell' | 'storefront-mfe' | 'admin-mfe';

export interface FrontendRelease {
  app: FrontendAppName;
  /** `<version>-<content hash>`. */
  release: string;
  version: string;
  gitCommit: string | null;
  gitDirty: boolean | null;
  builtAt: string;
  publishedAt: string;
  sharedLibraries: Record<string, { version: string; requiredVersion: string | false; singleton: boolean }>;
  live: boolean;
  /** What making it live now would leave unmet; empty when it fits the live frontends. */
  unmet: string[];
}

export interface FrontendAppReleases {
  app: FrontendAppName;
  /** Null: the build in WEB_ROOT is served. */
  live: string | null;
  /** What a rollback goes back to (null: the build); absent when nothing is recorded. */
  previous?: string | null;
  releases: FrontendRelease[];
  history: { action: 'promote' | 'rollback'; from: string | null; to: string | null; forced: boolean; by: string; at: string }[];
}

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
