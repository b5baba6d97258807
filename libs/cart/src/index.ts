export * from './cart-store';
export * from './cart-check';
