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
}

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
}

export interface ProfileUpdateResponse {
  message: string;
  user: UserPublic;
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

export interface OrderStatusChange {
  status: OrderStatus;
  at: string;
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
}

export interface CreateOrderRequest {
  orderItems: { product: string; quantity: number; name?: string; price?: number }[];
  totalAmount?: number;
  paymentMethod: PaymentMethod;
  address: string;
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

/**
 * Server rendering. Each frontend's build writes a server bundle next to its files (`server/`), built
 * from the same components as the browser code; the API renders storefront pages with them.
 */

/** API answers a page was rendered from, by the API path (with query) the screen would fetch. */
export type PageData = Record<string, unknown>;

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
