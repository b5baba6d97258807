// `npm run lint`: ESLint over the whole repository (no warnings allowed), Prettier's check and Lingui's
// check of the message catalogues, and one line: `lint: eslint ok, prettier ok, catalogues ok (<s> s)`.
// `npm run format` applies Prettier; ESLint's own fixes: `npx eslint --fix .`. See docs/code-style.md.
import { bin, run } from './lib.mjs';

const started = Date.now();
// No ESLint cache: a file's boundary findings depend on other files (the tags in project.json).
const eslint = await run(bin('eslint'), ['.', '--max-warnings=0']);
// Prettier's cache is safe: a file's layout depends on nothing but the file and the config.
const prettier = await run(bin('prettier'), ['--check', '.', '--cache', '--log-level=warn']);
// Every message in the code is in its catalogue (a screen would show its id otherwise), and every one
// has its Tamil (docs/tamil.md). `npm run i18n:extract` brings the catalogues up to date.
const synced = await run(bin('lingui'), ['check', 'sync']);
const catalogues = synced.code === 0 ? await run(bin('lingui'), ['check', 'missing', '--mode', 'catalog']) : synced;

const verdict = (result) => (result.code === 0 ? 'ok' : 'failed');
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`lint: eslint ${verdict(eslint)}, prettier ${verdict(prettier)}, catalogues ${verdict(catalogues)} (${seconds} s)`);
if (prettier.code !== 0) console.log('Prettier lists the files above; `npm run format` rewrites them.');
process.exit(eslint.code === 0 && prettier.code === 0 && catalogues.code === 0 ? 0 : 1);
