import { createContext, useContext, useEffect } from 'react';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@thalir/contracts';

/**
 * The API answers a server-rendered page was made from, so the browser's first render shows the
 * same thing without asking again. On the server the renderer provides them; in the browser they
 * come from the page's JSON script, and each one serves only the first screen that asks for it.
 */
const ServerPageData = createContext<PageData | null>(null);

export const PageDataProvider = ServerPageData.Provider;

/** The page's script, parsed once (per script element: a test may put a new one in). */
let embedded: { script: Element | null; data: PageData } | null = null;

function embeddedPageData(): PageData {
  const script = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (embedded?.script === script) return embedded.data;
  let data: PageData = {};
  try {
    if (script?.textContent) data = JSON.parse(script.textContent) as PageData;
  } catch {
    // A damaged script only costs the requests it would have saved.
  }
  embedded = { script, data };
  return data;
}

/**
 * The answer the page was rendered with for `path` (an API path with its query), if any. Once the
 * screen has mounted it is forgotten: a later visit to the same screen fetches fresh data.
 */
export function usePageData<T>(path: string): T | undefined {
  const provided = useContext(ServerPageData);
  const data = provided ?? embeddedPageData();
  useEffect(() => {
    if (!provided) delete embeddedPageData()[path];
  }, [provided, path]);
  return data[path] as T | undefined;
}
