export * from './auth-store';
