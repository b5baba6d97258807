// CSS minification for the production builds: lightningcss.
const { transform } = require('lightningcss');
const { Compilation, sources } = require('webpack');

/**
 * Browsers from early 2021 on (the bundles' JavaScript targets ES2020; the stylesheets use :is() and
 * flexbox gap): lightningcss picks shorter syntax only where these understand it and adds the
 * prefixes they still need. Versions in lightningcss' encoding (major << 16).
 */
const TARGETS = { chrome: 88 << 16, edge: 88 << 16, firefox: 78 << 16, safari: 14 << 16, ios_saf: 14 << 16, samsung: 15 << 16 };

/** A stylesheet minified; `filename` names it in error messages. */
function minifyCss(css, filename) {
  return transform({ filename, code: Buffer.from(css), minify: true, targets: TARGETS }).code.toString();
}

/** Minifies the extracted stylesheets (their source maps go: the class names say where a rule is). */
class MinifyCssPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('MinifyCssPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'MinifyCssPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE }, (assets) => {
        for (const name of Object.keys(assets)) {
          if (name.endsWith('.css')) compilation.updateAsset(name, new sources.RawSource(minifyCss(assets[name].source().toString(), name)));
        }
      });
    });
  }
}

module.exports = { MinifyCssPlugin };
