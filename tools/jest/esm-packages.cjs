const fs = require('node:fs');
const path = require('node:path');

/**
 * Packages in node_modules that are ESM (NestJS 12, cookie, swiper, d3…). Jest on Node 20
 * cannot require them, so they must go through the transform; everything else is left alone.
 */
function esmOnlyPackages(nodeModules = path.join(__dirname, '../../node_modules')) {
  const found = [];
  const visit = (dir) => {
    for (const name of fs.readdirSync(dir)) {
      if (name.startsWith('.')) continue;
      const full = path.join(dir, name);
      if (name.startsWith('@')) {
        visit(full);
        continue;
      }
      try {
        const pkg = JSON.parse(fs.readFileSync(path.join(full, 'package.json'), 'utf8'));
        if (pkg.type === 'module') {
          found.push(path.relative(nodeModules, full));
        }
      } catch {
        /* not a package */
      }
    }
  };
  visit(nodeModules);
  return found;
}

function transformIgnorePatterns() {
  const escaped = esmOnlyPackages().map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return [`/node_modules/(?!(${escaped.join('|')})/)`];
}

module.exports = { esmOnlyPackages, transformIgnorePatterns };
