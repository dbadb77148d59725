export { workspacesAccess } from './access';
export { actingMemberOf, memberForKey } from './access/acting';
export { enforceRouteAccess } from './access/enforce';
export { type ActingMember, requireDefaultRight, requirePermission } from './access/guard';
export { type KeyScope, keyScopeOf } from './access/key-scope';
export { can, outranks, PERMISSIONS, type Permission, ROLES, type Role } from './roles';
