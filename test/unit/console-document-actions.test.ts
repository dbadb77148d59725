// The console offers a document's lifecycle buttons from the service's one declaration of the actions
// (src/domain/document-actions.ts): src/console/document-actions.ts is generated from it, since the console
// imports nothing outside itself. This test fails when the file is stale;
// `UPDATE_DOCUMENT_ACTIONS=1 bun test test/unit/console-document-actions.test.ts` (or `npm run generate`)
// writes it anew.
import { expect, test } from 'bun:test';
import { join } from 'node:path';
import { DOCUMENT_ACTION_NAMES, DOCUMENT_ACTIONS } from '../../src/domain/document-actions';
import { expectGenerated } from '../generated';

const FILE = join(import.meta.dir, '..', '..', 'src', 'console', 'document-actions.ts');

/** As the formatter writes it: single quotes, a key quoted only when it must be. */
const key = (name: string) => (/^[a-z]+$/.test(name) ? name : `'${name}'`);
const list = (items: readonly string[]) => `[${items.map((item) => `'${item}'`).join(', ')}]`;

function generated(): string {
  return [
    '// Generated from src/domain/document-actions.ts by test/unit/console-document-actions.test.ts; run it',
    '// with UPDATE_DOCUMENT_ACTIONS=1 (or `npm run generate`) to write it anew. Do not edit.',
    '',
    '/** Each document lifecycle action (SPEC 3), in the order offered, and the statuses it moves from. */',
    'export const DOCUMENT_ACTIONS = {',
    ...DOCUMENT_ACTION_NAMES.map((action) => `  ${key(action)}: ${list(DOCUMENT_ACTIONS[action].from)},`),
    '} as const;',
    '',
    'export type DocumentAction = keyof typeof DOCUMENT_ACTIONS;',
    '',
  ].join('\n');
}

test("src/console/document-actions.ts is the service's declaration of the document actions today", () => {
  const expected = generated();
  expect(expected).toContain("  finalize: ['draft'],");
  expect(expected).toContain("  'mark-paid': ['sent'],");
  expectGenerated(FILE, expected, 'UPDATE_DOCUMENT_ACTIONS');
});
