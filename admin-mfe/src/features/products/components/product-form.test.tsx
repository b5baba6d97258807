import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonAnswer, mockApi, networkFailure, type ApiAnswer, type ApiCall, type MockedApi } from '@thalir/api-client/testing';
import type { Product } from '@thalir/contracts';
import { ProductForm, type ProductFormMode } from './product-form';

const rose: Product = {
  _id: 'p1',
  name: 'Red Rose',
  price: 120.5,
  stock: 8,
  type: 'flower',
  description: 'Long stem.',
  image: '/uploads/rose.webp',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const png = () => new File(['png-bytes'], 'lily.png', { type: 'image/png' });

/** The multipart fields of a save, as the API receives them. */
const sentFields = (call: ApiCall) => Object.fromEntries(call.body as FormData);

function renderForm(mode: ProductFormMode = { kind: 'add' }) {
  const onSaved = jest.fn();
  const onClose = jest.fn();
  const utils = render(<ProductForm mode={mode} onSaved={onSaved} onClose={onClose} />);
  // The picker's accept="image/*" would hide a wrong file from user-event; the form must refuse it itself.
  const user = userEvent.setup({ applyAccept: false });
  return { ...utils, user, onSaved, onClose };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, { image = true } = {}) {
  await user.type(screen.getByLabelText('Name *'), 'White Lily');
  await user.type(screen.getByLabelText('Price (₹) *'), '99.99');
  await user.selectOptions(screen.getByLabelText('Type *'), 'flower');
  if (image) await user.upload(screen.getByLabelText('Image *'), png());
}

let api: MockedApi;

/** The product as the Tamil catalogue answers it: English texts where nothing is translated. */
const inTamil =
  (texts: Partial<Product> = {}) =>
  () =>
    jsonAnswer({ success: true, data: { ...rose, languages: { name: 'en', description: 'en' }, ...texts } });

beforeEach(() => {
  api = mockApi({ 'GET /api/products/p1': inTamil() });
  URL.createObjectURL = jest.fn(() => 'blob:preview-1');
  URL.revokeObjectURL = jest.fn();
});

describe('ProductForm', () => {
  it('has the inputs the spec describes', () => {
    renderForm();
    const price = screen.getByLabelText('Price (₹) *');
    expect(price).toHaveAttribute('type', 'number');
    expect(price).toHaveAttribute('min', '0');
    expect(price).toHaveAttribute('step', '0.01');
    const stock = screen.getByLabelText('Stock');
    expect(stock).toHaveAttribute('min', '0');
    expect(stock).toHaveValue(0);
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Image *')).toHaveAttribute('accept', 'image/*');
  });

  it.each([
    ['name', ['price', 'type', 'image']],
    ['price', ['name', 'type', 'image']],
    ['type', ['name', 'price', 'image']],
    ['image', ['name', 'price', 'type']],
  ])('refuses to add a product without %s', async (_missing, filled) => {
    const { user } = renderForm();
    if (filled.includes('name')) await user.type(screen.getByLabelText('Name *'), 'White Lily');
    if (filled.includes('price')) await user.type(screen.getByLabelText('Price (₹) *'), '40');
    if (filled.includes('type')) await user.selectOptions(screen.getByLabelText('Type *'), 'green_leaf');
    if (filled.includes('image')) await user.upload(screen.getByLabelText('Image *'), png());
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Please fill all required fields')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('adds a product with every field and the image', async () => {
    api.answer({ 'POST /api/products': () => jsonAnswer({ success: true, data: { ...rose, _id: 'p2', name: 'White Lily' } }, 201) });
    const { user, onSaved } = renderForm();
    await fillRequired(user);
    await user.clear(screen.getByLabelText('Stock'));
    await user.type(screen.getByLabelText('Stock'), '12');
    await user.type(screen.getByLabelText('Description'), 'Fragrant.');
    expect(screen.getByLabelText('HSN code')).toHaveAttribute('placeholder', '0603');
    await user.type(screen.getByLabelText('HSN code'), '06031900');
    await user.selectOptions(screen.getByLabelText('GST rate'), '5');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/products').map(sentFields)).toEqual([
      {
        name: 'White Lily',
        price: '99.99',
        stock: '12',
        type: 'flower',
        description: 'Fragrant.',
        hsnCode: '06031900',
        gstRate: '5',
        image: expect.any(File),
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith('White Lily was added.');
  });

  it('sends stock 0 when the stock box is left empty', async () => {
    api.answer({ 'POST /api/products': () => jsonAnswer({ success: true, data: rose }, 201) });
    const { user } = renderForm();
    await fillRequired(user);
    await user.clear(screen.getByLabelText('Stock'));
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/products').map(sentFields)).toEqual([expect.objectContaining({ stock: '0' })]));
  });

  it('refuses an HSN code that is not 4, 6 or 8 digits, and leaves an empty one to the type', async () => {
    api.answer({ 'POST /api/products': () => jsonAnswer({ success: true, data: rose }, 201) });
    const { user } = renderForm();
    await fillRequired(user);
    await user.type(screen.getByLabelText('HSN code'), '603');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(screen.getByText('HSN code must be 4, 6 or 8 digits, or left empty to follow the type.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
    await user.clear(screen.getByLabelText('HSN code'));
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/products').map(sentFields)).toEqual([expect.objectContaining({ hsnCode: '', gstRate: '0' })]));
  });

  it('refuses a price with more than 2 decimals', async () => {
    const { user } = renderForm();
    await fillRequired(user);
    await user.clear(screen.getByLabelText('Price (₹) *'));
    await user.type(screen.getByLabelText('Price (₹) *'), '1.234');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText(/at most 2 decimals/)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('lets an edit keep the current image', async () => {
    api.answer({ 'PUT /api/admin/products/p1': () => jsonAnswer({ success: true, data: { ...rose, price: 150 } }) });
    const { user, onSaved } = renderForm({ kind: 'edit', product: rose });
    expect(screen.getByLabelText('Name *')).toHaveValue('Red Rose');
    expect(screen.getByLabelText('Price (₹) *')).toHaveValue(120.5);
    expect(screen.getByRole('img', { name: 'Current image of Red Rose' })).toHaveAttribute('src', '/uploads/rose.webp');
    await user.clear(screen.getByLabelText('Price (₹) *'));
    await user.type(screen.getByLabelText('Price (₹) *'), '150');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [saved] = api.callsTo('PUT', '/api/admin/products/p1').map(sentFields);
    expect(saved).toMatchObject({ price: '150' });
    expect(saved).not.toHaveProperty('image');
    expect(screen.queryByText('Please fill all required fields')).not.toBeInTheDocument();
  });

  it('shows the saved Tamil texts when editing, and saves them when they change', async () => {
    api.answer({
      'GET /api/products/p1': inTamil({ name: 'சிவப்பு ரோஜா', languages: { name: 'ta', description: 'en' } }),
      'PUT /api/admin/products/p1': () => jsonAnswer({ success: true, data: rose }),
      'PUT /api/admin/products/p1/translations/ta': () => jsonAnswer({ success: true, data: rose }),
    });
    const { user, onSaved } = renderForm({ kind: 'edit', product: rose });
    expect(await screen.findByLabelText('Name in Tamil')).toHaveValue('சிவப்பு ரோஜா');
    expect(screen.getByLabelText('Name in Tamil')).toHaveAttribute('lang', 'ta');
    // English shown where untranslated is not offered as the Tamil description.
    expect(screen.getByLabelText('Description in Tamil')).toHaveValue('');
    await user.type(screen.getByLabelText('Description in Tamil'), 'நீண்ட காம்பு.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Red Rose was updated.'));
    expect(api.callsTo('PUT', '/api/admin/products/p1/translations/ta').map((call) => call.body)).toEqual([{ name: 'சிவப்பு ரோஜா', description: 'நீண்ட காம்பு.' }]);
  });

  it('leaves the Tamil texts alone when they did not change', async () => {
    api.answer({ 'PUT /api/admin/products/p1': () => jsonAnswer({ success: true, data: rose }) });
    const { user, onSaved } = renderForm({ kind: 'edit', product: rose });
    await screen.findByLabelText('Name in Tamil');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Red Rose was updated.'));
    expect(api.callsTo('PUT', '/api/admin/products/p1/translations/ta')).toEqual([]);
  });

  it('gives a new product its Tamil name, and refuses a Tamil description without one', async () => {
    api.answer({
      'POST /api/products': () => jsonAnswer({ success: true, data: { ...rose, _id: 'p2', name: 'White Lily' } }, 201),
      'PUT /api/admin/products/p2/translations/ta': () => jsonAnswer({ success: true, data: rose }),
    });
    const { user, onSaved } = renderForm();
    await fillRequired(user);
    await user.type(screen.getByLabelText('Description in Tamil'), 'வெள்ளை லில்லி மலர்.');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Please give the Tamil name too, or leave the Tamil description empty.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/products')).toEqual([]);
    await user.type(screen.getByLabelText('Name in Tamil'), 'வெள்ளை லில்லி');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('White Lily was added.'));
    expect(api.callsTo('PUT', '/api/admin/products/p2/translations/ta').map((call) => call.body)).toEqual([
      { name: 'வெள்ளை லில்லி', description: 'வெள்ளை லில்லி மலர்.' },
    ]);
  });

  it('says when the product was saved but its Tamil texts were not', async () => {
    api.answer({
      'PUT /api/admin/products/p1': () => jsonAnswer({ success: true, data: rose }),
      'PUT /api/admin/products/p1/translations/ta': () => jsonAnswer({ success: false, message: 'The name can be at most 200 characters' }, 400),
    });
    const { user, onSaved } = renderForm({ kind: 'edit', product: rose });
    await user.type(await screen.findByLabelText('Name in Tamil'), 'ரோஜா');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(
        'Red Rose was updated. Its Tamil texts were not saved (The name can be at most 200 characters): edit it to try again.',
        'error',
      ),
    );
  });

  it('still requires name, price and type when editing', async () => {
    const { user } = renderForm({ kind: 'edit', product: rose });
    await user.clear(screen.getByLabelText('Name *'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please fill all required fields')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('refuses a file that is not an image and keeps no preview', async () => {
    const { user } = renderForm();
    await user.upload(screen.getByLabelText('Image *'), new File(['%PDF'], 'price-list.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose an image file');
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await fillRequired(user, { image: false });
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Please fill all required fields')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('previews the chosen image and revokes the preview on change and on close', async () => {
    (URL.createObjectURL as jest.Mock).mockReturnValueOnce('blob:first').mockReturnValueOnce('blob:second');
    const { user, unmount } = renderForm();
    await user.upload(screen.getByLabelText('Image *'), png());
    expect(screen.getByRole('img', { name: 'Preview of the chosen image' })).toHaveAttribute('src', 'blob:first');
    await user.upload(screen.getByLabelText('Image *'), new File(['x'], 'tulip.jpg', { type: 'image/jpeg' }));
    expect(screen.getByRole('img', { name: 'Preview of the chosen image' })).toHaveAttribute('src', 'blob:second');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:first');
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:second');
  });

  it("reads 'Processing...' while saving", async () => {
    let finish: (answer: ApiAnswer) => void = () => {};
    api.answer({ 'POST /api/products': () => new Promise((resolve) => (finish = resolve)) });
    const { user, onSaved } = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Processing...' }));
    expect(api.callsTo('POST', '/api/products')).toHaveLength(1);
    finish(jsonAnswer({ success: true, data: rose }, 201));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
  });

  it("shows 'Failed to save product' when the save fails", async () => {
    api.answer({ 'POST /api/products': networkFailure });
    const { user, onSaved } = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Failed to save product')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save product' })).toBeEnabled();
  });

  it("adds the server's reason to 'Failed to save product'", async () => {
    api.answer({ 'PUT /api/admin/products/p1': () => jsonAnswer({ message: 'Image is too large' }, 413) });
    const { user } = renderForm({ kind: 'edit', product: rose });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to save product: Image is too large')).toBeInTheDocument();
  });

  it('closes with the Close button, Cancel and Escape', async () => {
    const { user, onClose } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Close the product form' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
