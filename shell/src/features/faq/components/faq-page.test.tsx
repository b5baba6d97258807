import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import FaqPage from './faq-page';

const renderFaq = () =>
  render(
    <MemoryRouter>
      <FaqPage />
    </MemoryRouter>,
  );

describe('FaqPage', () => {
  it('covers delivery, freshness, payments, returns and export enquiries, each reachable from the topic list', () => {
    renderFaq();
    expect(screen.getByRole('heading', { level: 1, name: 'Questions and answers' })).toBeInTheDocument();
    const topics = within(screen.getByRole('navigation', { name: 'FAQ topics' })).getAllByRole('link');
    expect(topics.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Delivery', '#delivery'],
      ['Freshness', '#freshness'],
      ['Payments', '#payments'],
      ['Returns and problems', '#returns'],
      ['Export enquiries', '#export'],
    ]);
    for (const [id, title] of [
      ['delivery', 'Delivery'],
      ['freshness', 'Freshness'],
      ['payments', 'Payments'],
      ['returns', 'Returns and problems'],
      ['export', 'Export enquiries'],
    ]) {
      const section = screen.getByRole('region', { name: title });
      expect(section).toHaveAttribute('id', id);
      expect(within(section).getAllByRole('group').length).toBeGreaterThan(0);
    }
  });

  it("tells the company's facts: export reach, payment options and how to get in touch", () => {
    renderFaq();
    const page = document.body.textContent ?? '';
    expect(page).toContain('45+ countries, among them Australia, Singapore and Malaysia');
    expect(page).toContain('More than 120 varieties');
    expect(page).toContain('Cash on Delivery');
    expect(page).toContain('Mon–Sat 9:00 AM – 6:30 PM');
    expect(screen.getAllByRole('link', { name: 'hello@thalirblooms.example' })[0]).toHaveAttribute('href', 'mailto:hello@thalirblooms.example');
    expect(screen.getAllByRole('link', { name: 'contact form' })[0]).toHaveAttribute('href', '/contact');
  });

  it('opens an answer when its question is chosen', async () => {
    renderFaq();
    const question = screen.getByText('How can I pay?');
    const details = question.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await userEvent.setup().click(question);
    expect(details).toHaveAttribute('open');
  });
});
