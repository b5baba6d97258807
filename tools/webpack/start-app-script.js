// The shell's start script (shell/src/start-app.js), which server-drawn pages load instead of main.js.
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { minifySync } = require('@swc/core');
const { Compilation, sources, WebpackError } = require('webpack');

/**
 * Emits the start script beside the chunks: minified and named by its content in production (so it
 * is cached for a year like them), as it is in development. `templateParameters` gives index.html
 * main.js's address and the start script's.
 */
class StartAppScriptPlugin {
  constructor(file) {
    this.file = file;
    this.publicPath = null;
  }

  apply(compiler) {
    const production = compiler.options.mode === 'production';
    compiler.hooks.thisCompilation.tap('StartAppScriptPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'StartAppScriptPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.fileDependencies.add(this.file);
        const source = readFileSync(this.file, 'utf8');
        const code = production ? minifySync(source, { compress: true, mangle: true, ecma: 2015 }).code : source;
        const name = production ? `start-app.${createHash('sha256').update(code).digest('hex').slice(0, 12)}.js` : 'start-app.js';
        compilation.emitAsset(name, new sources.RawSource(code));
        this.publicPath = `${compilation.outputOptions.publicPath}${name}`;
      });
    });
  }

  /** html-webpack-plugin's templateParameters: its own, plus `startApp: { src, main }`. */
  templateParameters() {
    return (compilation, assets, assetTags, options) => {
      if (assets.js.length !== 1)
        compilation.errors.push(new WebpackError(`index.html loads one script (main.js), but the build has ${assets.js.length}: ${assets.js.join(', ')}`));
      return {
        compilation,
        webpackConfig: compilation.options,
        htmlWebpackPlugin: { tags: assetTags, files: assets, options },
        startApp: { src: this.publicPath, main: assets.js[0] },
      };
    };
  }
}

module.exports = { StartAppScriptPlugin };
