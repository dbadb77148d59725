// One JSON line per entry: its own level and message cannot be overwritten by a field of the same name
// (the dunning job logs a reminder's level; an operator filtering on level "warn" missed its lines).
import { expect, test } from 'bun:test';
import { createLogger } from '../../src/shared/logger';

test("a field named level or msg does not replace the line's own; it is kept beside it", () => {
  const lines: string[] = [];
  const logger = createLogger('info', (line) => lines.push(line));
  logger.warn('dunning: no e-mail address', { level: 2, msg: 'other', document_id: 'doc_1' });
  logger.debug('not written');
  expect(lines).toHaveLength(1);
  const entry = JSON.parse(lines[0] as string);
  expect(entry).toMatchObject({
    level: 'warn',
    msg: 'dunning: no e-mail address',
    document_id: 'doc_1',
    field_level: 2,
    field_msg: 'other',
  });
  expect(Object.keys(entry).slice(0, 3)).toEqual(['time', 'level', 'msg']);
});
