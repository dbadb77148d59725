// CI's last words before its summary: every failed test of the lanes' junit reports, by lane, file and
// name, with the first lines of its message. The lanes print their `(fail)` lines as they go, and what a
// reader of CI's end sees is its tail: without this list a red run says how many failed, not which.
//   bun scripts/junit-failures.ts LABEL=REPORT.xml ...
import { existsSync, readFileSync } from 'node:fs';

const MESSAGE_LINES = 4;

const fromXml = (text: string) =>
  text
    .replace(/&#10;/g, '\n')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const attribute = (tag: string, name: string) =>
  fromXml(tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1] ?? '');

/** The failed test cases of one junit report: a `<testcase ...>` that is not self-closing and holds a failure. */
export function failuresOf(xml: string): { file: string; line: string; name: string; message: string }[] {
  const found = [];
  // Attributes one by one: a test's name may hold a '>' (self-closing cases, which passed, do not match).
  for (const match of xml.matchAll(/<testcase((?:\s+[\w:-]+="[^"]*")*)\s*>([\s\S]*?)<\/testcase>/g)) {
    const [, tag = '', body = ''] = match;
    const failure = body.match(/<failure [^>]*message="([^"]*)"/);
    if (!failure) continue;
    const classname = attribute(tag, 'classname');
    const name = attribute(tag, 'name');
    found.push({
      file: attribute(tag, 'file'),
      line: attribute(tag, 'line'),
      name: classname ? `${classname} > ${name}` : name,
      message: fromXml(failure[1] ?? ''),
    });
  }
  return found;
}

if (import.meta.main) {
  let total = 0;
  for (const argument of process.argv.slice(2)) {
    const [label, report] = argument.split('=') as [string, string];
    if (!existsSync(report)) continue;
    for (const failure of failuresOf(readFileSync(report, 'utf8'))) {
      if (total++ === 0) console.log('--- failed tests (lane: file:line name)');
      console.log(`${label}: ${failure.file}:${failure.line} ${failure.name}`);
      const lines = failure.message.split('\n').filter((line) => line.trim() !== '');
      for (const line of lines.slice(0, MESSAGE_LINES)) console.log(`    ${line.slice(0, 200)}`);
    }
  }
}
