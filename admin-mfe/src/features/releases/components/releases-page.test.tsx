import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FrontendAppReleases, FrontendRelease } from '@thalir/contracts';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from '../../../testing/render-admin';

const release = (name: string, overrides: Partial<FrontendRelease> = {}): FrontendRelease => ({
  app: 'storefront-mfe',
  release: name,
  version: '1.0.0',
  gitCommit: '0123456789abcdef',
  gitDirty: false,
  builtAt: '2026-11-20T10:00:00.000Z',
  publishedAt: '2026-11-20T10:05:00.000Z',
  sharedLibraries: {},
  live: false,
  unmet: [],
  ...overrides,
});

function apps(storefront: Partial<FrontendAppReleases>): { apps: FrontendAppReleases[] } {
  return {
    apps: [
      { app: 'shell', live: null, releases: [], history: [] },
      { app: 'storefront-mfe', live: null, releases: [], history: [], ...storefront },
      { app: 'admin-mfe', live: null, releases: [], history: [] },
    ],
  };
}

beforeEach(() => signInAs('admin'));

describe('/admin/releases', () => {
  it('shows what each frontend runs, makes a release live in one step, and lists browser reports', async () => {
    let live: string | null = '1.0.0-aaaaaaaaaaaa';
    const { callsTo } = mockApi({
      'GET /api/admin/releases': () =>
        jsonAnswer(
          apps({
            live,
            previous: null,
            releases: [
              release('1.0.1-bbbbbbbbbbbb', { live: live === '1.0.1-bbbbbbbbbbbb' }),
              release('1.0.0-aaaaaaaaaaaa', { live: live === '1.0.0-aaaaaaaaaaaa' }),
            ],
          }),
        ),
      'PUT /api/admin/releases/storefront-mfe': (call) => {
        live = (call.body as { release: string }).release;
        return jsonAnswer({});
      },
      'GET /api/admin/client-errors': () =>
        jsonAnswer([
          {
            _id: 'e1',
            kind: 'shared-library-mismatch',
            app: 'storefront_mfe',
            message: 'storefront_mfe: it needs @thalir/cart ^2.0.0, and this page has 1.0.0',
            page: '/cart',
            details: null,
            userAgent: null,
            createdAt: '2026-11-21T08:00:00.000Z',
          },
        ]),
    });
    renderAdmin('/admin/releases');
    expect(await screen.findByTestId('live-storefront-mfe')).toHaveTextContent('1.0.0-aaaaaaaaaaaa');
    expect(screen.getByTestId('live-shell')).toHaveTextContent('the server’s build');
    expect(await screen.findByText('storefront_mfe: it needs @thalir/cart ^2.0.0, and this page has 1.0.0')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Make live 1.0.1-bbbbbbbbbbbb' }));
    await waitFor(() => expect(screen.getByTestId('live-storefront-mfe')).toHaveTextContent('1.0.1-bbbbbbbbbbbb'));
    expect(callsTo('PUT', '/api/admin/releases/storefront-mfe')[0].body).toEqual({ release: '1.0.1-bbbbbbbbbbbb' });
  });

  it('names the mismatch of a refused release and makes it live anyway only when asked', async () => {
    const refusal = 'storefront-mfe needs @thalir/cart ^2.0.0, and the shell has 1.0.0';
    const puts: unknown[] = [];
    mockApi({
      'GET /api/admin/releases': () => jsonAnswer(apps({ live: null, releases: [release('2.0.0-cccccccccccc', { unmet: [refusal] })] })),
      'PUT /api/admin/releases/storefront-mfe': (call) => {
        puts.push(call.body);
        return (call.body as { force?: boolean }).force
          ? jsonAnswer({})
          : jsonAnswer({ message: `2.0.0-cccccccccccc of storefront-mfe does not fit the live frontends: ${refusal}.` }, 409);
      },
      'GET /api/admin/client-errors': () => jsonAnswer([]),
    });
    renderAdmin('/admin/releases');
    const row = (await screen.findByText('2.0.0-cccccccccccc', { selector: 'code' })).closest('tr')!;
    expect(within(row).getByText(refusal)).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Make live 2.0.0-cccccccccccc' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('does not fit the live frontends');
    await userEvent.click(screen.getByRole('button', { name: 'Make live anyway' }));
    await waitFor(() => expect(puts).toEqual([{ release: '2.0.0-cccccccccccc' }, { release: '2.0.0-cccccccccccc', force: true }]));
  });
});
