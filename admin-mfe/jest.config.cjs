const { reactJestConfig } = require('../tools/jest/react-config.cjs');

const config = reactJestConfig(__dirname, 'admin-mfe');
module.exports = { ...config, setupFilesAfterEnv: [...config.setupFilesAfterEnv, '<rootDir>/src/testing/setup.ts'] };
