// `webpack serve` in development mode (npm run dev -- <app>): fast refresh for the app a team works on.
const ReactRefreshWebpackPlugin = require('@pmmmwh/react-refresh-webpack-plugin');

/** webpack-cli sets this for `webpack serve`; plain builds (npm run build, npm run dev) do not refresh. */
const isDevServer = (production) => !production && process.env.WEBPACK_SERVE === 'true';

/**
 * React Fast Refresh under Module Federation. Every bundle carries its own refresh runtime, named per
 * bundle (`library`), so each registers with React's devtools hook, including a remote whose entry
 * runs after the shell's React DOM: the hook's renderers are picked up when it joins. React DOM must
 * be a development build for refresh to work at all, which is why `npm run dev -- <remote>` serves the
 * shell from its development server too (the shell provides React to the page).
 */
function fastRefreshPlugins(production, federationName) {
  return isDevServer(production) ? [new ReactRefreshWebpackPlugin({ library: federationName, overlay: false })] : [];
}

/**
 * The development server. The shell's proxies the API and everything the API serves (/remotes.json,
 * the builds and releases of the remotes not being worked on); a remote's answers with CORS, and its
 * update socket is named outright, since its code runs on the shell's page.
 */
function devServer({ isHost, production, port, apiUrl = 'http://localhost:3000' }) {
  const hot = isDevServer(production);
  return {
    port,
    historyApiFallback: isHost,
    hot,
    liveReload: true,
    headers: { 'Access-Control-Allow-Origin': '*' },
    client: { overlay: { errors: true, warnings: false, runtimeErrors: false }, ...(isHost || !port ? {} : { webSocketURL: `ws://localhost:${port}/ws` }) },
    ...(isHost ? { proxy: [{ context: ['/api', '/uploads', '/remotes', '/releases'], target: apiUrl }] } : {}),
  };
}

module.exports = { devServer, fastRefreshPlugins, isDevServer };
