const { createConfig } = require('../tools/webpack/create-config');

module.exports = createConfig({
  project: 'admin-mfe',
  federationName: 'admin_mfe',
  exposes: { './Routes': './src/routes.tsx' },
});
