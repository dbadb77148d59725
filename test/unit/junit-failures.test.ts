// CI names the failed tests at its end (scripts/junit-failures.ts) from bun's junit reports.
import { expect, test } from 'bun:test';
import { failuresOf } from '../../scripts/junit-failures';

test("a junit report's failed cases come back with file, line, describe > name and the message; passed ones do not", () => {
  const xml = `<testsuites tests="3" failures="1">
  <testsuite name="test/a.test.ts">
    <testcase name="one &gt; two &amp; &quot;three&quot;" classname="the block" time="0.1" file="test/a.test.ts" line="12" assertions="1">
      <failure type="AssertionError" message="expect(received).toBe(expected)&#10;&#10;Expected: 2&#10;Received: 1&#10;">trace</failure>
    </testcase>
    <testcase name="passes > too" classname="" time="0.0" file="test/a.test.ts" line="20" assertions="0" />
    <testcase name="skipped" classname="" time="0.0" file="test/a.test.ts" line="30" assertions="0">
      <skipped />
    </testcase>
  </testsuite>
</testsuites>`;
  expect(failuresOf(xml)).toEqual([
    {
      file: 'test/a.test.ts',
      line: '12',
      name: 'the block > one > two & "three"',
      message: 'expect(received).toBe(expected)\n\nExpected: 2\nReceived: 1\n',
    },
  ]);
});
