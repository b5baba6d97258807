export * from './cart-store';
