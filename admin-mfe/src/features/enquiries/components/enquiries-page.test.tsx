import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Enquiry } from '@thalir/contracts';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from '../../../testing/render-admin';

const perth: Enquiry = {
  _id: 'q1',
  company: 'Perth Petals Pty Ltd',
  contactName: 'Olivia Chen',
  email: 'olivia@perthpetals.example',
  phone: '+61 8 9123 4567',
  country: 'AU',
  products: [{ _id: 'p1', name: 'Red Naomi Rose' }],
  quantity: 2400,
  frequency: 'weekly',
  targetMonth: '2027-02',
  message: 'Weekly boxes for two shops.',
  status: 'new',
  note: '',
  createdAt: '2026-11-25T05:00:00.000Z',
  updatedAt: '2026-11-25T05:00:00.000Z',
};

beforeEach(() => signInAs('admin'));

describe('/admin/enquiries', () => {
  it('shows what the buyer asked for', async () => {
    mockApi({ 'GET /api/admin/enquiries': () => jsonAnswer([perth], 200, { 'X-Total-Count': '1' }) });
    renderAdmin('/admin/enquiries');
    const card = within(await screen.findByRole('article', { name: 'Perth Petals Pty Ltd' }));
    expect(card.getByText('New', { selector: '.badge' })).toHaveClass('badge--yellow');
    expect(card.getByRole('link', { name: 'olivia@perthpetals.example' })).toHaveAttribute('href', 'mailto:olivia@perthpetals.example');
    expect(card.getByRole('link', { name: '+61 8 9123 4567' })).toHaveAttribute('href', 'tel:+61891234567');
    expect(card.getByText('Australia')).toBeInTheDocument();
    expect(card.getByText('Red Naomi Rose')).toBeInTheDocument();
    expect(card.getByText('2,400')).toBeInTheDocument();
    expect(card.getByText('Weekly boxes for two shops.')).toBeInTheDocument();
  });

  it('marks an enquiry quoted with a note, and reloads the list', async () => {
    let current = perth;
    const { callsTo } = mockApi({
      'GET /api/admin/enquiries': () => jsonAnswer([current], 200, { 'X-Total-Count': '1' }),
      'PATCH /api/admin/enquiries/q1': ({ body }) => {
        current = { ...perth, ...(body as object), updatedAt: '2026-11-25T06:00:00.000Z' };
        return jsonAnswer(current);
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/enquiries');
    const card = within(await screen.findByRole('article', { name: 'Perth Petals Pty Ltd' }));
    expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.selectOptions(card.getByLabelText('Status'), 'quoted');
    await user.type(card.getByLabelText('Internal note'), 'Sent the price list.');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Perth Petals Pty Ltd: saved as quoted.')).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/admin/enquiries/q1')[0].body).toEqual({ status: 'quoted', note: 'Sent the price list.' });
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'Perth Petals Pty Ltd' })).getByText('Quoted', { selector: '.badge' })).toHaveClass('badge--blue'),
    );
  });

  it('filters by status through the address', async () => {
    const { callsTo } = mockApi({ 'GET /api/admin/enquiries': () => jsonAnswer([], 200, { 'X-Total-Count': '0' }) });
    const user = userEvent.setup();
    renderAdmin('/admin/enquiries');
    await user.selectOptions(await screen.findByLabelText('Show'), 'won');
    await waitFor(() => expect(callsTo('GET', '/api/admin/enquiries').at(-1)!.url).toBe('/api/admin/enquiries?page=1&limit=20&status=won'));
    expect(await screen.findByText('No enquiries with this status.')).toBeInTheDocument();
  });
});
