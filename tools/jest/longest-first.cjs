// Runs the longest test files first, so that no worker is left alone with a long file at the end.
// Jest does this itself from its cache of earlier runs, but a fresh clone (CI) has no cache and Jest
// then goes by file size, which once started the 95 s tap journey last. The files' usual durations,
// kept in expected-durations.json (refresh it with record-durations.mjs), stand in until it has one.
const { relative, resolve } = require('node:path');
const TestSequencer = require('@jest/test-sequencer').default;
const expectedMs = require('./expected-durations.json');

const workspaceRoot = resolve(__dirname, '../..');

class LongestFirst extends TestSequencer {
  sort(tests) {
    const failed = (test) => (this.hasFailed(test) ? 1 : 0);
    const ms = (test) => this.time(test) ?? expectedMs[relative(workspaceRoot, test.path)] ?? 0;
    return [...tests].sort((a, b) => failed(b) - failed(a) || ms(b) - ms(a));
  }
}

module.exports = LongestFirst;
