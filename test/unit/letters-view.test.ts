// A reminder letter is addressed to the customer ("An"), not to a "Rechnungsempfänger", and names no
// delivery address (src/rendering/letter/view.ts).
import { expect, test } from 'bun:test';
import { buildLetterView } from '../../src/rendering/letter/view';
import type { ReminderLetter } from '../../src/rendering/types';
import { german } from '../rendering-fixtures';

const LETTER: ReminderLetter = {
  title: '1. Mahnung RE-2026-1138',
  text: 'Guten Tag Anna Schmidt,\n\nbitte zahlen Sie.\n\nMit freundlichen Grüßen\nLindqvist',
  date: '2026-12-20',
  payBy: '2027-01-03',
  amountDue: '100.00',
  fee: '5.00',
  total: '105.00',
  showFee: true,
};

test('the letter names its addressee under "An", without the invoice\'s delivery address', () => {
  const base = german();
  const shipTo = {
    name: 'Filiale Babelsberg',
    address: { line1: 'Karl-Liebknecht-Str. 1', city: 'Potsdam', postal_code: '14482', country: 'DE' },
  };
  const input = { ...base, data: { ...base.data, ship_to: shipTo } };
  const view = buildLetterView(input, LETTER);
  expect(view.recipients.map((r) => [r.heading, r.name])).toEqual([['An', 'Bäckerei Müller & Söhne OHG']]);
});
