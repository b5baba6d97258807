// The message catalogues (docs/tamil.md): every English message has its Tamil, written as a message
// of the same shape. `npm run lint` checks that the catalogues hold every message of the code.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { readPo } from '../tools/i18n/po.cjs';

const workspaceRoot = join(__dirname, '..');

/** Every folder holding a pair of catalogues, in the shell and the storefront. */
function catalogueFolders(): string[] {
  const folders: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const path = join(dir, entry.name);
      if (entry.name === 'locales') folders.push(path);
      else visit(path);
    }
  };
  for (const app of ['shell/src', 'storefront-mfe/src']) visit(join(workspaceRoot, app));
  return folders.sort();
}

const catalogue = (folder: string, language: 'en' | 'ta') => readPo(readFileSync(join(folder, `${language}.po`), 'utf8'));
const key = (entry: { context: string; source: string }) => `${entry.context}\u0004${entry.source}`;

/** What a message's shape is made of: its arguments, its plural and select arguments (with their forms), and its tags (<0>…</0>). */
function shape(message: string): { arguments: string[]; choices: string[]; tags: string[] } {
  const found = { arguments: new Set<string>(), choices: new Set<string>(), tags: new Set(message.match(/<\/?\d+\/?>/g) ?? []) };
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') found.arguments.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        found.choices.add(`${token.arg}: ${token.type}`);
        for (const choice of token.cases) visit(choice.tokens);
      }
    }
  };
  visit(parse(message));
  return { arguments: [...found.arguments].sort(), choices: [...found.choices].sort(), tags: [...found.tags].sort() };
}

/** The forms of each plural in a message: { count: ['one', 'other'] }. */
function pluralForms(message: string): Record<string, string[]> {
  const forms: Record<string, string[]> = {};
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type !== 'plural' && token.type !== 'select' && token.type !== 'selectordinal') continue;
      if (token.type === 'plural')
        forms[token.arg] = token.cases
          .map((choice) => choice.key)
          .filter((form) => !form.startsWith('='))
          .sort();
      for (const choice of token.cases) visit(choice.tokens);
    }
  };
  visit(parse(message));
  return forms;
}

/** The words of a message a reader sees: its text, in every plural and select form, without arguments or tags. */
function wordsOf(message: string): string {
  const words: string[] = [];
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') words.push(token.value);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') for (const choice of token.cases) visit(choice.tokens);
    }
  };
  visit(parse(message));
  return words.join(' ').replace(/<\/?\d+\/?>/g, ' ');
}

/** Latin words a Tamil text may keep: the brand, and terms Tamil readers meet in Latin letters. */
const KEPT_IN_LATIN = /\b(Thalir|Blooms|Exports|Pvt|Ltd|GST|GSTIN|HSN|UPI|PIN|OTP|INR|Razorpay|Visa|RuPay|Mastercard|AM|PM|PDF)\b/g;

describe('the message catalogues', () => {
  const folders = catalogueFolders();

  it('are found beside each feature', () => {
    expect(folders.map((folder) => relative(workspaceRoot, folder))).toEqual(expect.arrayContaining(['shell/src/locales', 'storefront-mfe/src/locales']));
  });

  it.each(folders.map((folder) => [relative(workspaceRoot, folder), folder]))('%s: the Tamil has every English message and no other', (_name, folder) => {
    expect(catalogue(folder, 'ta').map(key).sort()).toEqual(catalogue(folder, 'en').map(key).sort());
  });

  it.each(folders.map((folder) => [relative(workspaceRoot, folder), folder]))(
    '%s: every message is in Tamil, with the English one’s arguments, tags and Tamil’s plural forms',
    (_name, folder) => {
      const tamilForms = new Intl.PluralRules('ta').resolvedOptions().pluralCategories.slice().sort();
      const problems: string[] = [];
      for (const entry of catalogue(folder, 'ta')) {
        const { source, translation } = entry;
        if (!translation.trim()) {
          problems.push(`not translated: ${source}`);
          continue;
        }
        const [english, tamil] = [shape(source), shape(translation)];
        if (JSON.stringify(english) !== JSON.stringify(tamil))
          problems.push(`${source}: ${JSON.stringify(english)} ≠ ${JSON.stringify(tamil)} in ${translation}`);
        for (const [argument, forms] of Object.entries(pluralForms(translation))) {
          if (JSON.stringify(forms) !== JSON.stringify(tamilForms))
            problems.push(`${translation}: ${argument} has ${forms.join(', ')}, Tamil has ${tamilForms.join(', ')}`);
        }
        const latin = wordsOf(translation)
          .replace(KEPT_IN_LATIN, ' ')
          .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
          .match(/[A-Za-z]{2,}/g);
        if (latin) problems.push(`English left in ${translation}: ${latin.join(' ')}`);
      }
      expect(problems).toEqual([]);
    },
  );
});
