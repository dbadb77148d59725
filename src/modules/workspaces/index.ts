export { actingMemberOf, memberForKey } from './access/acting';
export { enforceRouteAccess, type RouteRequest } from './access/enforce';
export { type ActingMember, requireDefaultRight, requirePermission } from './access/guard';
export { type KeyScope, keyScopeOf } from './access/key-scope';
export { ROUTE_ACCESS, type RouteAccess } from './access/route-policy';
export { can, outranks, PERMISSIONS, type Permission, ROLES, type Role } from './roles';
