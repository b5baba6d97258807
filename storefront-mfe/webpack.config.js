const { createConfig } = require('../tools/webpack/create-config');

module.exports = createConfig({
  project: 'storefront-mfe',
  federationName: 'storefront_mfe',
  exposes: { './Routes': './src/routes.tsx' },
});
