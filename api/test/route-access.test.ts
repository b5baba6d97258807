import { randomUUID } from 'node:crypto';
import { type Permission, type Role, STAFF_ROLES, type StaffRole } from '@thalir/contracts';
import { roleMay } from '../src/auth/permissions';
import { Access } from '../src/common/access.decorator';
import { listApiRoutes, type ApiRoute } from '../src/common/route-inventory';
import { ProductEntity } from '../src/catalog/product.entity';
import { OrderEntity } from '../src/orders/order.entity';
import { OrderItemEntity } from '../src/orders/order-item.entity';
import { tamperedToken } from './tampered-token';
import { createTestApp, type TestApp, type TestResponse, type TestUser } from './test-app';

/** Who may call each call of the contract's table (api-contract.md, "Calls"). Path params are `:param`. */
const CONTRACT_ACCESS: Record<string, Access> = {
  'GET /api/products': Access.Public,
  'GET /api/products/:param': Access.Public,
  'POST /api/products': Access.Staff,
  'PUT /api/admin/products/:param': Access.Staff,
  'DELETE /api/products/:param': Access.Staff,
  'POST /api/auth/register': Access.Public,
  'POST /api/auth/login': Access.Public,
  'POST /api/auth/forgot-password': Access.Public,
  'POST /api/auth/reset-password/:param': Access.Public,
  'GET /api/users/profile': Access.SignedIn,
  'PUT /api/users/profile': Access.SignedIn,
  'POST /api/orders': Access.SignedIn,
  'POST /api/orders/quote': Access.Optional,
  'GET /api/orders/my-orders': Access.SignedIn,
  'GET /api/orders/:param': Access.Owner,
  'GET /api/orders': Access.Staff,
  'PUT /api/orders/:param/status': Access.Staff,
  'GET /api/orders/:param/invoice': Access.Owner,
  'POST /api/payments/create-order': Access.SignedIn,
  'POST /api/payments/verify': Access.SignedIn,
  'POST /api/payments/webhook': Access.Public,
  'GET /api/payments/config': Access.Public,
  'POST /api/payments/sandbox/pay': Access.SignedIn,
  'GET /api/wishlist': Access.SignedIn,
  'POST /api/wishlist': Access.SignedIn,
  'DELETE /api/wishlist/:param': Access.SignedIn,
  'POST /api/contact': Access.Public,
  'GET /api/contact': Access.Staff,
  'GET /api/admin/stats/sales': Access.Staff,
  'POST /api/newsletter': Access.Public,
  'GET /api/newsletter': Access.Staff,
  'GET /api/health': Access.Public,
  'GET /api/health/live': Access.Public,
  'GET /api/health/ready': Access.Public,
  // Public to the JWT guard; METRICS_TOKEN is checked by the route's own guard (metrics.test.ts).
  'GET /api/metrics': Access.Public,
  'GET /api/admin/stats': Access.Staff,
  'GET /api/admin/money-check': Access.Staff,
  // Additions of the second round (api-contract.md).
  'POST /api/orders/:param/cancel': Access.SignedIn,
  'POST /api/auth/logout': Access.SignedIn,
  'GET /api/admin/emails': Access.Staff,
  'POST /api/admin/emails/:param/retry': Access.Staff,
  'POST /api/admin/refunds/:param/settle': Access.Staff,
  'POST /api/admin/refunds/:param/retry': Access.Staff,
  'GET /api/delivery/options': Access.Public,
  'GET /api/admin/deliveries/:param': Access.Staff,
  'POST /api/enquiries': Access.Public,
  'GET /api/admin/enquiries': Access.Staff,
  'PATCH /api/admin/enquiries/:param': Access.Staff,
  'GET /api/admin/releases': Access.Staff,
  'PUT /api/admin/releases/:param': Access.Staff,
  'POST /api/client-errors': Access.Public,
  'GET /api/admin/client-errors': Access.Staff,
  'GET /api/subscription-plans': Access.Public,
  'GET /api/subscription-plans/:param': Access.Public,
  'GET /api/admin/subscription-plans': Access.Staff,
  'POST /api/admin/subscription-plans': Access.Staff,
  'PUT /api/admin/subscription-plans/:param': Access.Staff,
  'PUT /api/admin/products/:param/translations/:param': Access.Staff,
  'PUT /api/admin/subscription-plans/:param/translations/:param': Access.Staff,
  'POST /api/subscriptions': Access.SignedIn,
  'GET /api/subscriptions/mine': Access.SignedIn,
  'GET /api/subscriptions/:param': Access.SignedIn,
  'POST /api/subscriptions/:param/packs': Access.SignedIn,
  'PATCH /api/subscriptions/:param/deliveries/:param': Access.SignedIn,
  'POST /api/subscriptions/:param/pauses': Access.SignedIn,
  'DELETE /api/subscriptions/:param/pauses/:param': Access.SignedIn,
  'POST /api/subscriptions/:param/cancel': Access.SignedIn,
  'GET /api/admin/subscriptions': Access.Staff,
  'GET /api/admin/subscriptions/forecast': Access.Staff,
  'GET /api/admin/subscriptions/:param': Access.Staff,
  'POST /api/admin/subscriptions/:param/cancel': Access.Staff,
};

/**
 * The permission each staff route needs (docs/staff-and-deliveries.md): a route added or a declaration
 * changed without updating this table fails here, so the matrix below is always the intended one.
 */
const STAFF_PERMISSIONS: Record<string, Permission> = {
  'POST /api/products': 'catalog',
  'PUT /api/admin/products/:param': 'catalog',
  'DELETE /api/products/:param': 'catalog',
  'GET /api/admin/offers': 'catalog',
  'POST /api/admin/offers': 'catalog',
  'PUT /api/admin/offers/:param': 'catalog',
  'POST /api/admin/offers/:param/codes': 'catalog',
  'GET /api/admin/offers/:param/codes.csv': 'catalog',
  'GET /api/admin/offers/:param/usage': 'catalog',
  'GET /api/admin/subscription-plans': 'catalog',
  'POST /api/admin/subscription-plans': 'catalog',
  'PUT /api/admin/subscription-plans/:param': 'catalog',
  'PUT /api/admin/products/:param/translations/:param': 'catalog',
  'PUT /api/admin/subscription-plans/:param/translations/:param': 'catalog',
  'GET /api/orders': 'orders.read',
  'GET /api/admin/deliveries/:param': 'orders.read',
  'PUT /api/orders/:param/status': 'orders.manage',
  'GET /api/admin/subscriptions': 'orders.read',
  'GET /api/admin/subscriptions/forecast': 'orders.read',
  'GET /api/admin/subscriptions/:param': 'orders.read',
  'POST /api/admin/subscriptions/:param/cancel': 'orders.manage',
  'PUT /api/admin/orders/:param/courier': 'orders.manage',
  'POST /api/admin/refunds/:param/settle': 'orders.manage',
  'POST /api/admin/refunds/:param/retry': 'orders.manage',
  'GET /api/contact': 'orders.manage',
  'GET /api/admin/enquiries': 'orders.manage',
  'PATCH /api/admin/enquiries/:param': 'orders.manage',
  'GET /api/delivery/stops': 'stops',
  'POST /api/delivery/stops/:param/out': 'stops',
  'POST /api/delivery/stops/:param/delivered': 'stops',
  'POST /api/delivery/stops/:param/failed': 'stops',
  'GET /api/admin/stats': 'reports',
  'GET /api/admin/stats/sales': 'reports',
  'GET /api/admin/money-check': 'reports',
  'GET /api/admin/reports/gst': 'reports',
  'GET /api/admin/reports/gst.csv': 'reports',
  'GET /api/admin/audit': 'audit',
  'GET /api/admin/audit.csv': 'audit',
  'GET /api/admin/delivery-charges': 'shop',
  'PUT /api/admin/delivery-charges': 'shop',
  'GET /api/admin/delivery-charges/history': 'shop',
  'GET /api/admin/releases': 'shop',
  'PUT /api/admin/releases/:param': 'shop',
  'GET /api/admin/emails': 'shop',
  'POST /api/admin/emails/:param/retry': 'shop',
  'GET /api/admin/client-errors': 'shop',
  'GET /api/newsletter': 'shop',
  'GET /api/admin/staff': 'staff',
  'POST /api/admin/staff/invites': 'staff',
  'DELETE /api/admin/staff/invites/:param': 'staff',
  'PUT /api/admin/staff/:param': 'staff',
  'POST /api/admin/staff/:param/deactivate': 'staff',
  'POST /api/admin/staff/:param/reactivate': 'staff',
};

const key = (route: { method: string; path: string }) => `${route.method} ${route.path.replace(/:\w+/g, ':param')}`;
const describeRoute = (route: ApiRoute) => `${route.method} ${route.path} (${route.handler}, declared ${route.access})`;

/** Routes Fastify holds, read back from its route tree (`printRoutes`), whoever registered them. */
function fastifyRoutes(tree: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const path = stack.join('');
    for (const method of (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean))
      routes.push({ method, path });
  }
  return routes;
}

function expectMessage(response: TestResponse, what: string): void {
  if (typeof response.body?.message !== 'string')
    throw new Error(`${what}: ${response.status} without a string message: ${response.raw.toString('utf8').slice(0, 200)}`);
}

/**
 * Every route the application registers, taken from the application itself, called by a visitor,
 * a customer, another customer and every staff role: each answer must match the route's declaration.
 * A route added without a declaration stops the app from starting, so it fails here as well.
 */
describe('route access', () => {
  let t: TestApp;
  let routes: ApiRoute[];
  let owner: TestUser;
  let otherCustomer: TestUser;
  let admin: TestUser;
  /** One signed-in member per staff role (the owner, `admin`, included). */
  let staff: Record<StaffRole, TestUser>;
  let productId: string;
  let ownedOrderId: string;

  beforeAll(async () => {
    t = await createTestApp();
    routes = listApiRoutes(t.app);
    owner = await t.createUser();
    otherCustomer = await t.createUser();
    staff = Object.fromEntries(await Promise.all(STAFF_ROLES.map(async (role) => [role, await t.createUser({ role })] as const))) as Record<
      StaffRole,
      TestUser
    >;
    admin = staff.admin;
    const product = await t.dataSource.getRepository(ProductEntity).save({ name: 'Access Rose', type: 'flower', pricePaise: 5000, stock: 10, description: '' });
    productId = product.id;
    const order = await t.dataSource.getRepository(OrderEntity).save({
      userId: owner.id,
      totalPaise: 5000,
      paymentMethod: 'cash',
      address: '12 Petal Street, Chennai',
      items: [
        Object.assign(new OrderItemEntity(), { productId, name: 'Access Rose', unitPricePaise: 5000, quantity: 1, position: 0, hsnCode: '0603', gstRateBp: 0 }),
      ],
    });
    ownedOrderId = order.id;
  });
  afterAll(() => t?.close());

  /** A concrete URL: an owned resource for owner routes, the fixture product on product routes, else an unknown id. */
  function urlFor(route: ApiRoute): string {
    if (route.access === Access.Owner) {
      if (!route.path.startsWith('/api/orders/')) throw new Error(`No owned fixture for ${describeRoute(route)}: add one to this test`);
      return route.path.replace(/:\w+/g, ownedOrderId);
    }
    return route.path.replace(/:\w+/g, () => (route.path.includes('/products') ? productId : randomUUID()));
  }

  it('finds the routes of every controller, and each declares its access', () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
    expect(routes.filter((route) => !Object.values(Access).includes(route.access as Access)).map(describeRoute)).toEqual([]);
  });

  it('holds no /api route in Fastify that bypasses the Nest controllers (and so the guard)', () => {
    const nest = new Set(routes.map(key));
    const bypassing = fastifyRoutes(t.app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false }))
      .filter((route) => route.path.startsWith('/api/') && !route.path.startsWith('/api/docs') && route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .filter((route) => !nest.has(key(route)));
    expect(bypassing).toEqual([]);
  });

  it('declares for every call of the contract the access the contract gives it', () => {
    const mismatched = routes
      .filter((route) => CONTRACT_ACCESS[key(route)] !== undefined && CONTRACT_ACCESS[key(route)] !== route.access)
      .map((route) => `${describeRoute(route)}: the contract says ${CONTRACT_ACCESS[key(route)]}`);
    expect(mismatched).toEqual([]);
  });

  it('declares for every staff route the permission the permission table gives it', () => {
    const staffRoutes = routes.filter((route) => route.access === Access.Staff);
    expect(
      staffRoutes.filter((route) => STAFF_PERMISSIONS[key(route)] !== route.permission).map((route) => `${describeRoute(route)} needs ${route.permission}`),
    ).toEqual([]);
    const declared = new Set(staffRoutes.map(key));
    expect(Object.keys(STAFF_PERMISSIONS).filter((call) => !declared.has(call))).toEqual([]);
  });

  it('registers every call of the contract', () => {
    const registered = new Set(routes.map(key));
    expect(Object.keys(CONTRACT_ACCESS).filter((call) => !registered.has(call))).toEqual([]);
  });

  it('refuses visitors and bad tokens on every route that is not public, with 401 and a message', async () => {
    const expired = t.signToken(owner.id, { expiresIn: -10 });
    const forged = tamperedToken(owner.token);
    for (const route of routes.filter((r) => r.access !== Access.Public)) {
      for (const [who, token] of [
        // Routes open to visitors still refuse a bad token: the caller learns its session ended.
        ...(route.access === Access.Optional ? [] : ([['visitor', undefined]] as const)),
        ['expired token', expired],
        ['forged token', forged],
      ] as const) {
        const response = await t.request(route.method, urlFor(route), { token });
        if (response.status !== 401) throw new Error(`${describeRoute(route)} answered ${who} with ${response.status}, expected 401`);
        expectMessage(response, `${describeRoute(route)} as ${who}`);
      }
    }
  });

  it('lets visitors through every public route (never 401 or 403)', async () => {
    for (const route of routes.filter((r) => r.access === Access.Public || r.access === Access.Optional)) {
      const response = await t.request(route.method, urlFor(route));
      expect([route.path, response.status]).not.toEqual([route.path, 401]);
      expect([route.path, response.status]).not.toEqual([route.path, 403]);
      expect([route.path, response.status < 500]).toEqual([route.path, true]);
    }
  });

  /**
   * Every staff route called by a customer and by every staff role: through (never 401/403, never a
   * server error) exactly for the roles holding its permission, 403 with a message for the others.
   */
  async function walkStaffRoutes(deleting: boolean): Promise<number> {
    let calls = 0;
    for (const route of routes.filter((r) => r.access === Access.Staff && (r.method === 'DELETE') === deleting)) {
      for (const role of ['customer', ...STAFF_ROLES] as Role[]) {
        const caller = role === 'customer' ? owner : staff[role as StaffRole];
        const response = await t.request(route.method, urlFor(route), { token: caller.token });
        calls += 1;
        const allowed = roleMay(role, route.permission!);
        const outcome = allowed ? (response.status < 500 && ![401, 403].includes(response.status) ? 'through' : response.status) : response.status;
        expect([describeRoute(route), role, outcome]).toEqual([describeRoute(route), role, allowed ? 'through' : 403]);
        if (!allowed) expectMessage(response, `${describeRoute(route)} as ${role}`);
      }
    }
    return calls;
  }

  it('keeps every staff route to the roles holding its permission, for every role (the permission matrix)', async () => {
    const calls = await walkStaffRoutes(false);
    expect(calls).toBeGreaterThanOrEqual(40 * 6);
  });

  it('lets any signed-in caller through signed-in routes', async () => {
    for (const route of routes.filter((r) => r.access === Access.SignedIn || r.access === Access.Optional)) {
      for (const user of [otherCustomer, admin]) {
        // A session of its own per call: logout ends the session it is called with.
        const response = await t.request(route.method, urlFor(route), { token: t.signToken(user.id, { jwtid: randomUUID() }) });
        expect([describeRoute(route), [401, 403].includes(response.status), response.status < 500]).toEqual([describeRoute(route), false, true]);
      }
    }
  });

  it("answers 404 to another customer on an owner's resource, and serves the owner and staff who may read orders", async () => {
    const ownerRoutes = routes.filter((r) => r.access === Access.Owner);
    expect(ownerRoutes.length).toBeGreaterThan(0);
    for (const route of ownerRoutes) {
      // Staff who may not read orders are, for an order, just another customer.
      for (const stranger of [otherCustomer, staff.catalog, staff.delivery]) {
        const asStranger = await t.request(route.method, urlFor(route), { token: stranger.token });
        expect([describeRoute(route), asStranger.status]).toEqual([describeRoute(route), 404]);
        expectMessage(asStranger, describeRoute(route));
      }
      for (const user of [owner, admin, staff.orders, staff.accounts]) {
        const response = await t.request(route.method, urlFor(route), { token: user.token });
        expect([describeRoute(route), response.status]).toEqual([describeRoute(route), 200]);
      }
    }
  });

  // Last, because it deletes the fixture product.
  it('keeps staff DELETE routes to the roles holding their permission', async () => {
    expect(await walkStaffRoutes(true)).toBeGreaterThanOrEqual(2 * 6);
  });
});
