import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

/** A fetch Response as the API client reads it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers({ 'content-type': 'application/json' }),
    json: async () => body,
  } as Response;
}

export function mockFetch(...responses: (Response | Error)[]): jest.Mock {
  const fetchMock = jest.fn();
  for (const response of responses) {
    if (response instanceof Error) fetchMock.mockRejectedValueOnce(response);
    else fetchMock.mockResolvedValueOnce(response);
  }
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The JSON body of the n-th call made through the mocked fetch. */
export function sentBody(fetchMock: jest.Mock, call = 0): unknown {
  return JSON.parse(fetchMock.mock.calls[call][1].body as string);
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * Renders `element` at `path` (matched by `pattern`), with every other path showing where the
 * router went, so redirects can be asserted.
 */
export function renderRoute(element: ReactElement, { path, pattern = path }: { path: string; pattern?: string }) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={element} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}
