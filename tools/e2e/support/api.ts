// Data put in place through the shop's API, for journeys that start after it: products with known stock, orders.
import sharp from 'sharp';

/** A small real PNG made on the spot, so an upload carries actual image content. */
export function pngImage(colour = '#c0244f', size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export interface CreatedProduct {
  _id: string;
  name: string;
  price: number;
  stock: number;
  image: string;
}

/** Adds a product through the admin API (multipart with a real image), for journeys that need known stock and price. */
export async function createProductViaApi(
  shopUrl: string,
  adminToken: string,
  fields: { name: string; price: number; stock: number; type?: 'flower' | 'green_leaf'; description?: string },
): Promise<CreatedProduct> {
  const form = new FormData();
  form.set('name', fields.name);
  form.set('price', String(fields.price));
  form.set('stock', String(fields.stock));
  form.set('type', fields.type ?? 'flower');
  form.set('description', fields.description ?? `${fields.name}, grown for the browser journeys.`);
  form.set('image', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'journey.png');
  const response = await fetch(`${shopUrl}/api/products`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
  if (response.status !== 201) throw new Error(`create product failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: CreatedProduct }).data;
}

/** Places an order through the API as the customer would from the checkout, for journeys that start after it. */
export async function placeOrderViaApi(
  shopUrl: string,
  token: string,
  order: { items: { product: string; quantity: number }[]; paymentMethod: 'cash' | 'razorpay'; address: string },
): Promise<{ _id: string; totalAmount: number }> {
  const response = await fetch(`${shopUrl}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ orderItems: order.items, paymentMethod: order.paymentMethod, address: order.address }),
  });
  if (response.status !== 201) throw new Error(`place order failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { _id: string; totalAmount: number };
}
