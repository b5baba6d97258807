import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { STAFF_ROLE_PERMISSIONS, STORAGE_KEYS, type Permission, type Role, type UserPublic } from '@thalir/contracts';
import { AccessContext } from '../features/access';
import AdminRoutes from '../routes';

export function signInAs(role: Role) {
  localStorage.setItem(STORAGE_KEYS.token, `test-token-${role}`);
  localStorage.setItem(STORAGE_KEYS.role, role);
}

/** The signed-in person as GET /api/users/profile describes them: their stored role and its permissions. */
export function profileOf(role: Role, permissions: Permission[] = role === 'customer' ? [] : [...STAFF_ROLE_PERMISSIONS[role]]): UserPublic {
  return { _id: `user-${role}`, name: `Test ${role}`, email: `${role}@example.com`, address: '', role, permissions };
}

/**
 * For a screen rendered on its own, without AdminRoutes (which asks the API): gives `useAccess()` the
 * role's permissions, or the ones given.
 */
export function WithAccess({ role, permissions, children }: { role: Role; permissions?: Permission[]; children: ReactNode }) {
  const profile = profileOf(role, permissions);
  const granted = profile.permissions ?? [];
  const access = { userId: profile._id, role, permissions: granted, can: (permission: Permission) => granted.includes(permission) };
  return <AccessContext.Provider value={access}>{children}</AccessContext.Provider>;
}

export interface RenderAdminOptions {
  /** What the profile says the signed-in person may do; their role's permissions by default. */
  permissions?: Permission[];
  /** Leave GET /api/users/profile to the test's own mockApi routes (to test loading it, or its failures). */
  profileFromMockApi?: boolean;
}

const PROFILE = '/api/users/profile';
/** The fetch a test had before renderAdmin put the profile's answer in front of it, by the wrapper put there. */
const wrapped = new Map<typeof fetch, typeof fetch>();

// The next test starts from the fetch it sets up itself: the wrapper goes (if mock-api has not already put the real fetch back).
afterEach(() => {
  let current = globalThis.fetch;
  while (wrapped.has(current)) current = wrapped.get(current)!;
  globalThis.fetch = current;
  wrapped.clear();
});

/**
 * The back office first asks who is signed in (GET /api/users/profile, for their permissions). Screen
 * tests are about their screen: this answers that call for them, in front of whatever fetch the test set
 * up (mockApi), which never sees it, so their call lists and routes stay the screen's own.
 */
function answerProfile(permissions: Permission[] | undefined) {
  const role = (localStorage.getItem(STORAGE_KEYS.role) ?? 'customer') as Role;
  const profile = profileOf(role, permissions);
  const inner = globalThis.fetch;
  const wrapper = ((input: string | URL, init: RequestInit = {}) => {
    if (String(input) === PROFILE && (init.method ?? 'GET') === 'GET') {
      return Promise.resolve({
        ok: true,
        status: 200,
        headers: new Headers({ 'content-type': 'application/json' }),
        json: async () => profile,
      } as Response);
    }
    return inner(input, init);
  }) as typeof fetch;
  wrapped.set(wrapper, inner);
  globalThis.fetch = wrapper;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The admin remote mounted as the shell mounts it (/admin/*), with a stand-in home page. */
export function renderAdmin(path: string, { permissions, profileFromMockApi = false }: RenderAdminOptions = {}) {
  if (!profileFromMockApi) answerProfile(permissions);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<AdminRoutes />} />
        <Route path="/" element={<p>Shop home</p>} />
        <Route path="/order/:id" element={<p>Order details page</p>} />
        <Route path="/login" element={<p>Login page</p>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}
