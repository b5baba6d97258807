// `npm run lint`: ESLint over the whole repository (no warnings allowed), then Prettier's check, and
// one line: `lint: eslint ok, prettier ok (<s> s)`. `npm run format` applies Prettier; ESLint's own
// fixes: `npx eslint --fix .`. See docs/code-style.md.
import { bin, run } from './lib.mjs';

const started = Date.now();
// No ESLint cache: a file's boundary findings depend on other files (the tags in project.json).
const eslint = await run(bin('eslint'), ['.', '--max-warnings=0']);
// Prettier's cache is safe: a file's layout depends on nothing but the file and the config.
const prettier = await run(bin('prettier'), ['--check', '.', '--cache', '--log-level=warn']);

const verdict = (result) => (result.code === 0 ? 'ok' : 'failed');
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`lint: eslint ${verdict(eslint)}, prettier ${verdict(prettier)} (${seconds} s)`);
if (prettier.code !== 0) console.log('Prettier lists the files above; `npm run format` rewrites them.');
process.exit(eslint.code === 0 && prettier.code === 0 ? 0 : 1);
