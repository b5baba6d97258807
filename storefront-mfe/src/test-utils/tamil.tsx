import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

/**
 * A Tamil page at `address` (under /ta): the router's basename is /ta, as the shell gives it. With
 * `route`, the page is drawn by a route of that path (below the basename), so it reads its params.
 */
export function renderInTamil(ui: ReactElement, address = '/ta/', route?: string) {
  return render(
    <MemoryRouter basename="/ta" initialEntries={[address]}>
      {route ? (
        <Routes>
          <Route path={route} element={ui} />
        </Routes>
      ) : (
        ui
      )}
    </MemoryRouter>,
    { language: 'ta' },
  );
}

/** The page's words in Latin letters, but for the brand: none are left on a Tamil page. */
export function englishWords(container: HTMLElement): string[] {
  const texts = [container.textContent ?? '', ...[...container.querySelectorAll('[aria-label]')].map((element) => element.getAttribute('aria-label') ?? '')];
  return texts.flatMap((text) => text.replace(/Thalir Blooms/g, '').match(/[A-Za-z]{2,}/g) ?? []);
}
