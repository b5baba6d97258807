import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OutboxMail } from '@thalir/contracts';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from '../../../testing/render-admin';

const sent: OutboxMail = {
  _id: 'e1',
  kind: 'order-placed',
  recipient: 'meena@example.com',
  subject: 'Your Thalir Blooms order 00ABC1 is placed',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-25T05:00:00.000Z',
  sentAt: '2026-11-25T05:00:02.000Z',
  nextAttemptAt: null,
};
const failed: OutboxMail = {
  _id: 'e2',
  kind: 'contact-ack',
  recipient: 'gone@example.com',
  subject: 'We got your message',
  status: 'failed',
  attempts: 1,
  lastError: '550 Mailbox gone@example.com does not exist',
  createdAt: '2026-11-25T06:00:00.000Z',
  sentAt: null,
  nextAttemptAt: null,
};

beforeEach(() => signInAs('admin'));

describe('/admin/emails', () => {
  it('lists the outbox with recipient, subject, status, tries and the last error', async () => {
    mockApi({ 'GET /api/admin/emails': () => jsonAnswer([failed, sent], 200, { 'X-Total-Count': '2' }) });
    renderAdmin('/admin/emails');
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('gone@example.com')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Failed')).toHaveClass('badge--red');
    expect(within(rows[0]).getByText('550 Mailbox gone@example.com does not exist')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Sent')).toHaveClass('badge--green');
    expect(within(rows[1]).getByText(/^Sent 25 Nov 2026/)).toBeInTheDocument();
    expect(within(rows[1]).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });

  it('retries a failed email and reloads the list', async () => {
    let current = failed;
    const { callsTo } = mockApi({
      'GET /api/admin/emails': () => jsonAnswer([current], 200, { 'X-Total-Count': '1' }),
      'POST /api/admin/emails/e2/retry': () => {
        current = { ...failed, status: 'pending', attempts: 0, lastError: null };
        return jsonAnswer(current);
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/emails');
    await user.click(await screen.findByRole('button', { name: 'Retry the email to gone@example.com: We got your message' }));
    expect(await screen.findByText('The email to gone@example.com will be sent again.')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(await within(table).findByText('Waiting')).toHaveClass('badge--yellow');
    expect(callsTo('POST', '/api/admin/emails/e2/retry')).toHaveLength(1);
  });

  it('filters by status through the address and pages 25 at a time', async () => {
    const { callsTo } = mockApi({ 'GET /api/admin/emails': () => jsonAnswer([failed], 200, { 'X-Total-Count': '30' }) });
    const user = userEvent.setup();
    renderAdmin('/admin/emails');
    await user.selectOptions(await screen.findByLabelText('Status'), 'failed');
    await waitFor(() => expect(callsTo('GET', '/api/admin/emails').at(-1)!.url).toBe('/api/admin/emails?page=1&limit=25&status=failed'));
    await user.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(callsTo('GET', '/api/admin/emails').at(-1)!.url).toBe('/api/admin/emails?page=2&limit=25&status=failed'));
  });

  it('says when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/admin/emails': () => ({ status: 500 }) });
    renderAdmin('/admin/emails');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the emails');
  });
});
