import { describe, expect, test } from 'bun:test';
import { type ImportAction, type ImportStatus, nextImportStatus } from '../../src/modules/imports/lifecycle';

const STATUSES: ImportStatus[] = ['pending', 'processing', 'completed', 'failed', 'cancelled'];
const ACTIONS: ImportAction[] = ['confirm', 'confirm_in_background', 'cancel', 'finish', 'fail'];

// Every status x every action; null = not allowed (a client action answers 409 conflict).
const EXPECTED: Record<ImportStatus, Record<ImportAction, ImportStatus | null>> = {
  pending: {
    confirm: 'completed',
    confirm_in_background: 'processing',
    cancel: 'cancelled',
    finish: null,
    fail: null,
  },
  processing: {
    confirm: null,
    confirm_in_background: null,
    cancel: 'cancelled',
    finish: 'completed',
    fail: 'failed',
  },
  completed: { confirm: null, confirm_in_background: null, cancel: null, finish: null, fail: null },
  failed: { confirm: null, confirm_in_background: null, cancel: null, finish: null, fail: null },
  cancelled: { confirm: null, confirm_in_background: null, cancel: null, finish: null, fail: null },
};

describe('import state machine (SPEC 3 plus the background moves)', () => {
  for (const from of STATUSES) {
    for (const action of ACTIONS) {
      test(`${from} --${action}--> ${EXPECTED[from][action] ?? '409'}`, () => {
        expect(nextImportStatus(action, from)).toBe(EXPECTED[from][action]);
      });
    }
  }
});
