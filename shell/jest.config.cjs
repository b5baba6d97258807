const { reactJestConfig } = require('../tools/jest/react-config.cjs');

module.exports = reactJestConfig(__dirname, 'shell');
