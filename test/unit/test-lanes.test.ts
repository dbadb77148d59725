// `npm test` deals every test file to one of its processes (scripts/test-lanes.ts): each file exactly once,
// the servers' tests apart from the rest, and the reports merged into one junit file CI counts.
import { expect, test } from 'bun:test';
import { groupsOf, laneOf, mergedJunit, testFiles } from '../../scripts/test-lanes';

test('every test file runs in exactly one group, the servers apart from unit, CLI and console', () => {
  const files = testFiles();
  const groups = groupsOf(files);
  expect(groups).toHaveLength(4);
  expect(groups.flat().sort()).toEqual([...files].sort());
  const servers = (f: string) => f.startsWith('test/http/') || f.startsWith('test/integration/');
  expect(groups.map((g) => [g.every(servers), g.some(servers)])).toEqual([
    [true, true],
    [true, true],
    [false, false],
    [false, false],
  ]);
  // Dealt in turn: no group holds all the slow files of its kind.
  for (const kind of [groups.slice(0, 2), groups.slice(2)]) {
    const slow = kind.map((g) => g.filter((f) => laneOf(f) === 'slow').length);
    expect(Math.min(...slow)).toBeGreaterThan(0);
  }
});

test('few files: no empty group', () => {
  expect(groupsOf(['test/http/a.test.ts', 'test/unit/b.test.ts'])).toEqual([
    ['test/http/a.test.ts'],
    ['test/unit/b.test.ts'],
  ]);
});

test('the reports merge into one: suites kept, counts added, the longest time', () => {
  const report = (tests: number, failures: number, time: number, name: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="bun test" tests="${tests}" assertions="1" failures="${failures}" skipped="0" time="${time}"><testsuite name="${name}"></testsuite></testsuites>\n`;
  const merged = mergedJunit([report(3, 0, 10, 'a'), report(5, 1, 30, 'b'), '', report(2, 0, 20, 'c')]);
  expect(merged).toContain('tests="10" assertions="3" failures="1" skipped="0" time="30"');
  for (const name of ['a', 'b', 'c']) expect(merged).toContain(`<testsuite name="${name}">`);
});
