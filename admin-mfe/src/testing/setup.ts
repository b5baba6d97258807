import { configure } from '@testing-library/react';

// Seven engineers share two CPU cores: give screens (lazy chunks, debounced searches, charts) time to settle.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);
