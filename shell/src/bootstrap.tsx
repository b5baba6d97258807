import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

export function renderApp(): void {
  // A transition lets React build the first page in short slices instead of one long task,
  // so the main thread stays responsive while it does.
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
