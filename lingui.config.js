// Lingui's message catalogues (docs/tamil.md): one pair of .po files (en, ta) per feature of the
// shell and the storefront, and one for what each app draws on every page, so that a page loads only
// its own screens' messages in its own language. `npm run i18n:extract` writes the msgids from code.
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');
const { formatter } = require('@lingui/format-po');

/**
 * The features of an app with a catalogue of their own (those in `common` go in the app's own); none
 * for an app not in this checkout (a team building one remote from a copy of its own sources).
 */
function featureCatalogs(app, common) {
  const folder = path.join(__dirname, app, 'src/features');
  if (!existsSync(folder)) return [];
  const features = readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return features
    .filter((feature) => !common.includes(feature.name))
    .map((feature) => ({
      path: `<rootDir>/${app}/src/features/${feature.name}/locales/{locale}`,
      include: [`<rootDir>/${app}/src/features/${feature.name}`],
    }));
}

const catalogs = [
  {
    path: '<rootDir>/shell/src/locales/{locale}',
    include: ['<rootDir>/shell/src/app', '<rootDir>/shell/src/remotes', '<rootDir>/shell/src/features/navigation'],
  },
  ...featureCatalogs('shell', ['navigation']),
  {
    path: '<rootDir>/storefront-mfe/src/locales/{locale}',
    include: ['<rootDir>/storefront-mfe/src/components', '<rootDir>/storefront-mfe/src/lib', '<rootDir>/storefront-mfe/src/routes.tsx'],
  },
  ...featureCatalogs('storefront-mfe', []),
];

/** LINGUI_CATALOGS=shell/src/features/auth,… limits extraction to those catalogues (the folders their .po files are in). */
const only = process.env.LINGUI_CATALOGS?.split(',').filter(Boolean);

/** @type {import('@lingui/conf').LinguiConfig} */
module.exports = {
  locales: ['en', 'ta'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: only ? catalogs.filter((catalog) => only.some((folder) => catalog.path.startsWith(`<rootDir>/${folder.replace(/\/$/, '')}/locales/`))) : catalogs,
};
