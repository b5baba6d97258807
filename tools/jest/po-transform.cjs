// A catalogue (.po) in Jest: its messages by id, uncompiled (the tests' i18n compiles them as they
// are used, tools/jest/react-setup.ts); an untranslated message is its English source.
const { messageId, readPo } = require('../i18n/po.cjs');

module.exports = {
  process(source) {
    const messages = Object.fromEntries(readPo(source).map((entry) => [messageId(entry.source, entry.context), entry.translation || entry.source]));
    return { code: `module.exports = { messages: ${JSON.stringify(messages)} };` };
  },
};
