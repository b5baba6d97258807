// Reading Lingui's .po catalogues without Lingui's (ESM-only) tools: for the Jest transform and the
// catalogue tests, which run as CommonJS.
const { createHash } = require('node:crypto');

/** The id Lingui's macros give a message (@lingui/message-utils generateMessageId). */
function messageId(source, context = '') {
  return createHash('sha256').update(`${source}\u001F${context}`).digest('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '').slice(0, 6);
}

const unquote = (text) => JSON.parse(text.replace(/\\'/g, "'"));

/** The entries of a .po file: each message's context, source text and translation (empty when not translated). */
function readPo(text) {
  const entries = [];
  let entry = null;
  let field = null;
  const finish = () => {
    if (entry && entry.source !== '') entries.push(entry);
    entry = null;
  };
  for (const line of text.split('\n')) {
    const keyword = /^(msgctxt|msgid|msgstr)\s+(".*")\s*$/.exec(line);
    if (keyword) {
      if (keyword[1] !== 'msgstr' && (field === 'msgstr' || !entry)) finish();
      entry ??= { context: '', source: '', translation: '' };
      field = keyword[1];
      const key = { msgctxt: 'context', msgid: 'source', msgstr: 'translation' }[field];
      entry[key] = unquote(keyword[2]);
      continue;
    }
    if (/^".*"\s*$/.test(line) && entry && field) {
      const key = { msgctxt: 'context', msgid: 'source', msgstr: 'translation' }[field];
      entry[key] += unquote(line.trim());
    }
  }
  finish();
  return entries;
}

module.exports = { messageId, readPo };
