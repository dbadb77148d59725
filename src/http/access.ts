// What a write route needs beyond a valid key. Each module states the rules of its own routes next to
// them (`<module>/access.ts`, exported by its index), with the lookup that reads who created a resource;
// the composition root merges them and refuses to start when a write route has none (fail-closed).
// Every key may read (GET) everything of its account. The kinds:
// - `write`: any role may (creating a resource, computing or rendering without changing anything shared);
// - `own`: `resources:write_all`, or the resource's `created_by` is the acting member;
// - `permission`: an account-wide permission;
// - `workspace`: a permission used inside the workspace named by the path (admins: their own only);
// - `module`: the module decides per row (API keys: who may see and manage which key);
// - `self`: any caller, whatever their role: it acts on the caller themself (their password, their session's
//   account, leaving an account) or computes without keeping anything (validate, calculate, preview);
// - `public`: no key at all (a signed webhook).
// `orBooks(rule)`: the rule, or `books:keep` (an accountant records payments, approves received invoices,
// keeps the accounting settings: docs/roles.md).
import type { DbOrTx } from '../db/client';
import type { Permission } from '../domain/roles';

/** Who created one resource of an account; undefined = no such resource (the route answers its 404). */
export type CreatorLookup = (
  db: DbOrTx,
  accountId: string,
  id: string,
) => Promise<{ createdBy: string | null } | undefined>;

export type RouteAccess = (
  | { kind: 'write' }
  | { kind: 'own'; resource: string; param: string; creatorOf: CreatorLookup }
  | { kind: 'permission'; permission: Permission }
  | { kind: 'workspace'; permission: Permission; param: string }
  | { kind: 'module' }
  | { kind: 'self' }
  | { kind: 'public' }
) & { orBooks?: true };

/** Keyed by `METHOD route-pattern`, exactly as the router names the route. */
export type AccessRules = Readonly<Record<string, RouteAccess>>;

export const access = {
  write: { kind: 'write' } as RouteAccess,
  own: (resource: string, param: string, creatorOf: CreatorLookup): RouteAccess => ({
    kind: 'own',
    resource,
    param,
    // Wrapped: a rule table may be built before the module whose finder it names has loaded.
    creatorOf: async (db, accountId, id) => await creatorOf(db, accountId, id),
  }),
  permission: (permission: Permission): RouteAccess => ({ kind: 'permission', permission }),
  inWorkspace: (permission: Permission): RouteAccess => ({
    kind: 'workspace',
    permission,
    param: 'workspace_id',
  }),
  byModule: { kind: 'module' } as RouteAccess,
  self: { kind: 'self' } as RouteAccess,
  /** The rule, or the books' permission: what an accountant may do besides reading. */
  orBooks: (rule: RouteAccess): RouteAccess => ({ ...rule, orBooks: true }),
  public: { kind: 'public' } as RouteAccess,
};

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The write routes no rule covers, and the rules for no route: the app refuses to start with either. */
export function accessGaps(
  routes: readonly { method: string; path: string }[],
  rules: AccessRules,
): { unruled: string[]; stale: string[] } {
  const writes = routes.filter((r) => !READS.has(r.method)).map((r) => `${r.method} ${r.path}`);
  return {
    unruled: writes.filter((key) => !Object.hasOwn(rules, key)),
    stale: Object.keys(rules).filter((key) => !writes.includes(key)),
  };
}
