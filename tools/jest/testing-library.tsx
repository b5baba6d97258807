// @testing-library/react for the frontends' tests, its render drawing inside a LanguageProvider as the
// apps do (English unless the test names a language), so components can use Lingui's macros.
import type { ComponentType, ReactNode } from 'react';
import * as testingLibrary from '@testing-library/react/dist/index.js';
import type { Language } from '@thalir/pages';
import { LanguageProvider } from '@thalir/ui';

export * from '@testing-library/react/dist/index.js';

// findBy… and waitFor give a screen five seconds, not one: on a machine busy with a build beside the
// tests, the checkout's summary once took longer than a second to appear.
testingLibrary.configure({ asyncUtilTimeout: 5_000 });

type RenderOptions = NonNullable<Parameters<typeof testingLibrary.render>[1]> & { language?: Language };

function inLanguage(language: Language, Wrapper?: ComponentType<{ children: ReactNode }>) {
  return function LanguageWrapper({ children }: { children: ReactNode }) {
    return <LanguageProvider language={language}>{Wrapper ? <Wrapper>{children}</Wrapper> : children}</LanguageProvider>;
  };
}

export function render(ui: Parameters<typeof testingLibrary.render>[0], { language = 'en', wrapper, ...options }: RenderOptions = {}) {
  return testingLibrary.render(ui, { ...options, wrapper: inLanguage(language, wrapper as ComponentType<{ children: ReactNode }> | undefined) });
}

export function renderHook<Result, Props>(hook: (props: Props) => Result, { wrapper, ...options }: testingLibrary.RenderHookOptions<Props> = {}) {
  return testingLibrary.renderHook(hook, { ...options, wrapper: inLanguage('en', wrapper as ComponentType<{ children: ReactNode }> | undefined) });
}
