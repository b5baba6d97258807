// What other features and the app may use: the signed-in person's permissions (`useAccess().can(…)`).
export { AccessProvider } from './components/access-provider';
export { AccessContext, useAccess, type Access } from './components/access-context';
