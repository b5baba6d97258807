import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import ContactPage from './contact-page';

async function fillAndSend() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name'), 'Meena');
  await user.type(screen.getByLabelText('Email'), 'meena@example.com');
  await user.type(screen.getByLabelText('Message'), 'Do you ship gerberas to Perth?');
  await user.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('ContactPage', () => {
  it('shows the address, phone, email and working hours', () => {
    render(<ContactPage />);
    expect(screen.getByText(/14 Rayakottai Road/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+91 4344 200 140' })).toHaveAttribute('href', 'tel:+914344200140');
    expect(screen.getByRole('link', { name: 'hello@thalirblooms.example' })).toBeInTheDocument();
    expect(screen.getByText('Mon–Sat 9:00 AM – 6:30 PM')).toBeInTheDocument();
  });

  it('requires name, email and message', () => {
    render(<ContactPage />);
    expect(screen.getByLabelText('Name')).toBeRequired();
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Message')).toBeRequired();
  });

  it('posts itself to the API without JavaScript, and is kept to be sent by the app when sent before it took over', () => {
    render(<ContactPage />);
    const form = screen.getByRole('form', { name: 'Send us a message' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/contact');
    expect(form).toHaveAttribute('data-replay', '');
    expect([...form.querySelectorAll('[name]')].map((field) => field.getAttribute('name'))).toEqual(['name', 'email', 'message']);
  });

  it("sends the message, says 'Message sent successfully!' and clears the form", async () => {
    const { calls } = mockApi({ 'POST /api/contact': () => jsonAnswer({ success: true, message: 'Thanks' }, 201) });
    render(<ContactPage />);
    await fillAndSend();
    expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/contact',
      body: { name: 'Meena', email: 'meena@example.com', message: 'Do you ship gerberas to Perth?' },
    });
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it("says 'Failed to send message. Try again.' and keeps what was typed", async () => {
    mockApi({ 'POST /api/contact': () => jsonAnswer({ success: false, message: 'Server unavailable' }, 503) });
    render(<ContactPage />);
    await fillAndSend();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message. Try again.');
    expect(screen.getByLabelText('Name')).toHaveValue('Meena');
  });
});
