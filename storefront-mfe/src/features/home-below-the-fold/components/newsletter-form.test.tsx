import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonAnswer, mockApi, networkFailure } from '@thalir/api-client/testing';
import { NewsletterForm } from './newsletter-form';

async function subscribe(email: string) {
  const user = userEvent.setup();
  render(<NewsletterForm title="Harvest notes" description="News from the greenhouses." />);
  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('NewsletterForm', () => {
  it('has a labelled, required email field', () => {
    render(<NewsletterForm title="Harvest notes" description="News." />);
    const email = screen.getByLabelText('Email address');
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
  });

  it('posts itself to the API without JavaScript, and is kept to be sent by the app when sent before it took over', () => {
    render(<NewsletterForm title="Harvest notes" description="News." />);
    const form = screen.getByRole('form', { name: 'Harvest notes' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/newsletter');
    expect(form).toHaveAttribute('data-replay', '');
  });

  it("subscribes and shows the server's message", async () => {
    const { calls } = mockApi({ 'POST /api/newsletter': () => jsonAnswer({ message: 'You are subscribed. Welcome!' }, 201) });
    await subscribe('asha@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent('You are subscribed. Welcome!');
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/newsletter', body: { email: 'asha@example.com' } });
    expect(screen.getByLabelText('Email address')).toHaveValue('');
  });

  it("shows the server's error message", async () => {
    mockApi({ 'POST /api/newsletter': () => jsonAnswer({ success: false, message: 'Please enter a valid email address' }, 400) });
    await subscribe('asha@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(screen.getByLabelText('Email address')).toHaveValue('asha@example.com');
  });

  it('falls back to a clear message when the server gives none', async () => {
    mockApi({ 'POST /api/newsletter': networkFailure });
    await subscribe('asha@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(/please check your connection|Could not subscribe/i);
  });
});
