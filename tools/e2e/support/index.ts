// What the browser journeys share, by concern.
export * from './shop';
export * from './browser';
export * from './screen';
export * from './accounts';
export * from './api';
export * from './money';
export * from './early-taps.mjs';
