import { api } from '@thalir/api-client';
import { tamilTextsOf } from '../../../components/tamil-texts-fields';
import type { ProductListResponse, ProductResponse, TranslationInput, ProductType } from '@thalir/contracts';

export const PRODUCTS_PAGE_SIZE = 50;

export interface ProductPage {
  products: ProductListResponse['data'];
  total: number;
}

export async function fetchProductPage({ page, q }: { page: number; q: string }, signal?: AbortSignal): Promise<ProductPage> {
  const params = new URLSearchParams({ page: String(page), limit: String(PRODUCTS_PAGE_SIZE) });
  if (q) params.set('q', q);
  const response = await api.get<ProductListResponse>(`/api/products?${params}`, signal);
  return { products: response.data, total: response.total ?? response.data.length };
}

/** What the product form sends; `image` is optional only when editing. */
export interface ProductInput {
  name: string;
  price: string;
  stock: string;
  type: ProductType;
  description: string;
  /** Empty: the type's code. */
  hsnCode: string;
  /** Percent, tax included in the price. */
  gstRate: string;
  image: File | null;
}

function toFormData(input: ProductInput): FormData {
  const form = new FormData();
  form.append('name', input.name);
  form.append('price', input.price);
  form.append('stock', input.stock);
  form.append('type', input.type);
  form.append('description', input.description);
  form.append('hsnCode', input.hsnCode);
  form.append('gstRate', input.gstRate);
  if (input.image) form.append('image', input.image);
  return form;
}

export function createProduct(input: ProductInput): Promise<ProductResponse> {
  return api.post<ProductResponse>('/api/products', toFormData(input));
}

export function updateProduct(id: string, input: ProductInput): Promise<ProductResponse> {
  return api.put<ProductResponse>(`/api/admin/products/${encodeURIComponent(id)}`, toFormData(input));
}

/** The product's Tamil name and description as staff entered them: empty where there is no translation. */
export async function fetchTamilTexts(id: string, signal?: AbortSignal): Promise<TranslationInput> {
  return tamilTextsOf((await api.get<ProductResponse>(`/api/products/${encodeURIComponent(id)}?lang=ta`, signal)).data);
}

/** Sets the product's Tamil name and description; an empty name removes them. */
export function saveTamilTexts(id: string, texts: TranslationInput): Promise<ProductResponse> {
  return api.put<ProductResponse>(`/api/admin/products/${encodeURIComponent(id)}/translations/ta`, texts);
}

export function deleteProduct(id: string): Promise<{ success: boolean; message?: string }> {
  return api.delete(`/api/products/${encodeURIComponent(id)}`);
}
