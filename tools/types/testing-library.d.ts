// The frontends' tests render through tools/jest/testing-library.tsx, which draws in a language.
import '@testing-library/react';
import type { Language } from '@thalir/pages';

declare module '@testing-library/react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merged declaration repeats the type parameters
  interface RenderOptions<Q, Container, BaseElement> {
    /** The language the component draws in (English by default). */
    language?: Language;
  }
}
