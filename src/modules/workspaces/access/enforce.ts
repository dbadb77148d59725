import type { DbOrTx } from '../../../db/client';
import { type ActingMember, requireChangeRight, requirePermission } from './guard';
import { creatorOfResource } from './owners';
import { accessOf } from './route-policy';

export interface RouteRequest {
  method: string;
  /** The route's pattern as the router names it (`/api/v1/documents/:document_id`). */
  route: string;
  params: Record<string, string | undefined>;
}

/**
 * Applies the route table to one authenticated request: 403 `forbidden` naming the missing permission,
 * or nothing. Reads are always allowed; a resource that does not exist passes, so its route answers 404.
 */
export function enforceRouteAccess(
  db: DbOrTx,
  who: { accountId: string; member: ActingMember | null },
  request: RouteRequest,
): void {
  if (who.member === null) return;
  const access = accessOf(request.method, request.route);
  if (access === null) return;
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
      const row = id === undefined ? undefined : creatorOfResource(db, access.resource, who.accountId, id);
      if (row) requireChangeRight(who.member, row.createdBy, access.resource.replace('_', ' '));
      else requirePermission(who.member, 'resources:write_own');
      return;
    }
    case 'module':
      return;
  }
}
