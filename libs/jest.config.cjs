const { reactJestConfig } = require('../tools/jest/react-config.cjs');

const config = reactJestConfig(__dirname, 'libs');
module.exports = { ...config, testMatch: ['<rootDir>/*/src/**/*.test.{ts,tsx}', '<rootDir>/*.test.ts'] };
