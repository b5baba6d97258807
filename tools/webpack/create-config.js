// One webpack + Module Federation configuration for the shell and both remotes.
const { existsSync } = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { Compilation, DefinePlugin, sources, WebpackError } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { ProvideSharedInMainCompilationPlugin } = require('./provide-shared-in-main-compilation');
const { SharedContractPlugin, sharedLibraryModules } = require('./shared-contract');
const { devServer, fastRefreshPlugins, isDevServer } = require('./dev-server');
const { serverConfig, SsrAssetsPlugin } = require('./server-render');
const { MinifyCssPlugin } = require('./minify-css');
const { StartAppScriptPlugin } = require('./start-app-script');

const workspaceRoot = path.resolve(__dirname, '../..');

/** The swc plugin of Lingui's macros: descriptors keep their source message only outside production (tests and dev builds compile it at run time). */
const linguiMacros = (production) => ['@lingui/swc-plugin', { descriptorFields: production ? 'id-only' : 'message' }];

/** Workspace libraries, resolved from source (no separate build step). */
const LIBS = ['contracts', 'pages', 'auth', 'cart', 'api-client', 'ui'];
const libAliases = Object.fromEntries(LIBS.map((lib) => [`@thalir/${lib}`, path.join(workspaceRoot, 'libs', lib, 'src/index.ts')]));
/** Entry points besides a library's index (webpack's alias: exact matches, so the index's keeps working). */
const libEntryAliases = { '@thalir/contracts/countries$': path.join(workspaceRoot, 'libs/contracts/src/countries.ts') };

const LIB_VERSION = require(path.join(workspaceRoot, 'package.json')).version;

/** The fonts a server-drawn page in each language preloads: Tamil's (libs/ui/src/styles/base.css), 22 KB. */
const LANGUAGE_FONTS = { ta: /(^|\/)noto-sans-tamil\.[0-9a-f]+\.woff2$/ };

/** The declarative part of React Router, shared in place of the whole package (see the file). */
const SHARED_ROUTER = path.join(__dirname, 'shared-router.mjs');

/**
 * Shared singletons: one React, one router and one copy of every library holding state
 * (auth, cart) on the page, whichever bundle loads first. The workspace libraries carry their own
 * versions and ranges (shared-contract.js).
 */
function sharedModules() {
  const deps = require(path.join(workspaceRoot, 'package.json')).dependencies;
  const singleton = (name, version = deps[name]) => ({ singleton: true, requiredVersion: version, version: version.replace(/^[^\d]*/, '') });
  return {
    react: singleton('react'),
    'react/jsx-runtime': singleton('react', deps.react),
    'react-dom': singleton('react-dom'),
    'react-dom/client': singleton('react-dom', deps['react-dom']),
    // Both names are the same module: react-router-dom 7 only re-exports react-router.
    'react-router': { ...singleton('react-router'), import: SHARED_ROUTER },
    'react-router-dom': { ...singleton('react-router-dom'), import: SHARED_ROUTER },
    // One Lingui: the shell's language context reaches the remotes' screens (docs/tamil.md).
    '@lingui/core': singleton('@lingui/core'),
    '@lingui/react': singleton('@lingui/react'),
    // Development builds (npm run dev) compile JSX to this one.
    'react/jsx-dev-runtime': singleton('react', deps.react),
    ...sharedLibraryModules(libAliases),
  };
}

/**
 * The shell's shared modules that every page needs at start, except React DOM's client (its 60 KB
 * stay a file of their own, so that no one script's evaluation grows into a long task): React, the
 * JSX runtime, react-dom's entry, the router and the workspace libraries (with the contracts they
 * use), in one file instead of nine. Fewer requests and script tasks on the first load, and 3.6 KB
 * less gzip on every page. Only the files change: each module is still its own shared entry, as the
 * remotes expect. The remotes keep webpack's default: their copies load only when the shell's do not
 * fit, and their screens must not wait for a file of copies they do not use.
 */
const SHARED_LIBRARIES_CHUNK = {
  test: /[\\/](libs[\\/](auth|cart|ui|api-client|contracts)[\\/]src|node_modules[\\/](react|react-router|@lingui[\\/](core|react|message-utils))[\\/]|node_modules[\\/]react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)|tools[\\/]webpack[\\/]shared-router\.mjs)/,
  chunks: 'async',
  name: 'shared-libraries',
  enforce: true,
};

/**
 * Scripts minified by swc instead of webpack's default, Terser, with the same two compress passes:
 * a production build takes about half the CPU, and the output is no larger (docs/testing.md).
 */
const minifyScripts = () => new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 } } });

/**
 * Brotli (quality 11) and gzip (level 9) copies of the text assets, next to them. The API serves them
 * as they are (@fastify/static `preCompressed`): about a sixth smaller than compressing each response
 * on the fly at the fast settings a server can afford, and no CPU spent per request. Not in watch
 * mode (npm run dev): each rebuild would spend seconds on it, and the API compresses on the fly.
 */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      if (compiler.watchMode) return;
      compilation.hooks.processAssets.tap({ name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, (assets) => {
        for (const [name, source] of Object.entries(assets)) {
          if (!/\.(js|css|html|json|svg)$/.test(name)) continue;
          const content = source.buffer();
          if (content.length < 1024) continue;
          const brotli = zlib.brotliCompressSync(content, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          });
          compilation.emitAsset(`${name}.br`, new sources.RawSource(brotli));
          compilation.emitAsset(`${name}.gz`, new sources.RawSource(zlib.gzipSync(content, { level: 9 })));
        }
      });
    });
  }
}

/** Fails the build when code imports from react-router(-dom) a name that SHARED_ROUTER does not provide. */
class SharedRouterNamesPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('SharedRouterNamesPlugin', (compilation) => {
      // After webpack's own finishModules work, which determines each module's exports.
      compilation.hooks.finishModules.tap({ name: 'SharedRouterNamesPlugin', stage: 100 }, (modules) => {
        const sharedRouter = [...modules].find((module) => module.resource === SHARED_ROUTER);
        const provided = sharedRouter && compilation.moduleGraph.getExportsInfo(sharedRouter).getProvidedExports();
        if (!Array.isArray(provided)) return;
        for (const module of modules) {
          for (const dependency of module.dependencies) {
            if (!/^react-router(-dom)?$/.test(dependency.request ?? '') || !Array.isArray(dependency.ids)) continue;
            const name = dependency.ids[0];
            if (name !== undefined && provided.includes(name)) continue;
            const error = new WebpackError(
              name === undefined
                ? `Import named exports from ${dependency.request}: only the names in tools/webpack/shared-router.mjs are shared.`
                : `'${name}' from ${dependency.request} is not in the shared router: add it to tools/webpack/shared-router.mjs.`,
            );
            error.module = module;
            error.loc = dependency.loc;
            compilation.errors.push(error);
          }
        }
      });
    });
  }
}

/**
 * The host's index.html, which names beside main.js the start script (shell/src/start-app.js) that
 * a page the server has drawn loads instead, so that its code starts once the page has been painted.
 */
function hostPagePlugins(projectRoot, production) {
  const startApp = new StartAppScriptPlugin(path.join(projectRoot, 'src/start-app.js'));
  return [
    startApp,
    new HtmlWebpackPlugin({
      template: path.join(projectRoot, 'src/index.html'),
      inject: false,
      templateParameters: startApp.templateParameters(),
      // html-webpack-plugin's production settings, keeping the page-head comments: the API
      // writes each server-rendered page's own head between them.
      minify: production && {
        collapseWhitespace: true,
        keepClosingSlash: true,
        removeComments: true,
        ignoreCustomComments: [/^\/?page-head$/],
        removeRedundantAttributes: true,
        removeScriptTypeAttributes: true,
        removeStyleLinkTypeAttributes: true,
        useShortDoctype: true,
      },
    }),
  ];
}

/**
 * @param {object} options
 * @param {string} options.project    folder name (shell, storefront-mfe, admin-mfe)
 * @param {string} options.federationName  MF name (no hyphens)
 * @param {Record<string,string>} [options.exposes]
 * @param {boolean} [options.isHost]
 * @param {number} options.devPort
 * A project with src/server.tsx also gets its server bundle (tools/webpack/server-render.js).
 */
function createConfig({ project, federationName, exposes, isHost = false, devPort }) {
  return (env = {}, argv) => {
    const production = argv.mode !== 'development';
    const projectRoot = path.join(workspaceRoot, project);
    const shared = sharedModules();
    const outputDir = path.join(workspaceRoot, 'dist', project);
    const serverRendered = existsSync(path.join(projectRoot, 'src/server.tsx'));
    const buildId = process.env.BUILD_ID || LIB_VERSION;
    // Webpack's own cache on disk where the caller asks for one: a folder built several times over
    // (the releases journey builds one copy of the storefront three times) rebuilds in a fraction.
    // Nx caches whole builds, so `npm run build` does without.
    const cache = process.env.WEBPACK_CACHE_DIR
      ? {
          type: 'filesystem',
          cacheDirectory: process.env.WEBPACK_CACHE_DIR,
          buildDependencies: { config: [__filename, path.join(projectRoot, 'webpack.config.js')] },
        }
      : undefined;
    const resolve = {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      alias: { ...libEntryAliases, ...libAliases },
    };
    const scriptRule = {
      test: /\.[cm]?[jt]sx?$/,
      exclude: /node_modules/,
      use: {
        loader: 'swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: !production, refresh: isDevServer(production) } },
            target: 'es2020',
            // Lingui's macros (<Trans>, t, plural) become message ids; production keeps only the ids.
            experimental: { plugins: [linguiMacros(production)] },
          },
        },
      },
    };
    /** Each feature's messages in one language (.po), compiled into a chunk of their own. */
    const messagesRule = { test: /\.po$/, type: 'javascript/auto', use: { loader: '@lingui/loader', options: { failOnCompileError: true } } };
    const browser = {
      name: project,
      mode: production ? 'production' : 'development',
      context: projectRoot,
      entry: { main: './src/main.ts' },
      // No eval outside the development server: the API serves watch builds (npm run dev) under its CSP.
      devtool: production ? 'source-map' : isDevServer(production) ? 'eval-cheap-module-source-map' : 'cheap-module-source-map',
      output: {
        path: outputDir,
        // Remotes find their chunks next to their own remoteEntry, wherever they are deployed.
        publicPath: isHost ? '/' : 'auto',
        filename: production ? '[name].[contenthash:12].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:12].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
        uniqueName: federationName,
        // The server bundle is written beside, by its own build.
        clean: serverRendered ? { keep: /^server\// } : true,
        // The spec: lazy script loads time out after 120 000 ms.
        chunkLoadTimeout: 120000,
      },
      resolve,
      module: {
        rules: [
          scriptRule,
          messagesRule,
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { importLoaders: 0 } }] },
          { test: /\.(svg|png|webp|jpe?g|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new DefinePlugin({ __BUILD_ID__: JSON.stringify(buildId) }),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:12].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:12].css' : '[name].css',
        }),
        new ModuleFederationPlugin({
          name: federationName,
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          // Remotes are registered at run time from /remotes.json; none is baked into the bundle.
          remotes: {},
          shared,
          // 'loaded-first' does not fetch every remote at start, so one remote down costs only its routes.
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          experiments: {
            // A remote's entry uses the shell's federation runtime (shell/src/remotes/federation-runtime.ts)
            // instead of bringing a second copy: about 10 KB gzip less on every page that loads a remote.
            ...(isHost ? {} : { externalRuntime: true }),
            optimization: {
              // The shell loads each remote's remoteEntry.js directly (see shell/src/main.ts), so the
              // runtime needs no code to read manifests; remotes load no remotes of their own.
              disableSnapshot: true,
              disableRemote: !isHost,
              target: 'web',
            },
          },
        }),
        new ProvideSharedInMainCompilationPlugin(),
        new SharedContractPlugin({ project, shared, isHost }),
        new SharedRouterNamesPlugin(),
        ...fastRefreshPlugins(production, federationName),
        ...(serverRendered ? [new SsrAssetsPlugin({ isHost, languageFonts: LANGUAGE_FONTS })] : []),
        ...(production ? [new MinifyCssPlugin(), new PrecompressPlugin()] : []),
        ...(isHost ? hostPagePlugins(projectRoot, production) : []),
      ],
      // The minimizer takes scripts only: CSS is minified by MinifyCssPlugin, and HTML by html-webpack-plugin
      // (which keeps the page-head comments).
      optimization: production
        ? {
            moduleIds: 'deterministic',
            chunkIds: 'deterministic',
            minimizer: [minifyScripts()],
            ...(isHost ? { splitChunks: { cacheGroups: { sharedLibraries: SHARED_LIBRARIES_CHUNK } } } : {}),
          }
        : {},
      performance: { hints: false },
      stats: 'errors-warnings',
      ...(cache ? { cache } : {}),
      devServer: devServer({ isHost, production, port: env.port ? Number(env.port) : devPort, apiUrl: env.api }),
    };
    if (!serverRendered) return browser;
    // The server bundle runs in Node: newer syntax, and no fast refresh.
    const serverJsc = {
      ...scriptRule.use.options.jsc,
      target: 'es2022',
      transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
    };
    const serverScriptRule = { ...scriptRule, use: { ...scriptRule.use, options: { ...scriptRule.use.options, jsc: serverJsc } } };
    return [
      browser,
      {
        ...serverConfig({ project, production, projectRoot, outputDir, resolve, rules: [serverScriptRule, messagesRule], buildId }),
        ...(cache ? { cache } : {}),
      },
    ];
  };
}

module.exports = { createConfig, linguiMacros, workspaceRoot };
