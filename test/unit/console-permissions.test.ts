// The console offers only what the caller's role may do (src/console/permissions.ts): its copy of the role
// table must be the service's own (src/modules/workspaces/roles.ts), which the console cannot import.
// A permission added or moved on one side and not the other fails here.
import { expect, test } from 'bun:test';
import * as consoleSide from '../../src/console/permissions';
import { PERMISSION_NAMES } from '../../src/domain/roles';
import { PERMISSIONS, WORKSPACE_SCOPED } from '../../src/modules/workspaces/roles';

test("the console's role table is the service's", () => {
  for (const role of ['admin', 'member', 'accountant'] as const) {
    expect([...consoleSide.HELD[role]].sort()).toEqual([...PERMISSIONS[role]].sort());
  }
  expect([...consoleSide.WORKSPACE_SCOPED].sort()).toEqual([...WORKSPACE_SCOPED].sort());
});

test('every permission the service knows is one the console can ask about, and no other', () => {
  expect([...consoleSide.PERMISSIONS].sort()).toEqual([...PERMISSION_NAMES].sort());
  // Both ways at run time: the owner (no member) may do each service permission, and a role's list holds
  // only permissions the service knows.
  consoleSide.actAs(null);
  for (const permission of PERMISSION_NAMES) expect(consoleSide.can(permission)).toBe(true);
  const known = new Set<string>(PERMISSION_NAMES);
  for (const held of Object.values(consoleSide.HELD)) for (const p of held) expect(known.has(p)).toBe(true);
});
