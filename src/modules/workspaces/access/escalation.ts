import { DomainError } from '../../../shared/errors';
import { can, outranks, type Role } from '../roles';
import type { ActingMember } from './guard';

/**
 * Nobody hands out or takes away more than they hold: making an owner, or changing or removing one, needs
 * members:manage_owners (owners and account-level keys). An admin manages admins and members.
 */
export function requireRoleWithinReach(acting: ActingMember | null, role: Role, action: string): void {
  if (acting === null || can(acting.role, 'members:manage_owners') || !outranks(role, acting.role)) return;
  throw new DomainError(
    'forbidden',
    `Missing permission members:manage_owners: role '${acting.role}' cannot ${action} a member with role '${role}'`,
    { permission: 'members:manage_owners', role: acting.role, workspace_member_id: acting.id },
  );
}
