import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@thalir/contracts';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from '../../../testing/render-admin';

function product(n: number, extra: Partial<Product> = {}): Product {
  return {
    _id: `p${n}`,
    name: `Rose ${n}`,
    price: 100 + n,
    stock: n,
    type: 'flower',
    description: '',
    image: `/uploads/rose-${n}.webp`,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

const catalogue = [product(1, { stock: 0 }), product(2, { name: 'Fern', type: 'green_leaf', price: 35.5 })];

/** The fern as the Tamil catalogue answers it: not translated. */
const fernInTamil = () => jsonAnswer({ success: true, data: { ...catalogue[1], languages: { name: 'en', description: 'en' } } });

beforeEach(() => signInAs('admin'));
afterEach(() => jest.restoreAllMocks());

describe('/admin/products', () => {
  it('lists a page of products with thumbnails, type, price and stock', async () => {
    const { calls } = mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: catalogue, total: 2, page: 1, limit: 50 }) });
    renderAdmin('/admin/products');
    const fern = (await screen.findByRole('rowheader', { name: 'Fern' })).closest('tr')!;
    expect(within(fern).getByText('Green leaf')).toBeInTheDocument();
    expect(within(fern).getByText('₹35.50')).toBeInTheDocument();
    const thumbnail = fern.querySelector('img')!;
    expect(thumbnail).toHaveAttribute('width', '56');
    expect(thumbnail).toHaveAttribute('height', '56');
    expect(within(screen.getByRole('rowheader', { name: 'Rose 1' }).closest('tr')!).getByText('Out of stock')).toBeInTheDocument();
    expect(calls[0].url).toBe('/api/products?page=1&limit=50');
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
  });

  it("shows 'Failed to load products' when the list fails", async () => {
    mockApi({ 'GET /api/products': () => jsonAnswer({ message: 'Database unavailable' }, 503) });
    renderAdmin('/admin/products');
    expect(await screen.findByText('Failed to load products')).toBeInTheDocument();
  });

  it('searches and pages through a big catalogue on the server', async () => {
    const { calls } = mockApi({
      'GET /api/products': ({ url }) => {
        const params = new URL(url, 'http://shop').searchParams;
        const page = Number(params.get('page'));
        return jsonAnswer({ success: true, data: [product(page * 100)], total: 120, page, limit: 50 });
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/products');
    await screen.findByText('Rose 100');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Rose 200');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/products?page=2');
    await user.type(screen.getByLabelText('Search products'), 'tulip');
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/products?page=1&limit=50&q=tulip'));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/products?q=tulip');
  });

  it('opens the form in add mode and in edit mode, and closes it', async () => {
    mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: catalogue, total: 2 }), 'GET /api/products/p2': fernInTamil });
    const user = userEvent.setup();
    renderAdmin('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Edit Fern' }));
    expect(screen.getByRole('heading', { name: 'Edit Fern' })).toHaveFocus();
    expect(screen.getByLabelText('Name *')).toHaveValue('Fern');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: 'Edit Fern' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(screen.getByRole('heading', { name: 'Add a product' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name *')).toHaveValue('');
  });

  it('creates with a multipart POST and refetches the list', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
    const { calls, callsTo } = mockApi({
      'GET /api/products': () => jsonAnswer({ success: true, data: catalogue, total: 2 }),
      'POST /api/products': () => jsonAnswer({ success: true, data: product(3, { name: 'Lily' }) }, 201),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Add product' }));
    await user.type(screen.getByLabelText('Name *'), 'Lily');
    await user.type(screen.getByLabelText('Price (₹) *'), '80');
    await user.selectOptions(screen.getByLabelText('Type *'), 'flower');
    await user.upload(screen.getByLabelText('Image *'), new File(['x'], 'lily.png', { type: 'image/png' }));
    await user.click(within(screen.getByRole('form', { name: 'Add a product' })).getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Lily was added.')).toBeInTheDocument();
    const body = callsTo('POST', '/api/products')[0].body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([...body.keys()]).toEqual(['name', 'price', 'stock', 'type', 'description', 'hsnCode', 'gstRate', 'image']);
    expect(body.get('stock')).toBe('0');
    expect((body.get('image') as File).name).toBe('lily.png');
    await waitFor(() => expect(callsTo('GET', '/api/products')).toHaveLength(2));
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST', 'GET']);
  });

  it('edits with a multipart PUT to /api/admin/products/:id without an image', async () => {
    const { callsTo } = mockApi({
      'GET /api/products': () => jsonAnswer({ success: true, data: catalogue, total: 2 }),
      'PUT /api/admin/products/p2': () => jsonAnswer({ success: true, data: product(2, { name: 'Silver Fern' }) }),
      'GET /api/products/p2': fernInTamil,
    });
    const user = userEvent.setup();
    renderAdmin('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Edit Fern' }));
    await user.clear(screen.getByLabelText('Name *'));
    await user.type(screen.getByLabelText('Name *'), 'Silver Fern');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Silver Fern was updated.')).toBeInTheDocument();
    const body = callsTo('PUT', '/api/admin/products/p2')[0].body as FormData;
    expect(body.get('name')).toBe('Silver Fern');
    expect(body.has('image')).toBe(false);
    await waitFor(() => expect(callsTo('GET', '/api/products')).toHaveLength(2));
  });

  it('asks before deleting and does nothing when the admin says no', async () => {
    const { callsTo } = mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: catalogue, total: 2 }) });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    renderAdmin('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Delete Fern' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this product?');
    expect(callsTo('DELETE', '/api/products/p2')).toHaveLength(0);
  });

  it("deletes, shows the server's message and refetches", async () => {
    const { callsTo } = mockApi({
      'GET /api/products': () => jsonAnswer({ success: true, data: catalogue, total: 2 }),
      'DELETE /api/products/p2': () => jsonAnswer({ success: true, message: 'Product deleted' }),
    });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderAdmin('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Delete Fern' }));
    expect(await screen.findByText('Product deleted')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET', '/api/products')).toHaveLength(2));
  });

  it("shows 'Failed to delete product. Please try again.' when the delete fails without a reason", async () => {
    mockApi({
      'GET /api/products': () => jsonAnswer({ success: true, data: catalogue, total: 2 }),
      'DELETE /api/products/p2': () => ({ status: 502 }),
    });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderAdmin('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Delete Fern' }));
    expect(await screen.findByText('Failed to delete product. Please try again.')).toBeInTheDocument();
  });

  it("shows the server's error when it refuses the delete", async () => {
    mockApi({
      'GET /api/products': () => jsonAnswer({ success: true, data: catalogue, total: 2 }),
      'DELETE /api/products/p2': () => jsonAnswer({ success: false, message: 'Product not found' }, 404),
    });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderAdmin('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Delete Fern' }));
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
  });
});
