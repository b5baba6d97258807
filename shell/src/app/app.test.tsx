import { render, screen } from '@testing-library/react';
import { App } from './app';

jest.mock('../remotes/remote-routes', () => ({
  RemoteRoutes: ({ remote }: { remote: string }) => <p>Routes of {remote}</p>,
}));

function renderAt(path: string) {
  window.history.pushState({}, '', path);
  return render(<App />);
}

describe('App routes', () => {
  it.each([
    ['/login', 'Login'],
    ['/register', 'Create your account'],
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password/some-token', 'Choose a new password'],
    ['/faq', 'Questions and answers'],
  ])('serves %s from the shell, not the storefront', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByText(/Routes of/)).not.toBeInTheDocument();
  });

  it('serves /profile from the shell (signed-out visitors land on login)', async () => {
    renderAt('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  it.each([
    ['/admin/dashboard', 'admin_mfe'],
    ['/orders', 'storefront_mfe'],
    ['/products', 'storefront_mfe'],
  ])('hands %s to the %s remote', (path, remote) => {
    renderAt(path);
    expect(screen.getByText(`Routes of ${remote}`)).toBeInTheDocument();
  });
});
