// The kit of a plain resource (docs/architecture.md, "A module"): an account's rows of one table, created,
// listed newest first (cursor pages by id, `?q=`), read, patched and deleted. Its repo is `accountRows`
// (db/scoped.ts); here are its routes, access rules and isolation fixture (routes.ts) and the bodies of its
// write use-cases (writes.ts). What a resource has beyond that it chains on the routes the kit answers.
export { type ChangedSince, type ChangingTable, changedSinceRows } from './changed-since';
export { type PlainResource, resourceAccess, resourceIsolation, resourceRoutes } from './routes';
export { createOne, deleteOne, updateOne } from './writes';
