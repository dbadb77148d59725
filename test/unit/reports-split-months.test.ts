// Revenue and expenses read whole months from the sums the database keeps and the days of a month a range
// begins or ends with from the documents (docs/reports.md): where a range of days splits.
import { expect, test } from 'bun:test';
import { splitMonths } from '../../src/modules/reports/periods';

test('whole months, and the days a range begins or ends with', () => {
  expect(splitMonths({ from: '2025-01-01', to: '2026-11-30' })).toEqual({
    whole: { from: '2025-01', to: '2026-11' },
    parts: [],
  });
  expect(splitMonths({ from: '2025-12-15', to: '2026-01-15' })).toEqual({
    whole: null,
    parts: [
      { from: '2025-12-15', to: '2025-12-31' },
      { from: '2026-01-01', to: '2026-01-15' },
    ],
  });
  expect(splitMonths({ from: '2026-01-01', to: '2026-12-02' })).toEqual({
    whole: { from: '2026-01', to: '2026-11' },
    parts: [{ from: '2026-12-01', to: '2026-12-02' }],
  });
  expect(splitMonths({ from: '2025-11-30', to: '2026-02-28' })).toEqual({
    whole: { from: '2025-12', to: '2026-02' },
    parts: [{ from: '2025-11-30', to: '2025-11-30' }],
  });
});

test('within one month; February of leap and other years', () => {
  expect(splitMonths({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
    whole: null,
    parts: [{ from: '2026-03-01', to: '2026-03-01' }],
  });
  expect(splitMonths({ from: '2026-02-01', to: '2026-02-28' })).toEqual({
    whole: { from: '2026-02', to: '2026-02' },
    parts: [],
  });
  expect(splitMonths({ from: '2024-02-01', to: '2024-02-28' }).whole).toBeNull();
  expect(splitMonths({ from: '2024-02-01', to: '2024-02-29' }).whole).toEqual({
    from: '2024-02',
    to: '2024-02',
  });
  // Two partial months next to each other: no whole month between them.
  expect(splitMonths({ from: '2026-01-31', to: '2026-02-01' })).toEqual({
    whole: null,
    parts: [
      { from: '2026-01-31', to: '2026-01-31' },
      { from: '2026-02-01', to: '2026-02-01' },
    ],
  });
  // Years below 100 are years of the calendar too (0 and 400 are leap years, 100 is not).
  expect(splitMonths({ from: '0000-02-01', to: '0000-02-28' }).whole).toBeNull();
  expect(splitMonths({ from: '0000-02-01', to: '0000-02-29' }).whole).toEqual({
    from: '0000-02',
    to: '0000-02',
  });
  expect(splitMonths({ from: '0099-02-01', to: '0099-02-28' }).whole).toEqual({
    from: '0099-02',
    to: '0099-02',
  });
});
