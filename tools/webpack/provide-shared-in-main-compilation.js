// Module Federation's share provider, kept out of child compilations (HtmlWebpackPlugin's template).
const PLUGIN_NAME = 'ProvideSharedInMainCompilationPlugin';

/**
 * ProvideSharedPlugin (@module-federation/enhanced) adds every shared module given by absolute path
 * (the workspace libraries and the shared router, see create-config.js) to each compilation at
 * finishMake, and webpack copies that tap into child compilers. So HtmlWebpackPlugin's compilation of
 * index.html built all the libraries a second time, where their CSS has no code template
 * (mini-css-extract-plugin registers it for the main compilation only): "No template for dependency:
 * CssDependency" in development mode, and in development mode, whose file names carry no hash, chunks
 * clashing with the main compilation's. Federation's own ContainerPlugin skips child compilations;
 * this makes the share provider do the same.
 */
class ProvideSharedInMainCompilationPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap(PLUGIN_NAME, (compilation) => {
      compilation.hooks.childCompiler.tap(PLUGIN_NAME, (childCompiler) => {
        childCompiler.hooks.finishMake.intercept({
          register: (tap) => (tap.name === 'ProvideSharedPlugin' ? { ...tap, fn: async () => undefined } : tap),
        });
      });
    });
  }
}

module.exports = { ProvideSharedInMainCompilationPlugin };
