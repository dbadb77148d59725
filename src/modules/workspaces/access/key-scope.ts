import type { DbOrTx } from '../../../db/client';
import type { KeyScope } from '../../api-keys';
import { listMembers } from '../repo';
import { atLeast, can } from '../roles';
import type { ActingMember } from './guard';

export type { KeyScope };

/**
 * Account-level keys and owners: every key. Admins: their own and those of their workspace's members
 * whose role is not above theirs. Members: their own. Others' keys are 404, as another account's.
 */
export async function keyScopeOf(db: DbOrTx, member: ActingMember | null): Promise<KeyScope> {
  if (member === null || can(member.role, 'keys:manage_all')) return { all: true };
  if (!can(member.role, 'members:manage')) return { all: false, memberIds: [member.id] };
  const team = (await listMembers(db, member.workspaceId)).filter((m) => atLeast(member.role, m.role));
  return { all: false, memberIds: team.map((m) => m.id) };
}
