import type { Browser, Page } from 'puppeteer-core';
import type { Offer, Order } from '@thalir/contracts';
import {
  apiLogin,
  clickButton,
  closeSession,
  createProductViaApi,
  DEMO_ADMIN,
  expectShopRunning,
  fillDelivery,
  fillField,
  launchBrowser,
  openSession,
  registerCustomer,
  rupees,
  seeText,
  selectOption,
  SHOP_START_TIMEOUT,
  signInAs,
  startShop,
  UI_TIMEOUT,
  waitForPath,
  type CreatedProduct,
  type Shop,
} from './support';

async function offersOf(shopUrl: string, token: string): Promise<Offer[]> {
  const response = await fetch(`${shopUrl}/api/admin/offers`, { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as Offer[];
}

async function latestOrder(shopUrl: string, token: string): Promise<Order> {
  const response = await fetch(`${shopUrl}/api/orders/my-orders`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as Order[])[0];
}

/** Puts the product in the cart from its page and opens the cart. */
async function cartWith(page: Page, shopUrl: string, product: CreatedProduct, quantity: number): Promise<void> {
  await page.goto(`${shopUrl}/product/${product._id}`);
  for (let added = 0; added < quantity; added++) await clickButton(page, 'Add to Cart');
  await page.waitForFunction((count) => JSON.parse(localStorage.getItem('cart') ?? '[]')[0]?.quantity === count, { timeout: UI_TIMEOUT }, quantity);
  await page.goto(`${shopUrl}/cart`);
}

describe('offers: staff create one, customers apply its code and pay what they were quoted', () => {
  let browser: Browser;
  let shop: Shop;
  let adminToken: string;
  let roses: CreatedProduct;

  beforeAll(async () => {
    shop = await startShop();
    browser = await launchBrowser();
    adminToken = await apiLogin(shop.url, DEMO_ADMIN);
    roses = await createProductViaApi(shop.url, adminToken, { name: `Valentine Rose ${Date.now()}`, price: 150, stock: 50 });
  }, SHOP_START_TIMEOUT);

  afterEach(() => expectShopRunning(shop));

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('an admin creates a code with one use on the Offers screen; a customer applies it and pays the quoted total; the next is refused; the admin sees the use', async () => {
    const admin = await openSession(browser);
    await signInAs(admin, shop.url, DEMO_ADMIN);
    await admin.goto(`${shop.url}/admin/offers`);
    await clickButton(admin, 'New offer');
    await fillField(admin, 'Name *', 'Valentine roses 20%');
    await selectOption(admin, 'Discount *', 'percent');
    await fillField(admin, 'Percentage off *', '20');
    await admin.locator('::-p-aria([name="With a code customers share"][role="radio"])').click();
    await fillField(admin, 'Code *', 'ROSES20');
    await fillField(admin, 'Uses in all', '1');
    await clickButton(admin, 'Create offer');
    await seeText(admin, 'ROSES20');
    expect((await offersOf(shop.url, adminToken)).find((offer) => offer.code === 'ROSES20')).toMatchObject({ percent: 20, maxUses: 1, uses: 0 });

    const customer = await registerCustomer(shop.url, 'Valentine Customer');
    const page = await openSession(browser);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await signInAs(page, shop.url, customer);
    await cartWith(page, shop.url, roses, 4);
    await fillField(page, 'Offer code', ' roses20 ');
    await clickButton(page, 'Apply');
    await seeText(page, `Code ROSES20 applied: −${rupees(120)}`);

    await page.goto(`${shop.url}/checkout`);
    await fillField(page, 'Delivery address', '3 Rose Garden Road, Hosur 635109');
    await fillDelivery(page);
    await selectOption(page, 'Payment method', 'razorpay');
    // 4 × ₹150 = ₹600, 20% off = ₹480, Hosur's demo delivery fee ₹40: ₹520.
    await page.waitForFunction(
      (total) => document.querySelector('[data-testid="checkout-total"]')?.textContent === total,
      { timeout: UI_TIMEOUT },
      rupees(520),
    );
    await clickButton(page, 'Pay with Razorpay');
    await clickButton(page, `Pay ${rupees(520)}`);
    await waitForPath(page, '/my-orders');
    expect(alerts).toEqual(['Payment Successful!']);
    const order = await latestOrder(shop.url, customer.token);
    expect(order).toMatchObject({
      isPaid: true,
      totalAmount: 520,
      deliveryFee: 40,
      discounts: [{ name: 'Valentine roses 20%', code: 'ROSES20', amount: 120 }],
    });
    await closeSession(page);

    const late = await registerCustomer(shop.url, 'Late Valentine');
    const latePage = await openSession(browser);
    await signInAs(latePage, shop.url, late);
    await cartWith(latePage, shop.url, roses, 1);
    await fillField(latePage, 'Offer code', 'ROSES20');
    await clickButton(latePage, 'Apply');
    await seeText(latePage, 'This code has been used up');
    await closeSession(latePage);

    await admin.reload();
    await seeText(admin, '1 / 1');
    expect((await offersOf(shop.url, adminToken)).find((offer) => offer.code === 'ROSES20')).toMatchObject({ uses: 1, status: 'used-up' });
    await closeSession(admin);
  });
});
