import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { STORAGE_KEYS } from '@thalir/contracts';
import AdminRoutes from '../routes';

export function signInAs(role: 'admin' | 'customer') {
  localStorage.setItem(STORAGE_KEYS.token, `test-token-${role}`);
  localStorage.setItem(STORAGE_KEYS.role, role);
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The admin remote mounted as the shell mounts it (/admin/*), with a stand-in home page. */
export function renderAdmin(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<AdminRoutes />} />
        <Route path="/" element={<p>Shop home</p>} />
        <Route path="/order/:id" element={<p>Order details page</p>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}
