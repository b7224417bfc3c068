// The one list of tables drizzle-kit reads; one file per table beside it.
export * from './categories';
export * from './awards';
export * from './templates';
export * from './settings';
