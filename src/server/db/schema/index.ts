// The one list of tables drizzle-kit reads; one file per table beside it.
export * from './categories';
export * from './awards';
export * from './templates';
export * from './settings';
export * from './users';
export * from './sessions';
export * from './accounts';
export * from './verifications';
export * from './user-roles';
export * from './rate-limit-attempts';
export * from './security-events';
export * from './audit-log';
export * from './mail-outbox';
export * from './nominations';
export * from './claim-tokens';
export * from './reactions';
