// `npm run lint`: ESLint over the whole repository (no warnings allowed), Prettier's check and Lingui's
// check of the message catalogues, and one line: `lint: eslint ok, prettier ok, catalogues ok (<s> s)`.
// `npm run format` applies Prettier; ESLint's own fixes: `npx eslint --fix .`. See docs/code-style.md.
import { bin, run } from './lib.mjs';

const started = Date.now();
// ESLint and Prettier side by side: each keeps about one core busy. Their output is printed in turn.
// No ESLint cache: a file's boundary findings depend on other files (the tags in project.json).
const linting = run(bin('eslint'), ['.', '--max-warnings=0'], { quiet: true });
// Prettier's cache is safe: a file's layout depends on nothing but the file and the config.
const formatting = run(bin('prettier'), ['--check', '.', '--cache', '--log-level=warn'], { quiet: true });
const [eslint, prettier] = await Promise.all([linting, formatting]);
process.stdout.write(eslint.output + prettier.output);
// Every message in the code is in its catalogue (a screen would show its id otherwise), and every one
// has its Tamil (docs/tamil.md). `npm run i18n:extract` brings the catalogues up to date.
const synced = await run(bin('lingui'), ['check', 'sync']);
const catalogues = synced.code === 0 ? await run(bin('lingui'), ['check', 'missing', '--mode', 'catalog']) : synced;

const verdict = (result) => (result.code === 0 ? 'ok' : 'failed');
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`lint: eslint ${verdict(eslint)}, prettier ${verdict(prettier)}, catalogues ${verdict(catalogues)} (${seconds} s)`);
if (prettier.code !== 0) console.log('Prettier lists the files above; `npm run format` rewrites them.');
process.exit(eslint.code === 0 && prettier.code === 0 && catalogues.code === 0 ? 0 : 1);
