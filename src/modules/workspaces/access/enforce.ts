import type { DbOrTx } from '../../../db/client';
import type { AccessRequest } from '../../../http/auth';
import { can } from '../roles';
import { type ActingMember, requireChangeRight, requirePermission } from './guard';

const READS = new Set(['GET', 'HEAD']);

/**
 * Applies a route's rule (http/access.ts) to one authenticated request: 403 `forbidden` naming the missing
 * permission, or nothing. Reads are always allowed; a resource that does not exist passes, so its route
 * answers 404. A write without a rule needs every right (buildApp refuses such a route; this is the
 * second lock).
 */
export async function enforceRouteAccess(
  db: DbOrTx,
  who: { accountId: string; member: ActingMember | null },
  request: AccessRequest,
): Promise<void> {
  if (who.member === null || READS.has(request.method)) return;
  const access = request.access ?? { kind: 'permission', permission: 'resources:write_all' };
  if (access.orBooks && can(who.member.role, 'books:keep')) return;
  switch (access.kind) {
    case 'write':
      requirePermission(who.member, 'resources:write_own');
      return;
    case 'permission':
      requirePermission(who.member, access.permission);
      return;
    case 'workspace':
      requirePermission(who.member, access.permission, request.params[access.param]);
      return;
    case 'own': {
      const id = request.params[access.param];
      const row = id === undefined ? undefined : await access.creatorOf(db, who.accountId, id);
      if (row) requireChangeRight(who.member, row.createdBy, access.resource.replace('_', ' '));
      else requirePermission(who.member, 'resources:write_own');
      return;
    }
    case 'module':
    case 'self':
    case 'public':
      return;
  }
}
