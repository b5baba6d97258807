import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry, AuditPage } from '@thalir/contracts';
import { jsonAnswer, mockApi, type ApiCall } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from '../../../testing/render-admin';

const ORDER_ID = '0b8f1c2e-aaaa-4bbb-8ccc-00000000abc1';

function entry(id: string, extra: Partial<AuditEntry>): AuditEntry {
  return {
    _id: id,
    at: '2026-11-26T12:05:00.000Z',
    actor: { _id: 'u-meera', email: 'meera@thalir.in', role: 'catalog' },
    action: 'product.update',
    entity: 'product',
    entityId: 'prod-rose',
    before: null,
    after: null,
    clientAddress: '203.0.113.7',
    ...extra,
  };
}

const priceChange = entry('a1', {
  before: { price: 450, name: 'Red Rose', tags: ['rose'] },
  after: { price: 500, name: 'Red Rose', tags: ['rose', 'red'] },
});
const orderMove = entry('a2', {
  at: '2026-11-25T20:10:00.000Z',
  actor: { _id: 'u-owner', email: 'owner@thalir.in', role: 'admin' },
  action: 'order.status',
  entity: 'order',
  entityId: ORDER_ID,
  before: { status: 'pending' },
  after: { status: 'processing' },
});
const signIn = entry('a3', { action: 'staff.sign-in', entity: 'session', entityId: null, clientAddress: '198.51.100.20' });
const failedSignIn = entry('a4', {
  actor: { _id: null, email: 'guess@thalir.in', role: 'customer' },
  action: 'staff.sign-in-failed',
  entity: 'session',
  entityId: null,
});
const offerCreated = entry('a5', { action: 'offer.create', entity: 'offer', entityId: 'offer-diwali', after: { name: 'Diwali 10%', percent: 10, code: null } });
const productDeleted = entry('a6', { action: 'product.delete', entityId: 'prod-fern', before: { name: 'Fern', price: 40 } });
const shopRelease = entry('a7', {
  actor: null,
  action: 'release.promote',
  entity: 'release',
  entityId: 'rel-7',
  clientAddress: null,
  after: { current: 'r7' },
});

const ENTRIES = [priceChange, orderMove, signIn, failedSignIn, offerCreated, productDeleted, shopRelease];

function auditPage(entries: AuditEntry[], extra: Partial<AuditPage> = {}): AuditPage {
  return { entries, total: entries.length, page: 1, limit: 50, ...extra };
}

const queryOf = (call: ApiCall) => Object.fromEntries(new URL(call.url, 'http://shop.test').searchParams);

beforeEach(() => signInAs('admin'));

describe('/admin/audit', () => {
  it('lists the entries: when in India time, who and their role, the action in words, what and the client address', async () => {
    const { callsTo } = mockApi({ 'GET /api/admin/audit': () => jsonAnswer(auditPage(ENTRIES)) });
    renderAdmin('/admin/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();

    const row = (action: string) => within(screen.getByRole('rowheader', { name: action }).closest('tr')!);
    expect(await screen.findByRole('rowheader', { name: 'Changed product' })).toBeInTheDocument();
    const changed = row('Changed product');
    expect(changed.getByText('Thu, 26 Nov 2026, 5:35 pm')).toHaveAttribute('datetime', '2026-11-26T12:05:00.000Z');
    expect(changed.getByText('meera@thalir.in')).toBeInTheDocument();
    expect(changed.getByText('Catalogue')).toBeInTheDocument();
    expect(changed.getByText('Product')).toBeInTheDocument();
    expect(changed.getByText('prod-rose')).toBeInTheDocument();
    expect(changed.getByText('203.0.113.7')).toBeInTheDocument();

    // 20:10 UTC is past midnight in India: the next day.
    const moved = row('Moved order');
    expect(moved.getByText('Thu, 26 Nov 2026, 1:40 am')).toBeInTheDocument();
    expect(moved.getByText('owner@thalir.in')).toBeInTheDocument();
    expect(moved.getByText('Admin')).toBeInTheDocument();
    expect(moved.getByRole('link', { name: '#00ABC1' })).toHaveAttribute('href', `/order/${ORDER_ID}`);

    expect(row('Signed in').getByText('198.51.100.20')).toBeInTheDocument();
    expect(row('Signed in').queryByRole('button')).not.toBeInTheDocument();
    expect(row('Failed sign-in').getByText('guess@thalir.in')).toBeInTheDocument();
    expect(row('Created offer').getByText('offer-diwali')).toBeInTheDocument();
    expect(row('Deleted product').getByText('prod-fern')).toBeInTheDocument();
    const release = row('Promoted release');
    expect(release.getByText('The shop')).toBeInTheDocument();
    expect(release.getByText('System')).toBeInTheDocument();
    expect(release.getByText('—')).toBeInTheDocument();

    expect(queryOf(callsTo('GET', '/api/admin/audit')[0])).toEqual({ page: '1', limit: '50' });
    expect(screen.getByText('Showing 1–7 of 7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('sends the filters: part of an email, the entity, and the India dates, going back to page 1', async () => {
    const { callsTo } = mockApi({ 'GET /api/admin/audit': () => jsonAnswer(auditPage([priceChange], { total: 120, page: 2 })) });
    const user = userEvent.setup();
    renderAdmin('/admin/audit?page=2');
    await screen.findByRole('rowheader', { name: 'Changed product' });
    expect(queryOf(callsTo('GET', '/api/admin/audit')[0])).toEqual({ page: '2', limit: '50' });

    const entity = screen.getByLabelText('What');
    expect(
      within(entity)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Everything',
      'Product',
      'Order',
      'Refund',
      'Offer',
      'Delivery settings',
      'Release',
      'Staff account',
      'Staff invitation',
      'Sign-in',
      'Subscription plan',
      'Subscription',
    ]);
    await user.selectOptions(entity, 'Delivery settings');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/audit\?entity=delivery-charges$/));
    fireEvent.change(screen.getByLabelText('From (India date)'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To (India date)'), { target: { value: '2026-11-30' } });
    await user.type(screen.getByLabelText('Person'), 'meera');

    await waitFor(() =>
      expect(queryOf(callsTo('GET', '/api/admin/audit').at(-1)!)).toEqual({
        actor: 'meera',
        entity: 'delivery-charges',
        from: '2026-11-01',
        to: '2026-11-30',
        page: '1',
        limit: '50',
      }),
    );
    expect(screen.getByLabelText('From (India date)')).toHaveAttribute('max', '2026-11-30');
    expect(screen.getByLabelText('To (India date)')).toHaveAttribute('min', '2026-11-01');
    // One request per settled search, not one per key.
    expect(callsTo('GET', '/api/admin/audit').filter((call) => queryOf(call).actor)).toHaveLength(1);
  });

  it('reads the filters from the address and shows why the server refused them', async () => {
    const { callsTo } = mockApi({ 'GET /api/admin/audit': () => jsonAnswer({ success: false, message: '"from" must come before "to"' }, 400) });
    renderAdmin('/admin/audit?actor=owner&entity=order&from=2026-12-01&to=2026-11-01&page=3');
    expect(await screen.findByRole('alert')).toHaveTextContent('"from" must come before "to"');
    expect(queryOf(callsTo('GET', '/api/admin/audit')[0])).toEqual({
      actor: 'owner',
      entity: 'order',
      from: '2026-12-01',
      to: '2026-11-01',
      page: '3',
      limit: '50',
    });
    expect(screen.getByLabelText('Person')).toHaveValue('owner');
    expect(screen.getByLabelText('What')).toHaveValue('order');
  });

  it('pages with Previous and Next', async () => {
    const { callsTo } = mockApi({
      'GET /api/admin/audit': (call) => {
        const page = Number(queryOf(call).page);
        return jsonAnswer(auditPage([page === 1 ? priceChange : orderMove], { total: 230, page }));
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/audit?entity=product');
    await screen.findByRole('rowheader', { name: 'Changed product' });
    const pages = within(screen.getByRole('navigation', { name: 'Audit log pages' }));
    expect(pages.getByText('Page 1 of 5')).toBeInTheDocument();
    expect(pages.getByText('Showing 1–50 of 230')).toBeInTheDocument();
    expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(pages.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: 'Moved order' })).toBeInTheDocument();
    expect(pages.getByText('Page 2 of 5')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/audit?entity=product&page=2');
    expect(queryOf(callsTo('GET', '/api/admin/audit').at(-1)!)).toEqual({ entity: 'product', page: '2', limit: '50' });

    await user.click(pages.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('rowheader', { name: 'Changed product' })).toBeInTheDocument();
    expect(pages.getByText('Page 1 of 5')).toBeInTheDocument();
  });

  it('opens a row to show the fields that changed, before and after; created and deleted show one side', async () => {
    mockApi({ 'GET /api/admin/audit': () => jsonAnswer(auditPage(ENTRIES)) });
    const user = userEvent.setup();
    renderAdmin('/admin/audit');

    const show = await screen.findByRole('button', { name: 'Show change: Changed product prod-rose' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    const hide = screen.getByRole('button', { name: 'Hide change: Changed product prod-rose' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    const change = screen.getByRole('table', { name: 'Changed: Changed product prod-rose' });
    expect(hide).toHaveAttribute('aria-controls', change.closest('tr')!.id);
    const rows = within(change)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Field', 'Before', 'After'],
      ['price', '450', '500'],
      ['tags', '["rose"]', '["rose","red"]'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Show change: Moved order ' + ORDER_ID }));
    const moved = within(screen.getByRole('table', { name: `Changed: Moved order ${ORDER_ID}` }));
    expect(moved.getByRole('rowheader', { name: 'status' }).closest('tr')).toHaveTextContent('statuspendingprocessing');

    await user.click(screen.getByRole('button', { name: 'Show change: Created offer offer-diwali' }));
    const created = within(screen.getByRole('table', { name: 'Created: Created offer offer-diwali' }));
    expect(created.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Field', 'Value']);
    expect(created.getByRole('rowheader', { name: 'name' }).closest('tr')).toHaveTextContent('Diwali 10%');
    expect(created.getByRole('rowheader', { name: 'code' }).closest('tr')).toHaveTextContent('(none)');

    await user.click(screen.getByRole('button', { name: 'Show change: Deleted product prod-fern' }));
    const deleted = within(screen.getByRole('table', { name: 'Deleted: Deleted product prod-fern' }));
    expect(deleted.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Field', 'Value before']);
    expect(deleted.getByRole('rowheader', { name: 'price' }).closest('tr')).toHaveTextContent('40');

    await user.click(hide);
    expect(screen.queryByRole('table', { name: 'Changed: Changed product prod-rose' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show change: Changed product prod-rose' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('downloads the CSV of the current filters with the bearer token, and says why one is refused', async () => {
    const csv = new Blob(['at,actor,role,action,entity,entity_id,client_address,before,after\n'], { type: 'text/csv' });
    const { callsTo, answer } = mockApi({
      'GET /api/admin/audit': () => jsonAnswer(auditPage([orderMove])),
      'GET /api/admin/audit.csv': () => ({ body: csv }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/audit?actor=owner&entity=order&from=2026-11-01&to=2026-11-30');
    await screen.findByRole('rowheader', { name: 'Moved order' });

    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:audit'), revokeObjectURL: jest.fn() });
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['audit-log_2026-11-01_2026-11-30.csv']));
    const [download] = callsTo('GET', '/api/admin/audit.csv');
    expect(queryOf(download)).toEqual({ actor: 'owner', entity: 'order', from: '2026-11-01', to: '2026-11-30' });
    expect(download.authorization).toBe('Bearer test-token-admin');

    answer({ 'GET /api/admin/audit.csv': () => jsonAnswer({ success: false, message: 'Unknown entity' }, 400) });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown entity');
    expect(clicked).toHaveLength(1);
  });

  it('says when nothing matches the filters', async () => {
    mockApi({ 'GET /api/admin/audit': () => jsonAnswer(auditPage([])) });
    renderAdmin('/admin/audit?entity=refund');
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
  });
});
