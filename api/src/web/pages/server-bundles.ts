import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import type { ShellServerModule, StorefrontServerModule } from '@thalir/contracts';
import type { Language } from '@thalir/pages';
import type { FrontendDirs } from '../frontend-dirs';
import { PageTemplate } from './page-template';

/**
 * What the server bundles may import, given from the API's own node_modules: the shell's and the
 * storefront's server code share one React and one router (the bundles keep them external, see
 * tools/webpack/server-render.js), wherever the builds are deployed.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- loaded when a bundle asks, as require() gives them */
const SHARED_WITH_BUNDLES: Record<string, () => unknown> = {
  react: () => require('react'),
  'react/jsx-runtime': () => require('react/jsx-runtime'),
  'react-dom': () => require('react-dom'),
  'react-dom/server': () => require('react-dom/server'),
  'react-dom/static': () => require('react-dom/static'),
  'react-router': () => require('react-router'),
  'react-router-dom': () => require('react-router-dom'),
};
/* eslint-enable @typescript-eslint/no-require-imports */

function requireShared(id: string): unknown {
  const load = SHARED_WITH_BUNDLES[id];
  if (!load) throw new Error(`A server bundle asked for "${id}", which the API does not provide`);
  return load();
}

/** Runs a CommonJS server bundle with the API's copies of the shared packages; its default export. */
function loadBundle<T>(file: string): T {
  const code = readFileSync(file, 'utf8');
  const module = { exports: {} as { default?: T } };
  const run = runInThisContext(`(function (require, module, exports) {${code}\n})`, { filename: file }) as (...args: unknown[]) => void;
  run(requireShared, module, module.exports);
  if (!module.exports.default) throw new Error(`${file} has no default export`);
  return module.exports.default;
}

/**
 * ssr-assets.json of a browser build: the stylesheets of each named chunk group, and the fonts a page
 * in each language preloads (tools/webpack/server-render.js; builds from before fonts have none).
 */
interface SsrAssets {
  chunkGroups: Record<string, { css: string[]; js: string[] }>;
  fonts?: Partial<Record<Language, string[]>>;
}

/** One shell build and one storefront build, ready to render pages with. */
export class PageRenderers {
  constructor(
    readonly shell: ShellServerModule,
    readonly storefront: StorefrontServerModule,
    private readonly assets: { shell: BuildAssets; storefront: BuildAssets },
  ) {}

  /**
   * The stylesheets of a page drawn with these chunks, in the order the browser loads them: the
   * shell's start chunk (@thalir/ui's included), the storefront's routes, then each screen's.
   * `file` is the name the browser's chunk loader looks for (data-href).
   */
  stylesheets(chunks: { shell: string[]; storefront: string[] }): { href: string; file: string }[] {
    const { shell, storefront } = this.assets;
    return [
      ...shell.css('bootstrap'),
      ...storefront.css('__federation_expose_Routes'),
      ...chunks.shell.flatMap((chunk) => shell.css(chunk)),
      ...chunks.storefront.flatMap((chunk) => storefront.css(chunk)),
    ];
  }

  /** The addresses of the fonts a page in `language` preloads (the shell's, which styles every page). */
  fonts(language: Language): string[] {
    return this.assets.shell.fonts(language);
  }
}

/** One build's ssr-assets.json, with the address its files are served from. */
class BuildAssets {
  constructor(
    private readonly assets: SsrAssets,
    private readonly baseUrl: string,
  ) {}

  css(chunk: string): { href: string; file: string }[] {
    const group = this.assets.chunkGroups[chunk];
    if (!group) throw new Error(`The build at ${this.baseUrl} has no chunk named ${chunk}`);
    return group.css.map((file) => ({ href: this.baseUrl + file, file }));
  }

  fonts(language: Language): string[] {
    return (this.assets.fonts?.[language] ?? []).map((file) => this.baseUrl + file);
  }
}

const SHELL_BUNDLE = 'server/shell.server.js';
const STOREFRONT_BUNDLE = 'server/storefront.server.js';
const SSR_ASSETS = 'ssr-assets.json';

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** What pages are made with: the shell's page, and the server bundles when they can be used. */
export interface FrontendBuild {
  /** Tells builds apart (pages rendered with one are cached under it). */
  id: number;
  template: PageTemplate;
  /** Null while a server bundle is missing, or while the storefront is served from elsewhere: pages are then drawn in the browser. */
  renderers: PageRenderers | null;
}

/** The modification times of files, as one string: a change of any means a new build. */
const versionOf = (files: string[]) => files.map((file) => (existsSync(file) ? `${file}@${statSync(file).mtimeMs}` : `${file}@-`)).join('|');

/**
 * The builds currently in the frontend folders (frontendDir), loaded once and again whenever a
 * build replaces them (`npm run dev` rebuilds in place; a release points at another folder).
 */
export class ServerBundles {
  private loaded: { version: string; build: FrontendBuild | null } | null = null;
  private loads = 0;

  constructor(private readonly frontends: FrontendDirs) {}

  /** Null while the shell is not built (or built without the page-head comments the server fills). */
  current(): FrontendBuild | null {
    const shellDir = this.frontends.frontendDir('shell');
    const storefrontDir = this.frontends.frontendDir('storefront-mfe');
    const bundleFiles = [join(shellDir, SHELL_BUNDLE), join(shellDir, SSR_ASSETS), join(storefrontDir, STOREFRONT_BUNDLE), join(storefrontDir, SSR_ASSETS)];
    const version = versionOf([join(shellDir, 'index.html'), ...bundleFiles]);
    if (this.loaded?.version !== version) this.loaded = { version, build: this.load(shellDir, storefrontDir, bundleFiles) };
    return this.loaded.build;
  }

  private load(shellDir: string, storefrontDir: string, bundleFiles: string[]): FrontendBuild | null {
    const index = join(shellDir, 'index.html');
    if (!existsSync(index)) return null;
    const template = PageTemplate.parse(readFileSync(index, 'utf8'));
    if (!template) return null;
    const usable = bundleFiles.every((file) => existsSync(file)) && this.frontends.servedFromFrontendDir('storefront-mfe');
    this.loads += 1;
    return { id: this.loads, template, renderers: usable ? this.loadRenderers(shellDir, storefrontDir) : null };
  }

  private loadRenderers(shellDir: string, storefrontDir: string): PageRenderers {
    return new PageRenderers(
      loadBundle<ShellServerModule>(join(shellDir, SHELL_BUNDLE)),
      loadBundle<StorefrontServerModule>(join(storefrontDir, STOREFRONT_BUNDLE)),
      {
        shell: new BuildAssets(readJson<SsrAssets>(join(shellDir, SSR_ASSETS)), this.frontends.frontendBaseUrl('shell')),
        storefront: new BuildAssets(readJson<SsrAssets>(join(storefrontDir, SSR_ASSETS)), this.frontends.frontendBaseUrl('storefront-mfe')),
      },
    );
  }
}
