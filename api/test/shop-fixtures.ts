import type { Order } from '@thalir/contracts';
import { ProductEntity } from '../src/catalog/product.entity';
import type { TestApp, TestUser } from './test-app';

export interface ProductSeed {
  name?: string;
  pricePaise?: number;
  stock?: number;
}

/** Products straight into the database; returns their ids in the order given. */
export async function seedProducts(t: TestApp, seeds: ProductSeed[]): Promise<string[]> {
  const repository = t.dataSource.getRepository(ProductEntity);
  const saved = await repository.save(
    seeds.map((seed, index) =>
      repository.create({
        name: seed.name ?? `Flower ${index + 1}`,
        pricePaise: seed.pricePaise ?? 10000,
        stock: seed.stock ?? 10,
        type: 'flower',
        description: '',
      }),
    ),
  );
  return saved.map((product) => product.id);
}

export async function stockOf(t: TestApp, productId: string): Promise<number> {
  const product = await t.dataSource.getRepository(ProductEntity).findOneByOrFail({ id: productId });
  return product.stock;
}

export async function placeOrder(
  t: TestApp,
  buyer: TestUser,
  lines: { product: string; quantity: number; name?: string; price?: number }[],
  paymentMethod: 'cash' | 'razorpay' = 'cash',
): Promise<Order> {
  const res = await t.request('POST', '/api/orders', {
    token: buyer.token,
    body: { orderItems: lines, paymentMethod, address: '12 Lotus Street, Chennai 600001' },
  });
  if (res.status !== 201) throw new Error(`placing the order answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}
