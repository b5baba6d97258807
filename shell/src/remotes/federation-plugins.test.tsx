import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { jsonAnswer, mockApi, type MockedApi } from '@thalir/api-client/testing';
import { remoteLoadTimeoutPlugin, sharedContractPlugin } from './federation-plugins';
import { setRemoteLoadTimeout } from './remote-load-timeout';
import { RemoteRoutes } from './remote-routes';

const loadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  ...jest.requireActual('@module-federation/enhanced/runtime'),
  loadRemote: (id: string) => loadRemote(id),
}));

/** The shell's share scope as the runtime keeps it: versions the shell registered, loaded. */
const shellScope = {
  '@thalir/cart': { '1.2.0': { from: 'shell', loaded: true } },
  '@thalir/auth': { '1.0.0': { from: 'shell', loaded: true } },
  '@thalir/ui': { '1.0.0': { from: 'shell', loaded: true } },
};

function registerShare(remote: string, pkgName: string, shareConfig: { singleton: boolean; requiredVersion: string | false }) {
  const plugin = sharedContractPlugin('shell', () => shellScope);
  const args = { origin: { name: remote }, pkgName, shared: { shareConfig } };
  return (plugin.beforeRegisterShare as unknown as (a: typeof args) => typeof args)(args);
}

describe('the shared-library contract between the shell and a remote', () => {
  let api: MockedApi;

  beforeEach(() => {
    loadRemote.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api = mockApi({ 'POST /api/client-errors': () => jsonAnswer({ message: 'Recorded' }, 201) });
  });

  it('lets a remote whose ranges the shell meets load its routes', async () => {
    registerShare('storefront_mfe', '@thalir/cart', { singleton: true, requiredVersion: '^1.1.0' });
    registerShare('storefront_mfe', '@thalir/auth', { singleton: true, requiredVersion: '^1.0.0' });
    loadRemote.mockResolvedValue({ default: () => <p>Storefront routes</p> });
    render(
      <MemoryRouter>
        <RemoteRoutes remote="storefront_mfe" />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Storefront routes')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('shows the fallback naming the mismatch, and reports it, for a remote built against a newer cart major', async () => {
    registerShare('admin_mfe', '@thalir/cart', { singleton: true, requiredVersion: '^2.0.0' });
    // A stateless library out of range is the runtime's business (the remote's own copy), not a mismatch.
    registerShare('admin_mfe', '@thalir/ui', { singleton: false, requiredVersion: '^3.0.0' });
    loadRemote.mockResolvedValue({ default: () => <p>Admin routes</p> });
    render(
      <MemoryRouter>
        <RemoteRoutes remote="admin_mfe" />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/does not fit this page: it needs @thalir\/cart \^2\.0\.0, and this page has 1\.2\.0/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('Admin routes')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0].url).toBe('/api/client-errors');
    expect(api.calls[0].body).toMatchObject({
      kind: 'shared-library-mismatch',
      app: 'admin_mfe',
      details: { library: '@thalir/cart', required: '^2.0.0', available: ['1.2.0'] },
    });
  });
});

describe('the remote entry time-out', () => {
  it('gives the runtime the configured time-out instead of its own 20 s', () => {
    setRemoteLoadTimeout(45_000);
    const plugin = remoteLoadTimeoutPlugin();
    expect((plugin.createScript as () => unknown)()).toEqual({ timeout: 45_000 });
  });
});
