// Server rendering: the server bundle of a frontend (built beside its browser build, from the same
// components), and the list of the browser build's files that a server-rendered page links.
const path = require('node:path');
const { DefinePlugin, NormalModuleReplacementPlugin, optimize, sources } = require('webpack');

/**
 * Loaded from the API process, which hands these to the bundle (api/src/web/pages/server-bundles.ts):
 * one React and one router for the shell's and the storefront's server code.
 */
const SERVER_EXTERNALS = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server', 'react-dom/static', 'react-router', 'react-router-dom'];

const SSR_ASSETS_FILE = 'ssr-assets.json';

/**
 * Writes ssr-assets.json: for every named chunk group of the browser build (the shell's `bootstrap`,
 * the storefront's `screen-*` and its exposed routes), the stylesheets the browser loads with it, in
 * the order it loads them. The host's groups also list those of the shared libraries they take from
 * its own build (the shell provides @thalir/ui and its styles; a remote uses the host's). A
 * server-rendered page links exactly these files, so the browser finds them already there
 * (mini-css-extract looks for the link) and fetches nothing twice. `fonts`: the font files a page in
 * each language preloads, so its text has its font before the first paint instead of moving when it comes.
 */
class SsrAssetsPlugin {
  /** `languageFonts`: for each page language, the pattern of the font files its pages preload; the host lists them, as it styles every page. */
  constructor({ isHost, languageFonts }) {
    this.isHost = isHost;
    this.languageFonts = languageFonts;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SsrAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SsrAssetsPlugin', stage: compilation.constructor.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const { chunkGraph } = compilation;
        const filesOf = (group, extension) => group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith(extension)));
        const providerGroups = new Map();
        for (const module of compilation.modules) {
          if (!this.isHost || module.constructor.name !== 'ProvideSharedModule' || module.blocks.length === 0) continue;
          const group = chunkGraph.getBlockChunkGroup(module.blocks[0]);
          if (group) providerGroups.set(module._name, group);
        }
        const chunkGroups = {};
        for (const group of compilation.chunkGroups) {
          if (!group.name) continue;
          const consumed = new Set();
          for (const chunk of group.chunks) {
            for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
              if (module.constructor.name === 'ConsumeSharedModule') consumed.add(module.options.shareKey);
            }
          }
          const sharedCss = [...consumed].flatMap((key) => (providerGroups.has(key) ? filesOf(providerGroups.get(key), '.css') : []));
          chunkGroups[group.name] = { css: [...new Set([...filesOf(group, '.css'), ...sharedCss])], js: filesOf(group, '.js') };
        }
        const assetNames = Object.keys(compilation.assets);
        const fonts = this.isHost
          ? Object.fromEntries(Object.entries(this.languageFonts).map(([language, pattern]) => [language, assetNames.filter((name) => pattern.test(name))]))
          : {};
        compilation.emitAsset(SSR_ASSETS_FILE, new sources.RawSource(JSON.stringify({ chunkGroups, fonts }, null, 2)));
      });
    });
  }
}

/**
 * The server bundle: one CommonJS file (lazy screens included, so rendering never waits for a
 * download), styles left out (the page links the browser build's), React and the router external.
 */
function serverConfig({ project, production, projectRoot, outputDir, resolve, rules, buildId }) {
  return {
    name: `${project}-server`,
    mode: production ? 'production' : 'development',
    target: 'node20',
    context: projectRoot,
    entry: { [project.replace(/-mfe$/, '')]: './src/server.tsx' },
    devtool: 'source-map',
    // Into the browser build's folder (server/), so a build redirected with --output-path keeps the
    // two together; the browser build's clean step leaves server/ alone, and these names never change.
    output: {
      path: outputDir,
      filename: 'server/[name].server.js',
      library: { type: 'commonjs2' },
      clean: false,
    },
    externals: SERVER_EXTERNALS,
    externalsType: 'commonjs',
    resolve,
    module: { rules },
    plugins: [
      new NormalModuleReplacementPlugin(/\.css$/, path.join(__dirname, 'empty-module.js')),
      new optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new DefinePlugin({ __BUILD_ID__: JSON.stringify(buildId) }),
    ],
    // Readable stack traces in the API's logs; the file is read once per process.
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { serverConfig, SsrAssetsPlugin, SSR_ASSETS_FILE };
