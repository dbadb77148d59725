// `npm test` deals its files to two processes (scripts/test-lanes.ts): each file exactly once, longest first
// to the process with the least time so far, and the reports merged into the one junit file CI counts.
import { expect, test } from 'bun:test';
import { fileTimes, groupsOf, mergedJunit, testFiles } from '../../scripts/test-lanes';

test('every test file runs in exactly one of four groups, and the recorded times are shared out evenly', () => {
  const files = testFiles();
  const weights = Object.fromEntries(files.map((f, i) => [f, i % 7 === 0 ? 60 : 5]));
  const groups = groupsOf(files, 4, weights);
  expect(groups).toHaveLength(4);
  expect(groups.flat().sort()).toEqual([...files].sort());
  const times = groups.map((g) => g.reduce((sum, f) => sum + (weights[f] ?? 0), 0));
  expect(Math.max(...times) - Math.min(...times)).toBeLessThanOrEqual(60);
});

test('longest first to the least loaded; an unknown file counts as the median; no empty group', () => {
  const weights = { 'a.ts': 100, 'b.ts': 60, 'c.ts': 50, 'd.ts': 10 };
  // a 100 | b 60, new 60 (the median) | c 50 to the first (100 < 120) | d 10 to the second (130 < 150)
  expect(groupsOf(['a.ts', 'b.ts', 'c.ts', 'd.ts', 'new.ts'], 2, weights)).toEqual([
    ['a.ts', 'c.ts'],
    ['b.ts', 'd.ts', 'new.ts'],
  ]);
  expect(groupsOf(['x.ts'], 4)).toEqual([['x.ts']]);
});

test("a report's file times: the top-level suite of each file, not its describe blocks", () => {
  const junit =
    '<testsuites><testsuite name="test/http/a.test.ts" file="test/http/a.test.ts" tests="3" time="1.745141077" hostname="vm">' +
    '<testsuite name="PATCH /account" file="test/http/a.test.ts" line="19" tests="3" time="0.748"></testsuite></testsuite></testsuites>';
  expect(fileTimes(junit)).toEqual({ 'test/http/a.test.ts': 1.7 });
});

test('the reports merge into one: suites kept, counts added, the longest time', () => {
  const report = (tests: number, failures: number, time: number, name: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="bun test" tests="${tests}" assertions="1" failures="${failures}" skipped="0" time="${time}"><testsuite name="${name}"></testsuite></testsuites>\n`;
  const merged = mergedJunit([report(3, 0, 10, 'a'), report(5, 1, 30, 'b'), '', report(2, 0, 20, 'c')]);
  expect(merged).toContain('tests="10" assertions="3" failures="1" skipped="0" time="30"');
  for (const name of ['a', 'b', 'c']) expect(merged).toContain(`<testsuite name="${name}">`);
});
