import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Messages } from '@lingui/core';
import type { Language } from '@thalir/pages';
import { i18nFor } from '@thalir/ui';
import { App } from './app/app';

/** The shell's own messages (main.ts fetches them beside this module), added before the first render. */
export function loadShellMessages(language: Language, messages: Messages): void {
  i18nFor(language).load(language, messages);
}

export function renderApp(): void {
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A transition lets React do its first work in short slices instead of one long task, so the
  // main thread stays responsive while it does.
  startTransition(() => {
    // A page the server rendered is taken over in place: React attaches to the nodes that are there
    // (a focused link or a click in progress stays put), each part as soon as its code has arrived.
    if (container.hasChildNodes()) {
      hydrateRoot(container, app, { onRecoverableError: (error) => console.error('The page did not hydrate as sent', error) });
    } else {
      createRoot(container).render(app);
    }
  });
}
