// A dunning level's letter by the name its subject gives it (reminders.tsx), never "Level 2".
import { describe, expect, test } from 'bun:test';
import { letterMailState, letterName } from '../../src/console/pages/documents/dunning-letters';

const level = (subject: string) => ({ days_after_due: 7, fee: '0.00', subject, message: '' });

describe('letterName', () => {
  test('the subject without the placeholders the service fills', () => {
    expect(letterName(level('Zahlungserinnerung {number}'), 1)).toBe('Zahlungserinnerung');
    expect(letterName(level('1. Mahnung {number}'), 2)).toBe('1. Mahnung');
    expect(letterName(level('Letzte Mahnung: {number} vom {issue_date}'), 3)).toBe('Letzte Mahnung');
    expect(letterName(level('{number}: Zahlungserinnerung'), 1)).toBe('Zahlungserinnerung');
    expect(letterName(level('Mahnung – {number}'), 2)).toBe('Mahnung');
  });
  test('a subject of placeholders only, or no such level: the level by its number', () => {
    expect(letterName(level('{number}'), 2)).toBe('Level 2');
    expect(letterName(undefined, 4)).toBe('Level 4');
  });
});

describe('letterMailState', () => {
  test('whether the e-mail went out; nothing when its delivery is not known', () => {
    expect(letterMailState({ status: 'sent' })).toBe('e-mail sent');
    expect(letterMailState({ status: 'failed' })).toBe('e-mail failed');
    expect(letterMailState(undefined)).toBeNull();
  });
});
