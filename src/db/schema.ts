// Every module's tables, for drizzle's typed query builder. Each module owns its own schema file.
export * from '../http/idempotency.schema';
export * from '../jobs/schema';
export * from '../modules/accounts/schema';
export * from '../modules/api-keys/schema';
export * from '../modules/branding/schema';
export * from '../modules/business-profiles/schema';
export * from '../modules/customers/schema';
export * from '../modules/documents/schema';
export * from '../modules/files/schema';
export * from '../modules/imports/schema';
export * from '../modules/numbering-sequences/schema';
export * from '../modules/plans/schema';
export * from '../modules/renders/schema';
export * from '../modules/templates/schema';
export * from '../modules/usage/schema';
export * from '../modules/workspaces/schema';
