// ESLint rule: a feature (`<app>/src/features/<name>/`) imports libraries and its app's shared code
// (components/, hooks/, lib/, …), never the files of another feature. A feature that means to share
// something exposes it from `features/<name>/index.ts`; code that several features need belongs
// in the app's shared folders or in a library instead.
import path from 'node:path';

const FEATURE_PATH = /^(?<featuresDir>.*\/src\/features)\/(?<name>[^/]+)(?:\/(?<inside>.*))?$/;

function featureOf(file) {
  const match = FEATURE_PATH.exec(file.split(path.sep).join('/'));
  return match && { featuresDir: match.groups.featuresDir, name: match.groups.name, inside: match.groups.inside ?? '' };
}

/** The entry a feature deliberately exposes: the folder itself, or its index module. */
function isPublicEntry(inside) {
  return inside === '' || /^index(\.[jt]sx?)?$/.test(inside);
}

export const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: "Forbid importing another feature's files; move shared code to the app's components/, hooks/ or lib/, or to a library." },
    schema: [],
    messages: {
      crossFeature:
        "Feature '{{from}}' imports '{{source}}', inside feature '{{to}}'. Move the shared piece to the app's components/, hooks/ or lib/ (or a library), or expose it from features/{{to}}/index.ts.",
    },
  },
  create(context) {
    const importer = featureOf(context.filename);
    if (!importer) return {};

    function check(sourceNode) {
      if (sourceNode?.type !== 'Literal' || typeof sourceNode.value !== 'string' || !sourceNode.value.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(context.filename), sourceNode.value));
      if (!target || target.featuresDir !== importer.featuresDir || target.name === importer.name || isPublicEntry(target.inside)) return;
      context.report({ node: sourceNode, messageId: 'crossFeature', data: { from: importer.name, to: target.name, source: sourceNode.value } });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { meta: { name: 'thalir-feature-boundaries' }, rules: { 'no-cross-feature-imports': noCrossFeatureImports } };
