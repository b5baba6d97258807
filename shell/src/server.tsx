// The shell's server bundle (dist/shell/server/): renders a page with the same header, footer and
// routes as the browser code, the storefront's screens coming from the storefront's server bundle.
import { StrictMode, type ComponentType } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { PageData, RenderedPage, ShellServerModule, StorefrontServerModule } from '@thalir/contracts';
import { languageBasename, splitLanguage } from '@thalir/pages';
import { LanguageProvider, loadMessages } from '@thalir/ui';
import { Layout, RenderedShellScreens } from './app/app';
import { shellMessages } from './app/messages';
import { ServerRemotes } from './remotes/remote-routes';

type StorefrontServerRoutes = ComponentType<{ pageData: PageData; screens: Set<string> }>;

/**
 * React puts what a page hoists into the head (its <title>, image preloads) ahead of the markup when
 * the root is not <html>: they are taken off here and handed to the API, which writes the head.
 */
const HOISTED = /^(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*>)+/;
const TITLE = /<title>([^<]*)<\/title>/;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };
const decodeText = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity]);

/** The header's and footer's messages in every language, added once. */
let shellMessagesLoaded: Promise<void> | null = null;

async function renderPage({
  url,
  pageData,
  storefront,
  onError,
}: {
  url: string;
  pageData: PageData;
  storefront: StorefrontServerModule;
  onError?: (error: unknown) => void;
}): Promise<RenderedPage> {
  await (shellMessagesLoaded ??= loadMessages(shellMessages));
  const { language } = splitLanguage(new URL(url, 'http://server.invalid').pathname);
  const shellScreens = new Set<string>();
  const storefrontScreens = new Set<string>();
  const StorefrontRoutes = storefront.ServerRoutes as StorefrontServerRoutes;
  const remotes = { storefront_mfe: () => <StorefrontRoutes pageData={pageData} screens={storefrontScreens} /> };
  // Waits for every lazily loaded part (the screens are in the server bundle, so no network is involved),
  // so the markup is complete: nothing is left for the browser to render in its place.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ServerRemotes value={remotes}>
        <RenderedShellScreens value={shellScreens}>
          <StaticRouter location={url} basename={languageBasename(language)}>
            <LanguageProvider language={language}>
              <Layout />
            </LanguageProvider>
          </StaticRouter>
        </RenderedShellScreens>
      </ServerRemotes>
    </StrictMode>,
    // One piece: no boundary is sent as a fallback to be swapped in by an inline script later.
    { onError, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let markup = '';
  for await (const chunk of prelude) markup += chunk;
  const hoisted = HOISTED.exec(markup)?.[0] ?? '';
  const title = TITLE.exec(hoisted)?.[1];
  return {
    html: markup.slice(hoisted.length),
    title: title === undefined ? null : decodeText(title),
    headTags: hoisted.replace(TITLE, ''),
    chunks: { shell: [...shellScreens], storefront: [...storefrontScreens] },
  };
}

export default { renderPage } satisfies ShellServerModule;
