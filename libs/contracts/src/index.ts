/**
 * The HTTP contract (../shared/spec/api-contract.md) as TypeScript types, one file a domain.
 * Money in these shapes is rupees (a number with at most 2 decimals); the API keeps paise inside.
 * Country names are a separate entry, `@thalir/contracts/countries`, so only the screens that list them carry them.
 */

export * from './catalog';
export * from './orders';
export * from './payments';
export * from './delivery';
export * from './offers';
export * from './audit';
export * from './auth';
export * from './staff';
export * from './admin';
export * from './releases';
export * from './reports';
export * from './enquiries';
export * from './contact';
export * from './responses';
export * from './server-rendering';
export * from './account-data';
export * from './subscriptions';
