import { screen, within } from '@testing-library/react';
import type { ContactMessage, NewsletterSubscriber } from '@thalir/contracts';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from '../../../testing/render-admin';

const older: ContactMessage = {
  _id: 'm1',
  name: 'Priya S',
  email: 'priya@example.com',
  message: 'Do you ship to Penang?',
  createdAt: '2026-03-01T09:00:00.000Z',
};
const newer: ContactMessage = {
  _id: 'm2',
  name: 'Tan Wei',
  email: 'wei@example.sg',
  message: 'Wholesale prices for 500 roses, please.',
  createdAt: '2026-03-05T09:00:00.000Z',
};
const subscribers: NewsletterSubscriber[] = [
  { _id: 's1', email: 'first@example.com', createdAt: '2026-01-02T00:00:00.000Z' },
  { _id: 's2', email: 'second@example.com', createdAt: '2026-02-02T00:00:00.000Z' },
];

beforeEach(() => signInAs('admin'));

describe('/admin/contact', () => {
  it('lists the submissions newest first with a mailto link, the message and the date', async () => {
    mockApi({
      'GET /api/contact': () => jsonAnswer([older, newer]),
      'GET /api/newsletter': () => jsonAnswer(subscribers),
    });
    renderAdmin('/admin/contact');
    const list = await screen.findByRole('list', { name: 'Contact messages, newest first' });
    const names = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Tan Wei', 'Priya S']);
    expect(screen.getByRole('link', { name: 'priya@example.com' })).toHaveAttribute('href', 'mailto:priya@example.com');
    expect(screen.getByText('Do you ship to Penang?')).toBeInTheDocument();
    expect(screen.getByText(/^1 Mar 2026/)).toBeInTheDocument();
  });

  it('lists newsletter subscribers with their date and the count', async () => {
    mockApi({
      'GET /api/contact': () => jsonAnswer([]),
      'GET /api/newsletter': () => jsonAnswer(subscribers),
    });
    renderAdmin('/admin/contact');
    expect(await screen.findByTestId('subscriber-count')).toHaveTextContent('2 subscribers');
    const table = screen.getByRole('table', { name: 'Newsletter subscribers, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['second@example.com', 'first@example.com']);
    expect(within(rows[0]).getByText('2 Feb 2026')).toBeInTheDocument();
  });

  it("shows 'No contact messages yet.' when there are none", async () => {
    mockApi({
      'GET /api/contact': () => jsonAnswer([]),
      'GET /api/newsletter': () => jsonAnswer([]),
    });
    renderAdmin('/admin/contact');
    expect(await screen.findByText('No contact messages yet.')).toBeInTheDocument();
    expect(await screen.findByText('No newsletter subscribers yet.')).toBeInTheDocument();
  });

  it("shows 'Failed to fetch contact submissions' when the list fails, and still shows the subscribers", async () => {
    mockApi({
      'GET /api/contact': () => jsonAnswer({ message: 'Forbidden' }, 403),
      'GET /api/newsletter': () => jsonAnswer(subscribers),
    });
    renderAdmin('/admin/contact');
    expect(await screen.findByText('Failed to fetch contact submissions')).toBeInTheDocument();
    expect(await screen.findByText('first@example.com')).toBeInTheDocument();
  });
});
