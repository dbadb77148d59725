// The official rules in Java beside this service, on the same machine: the Peppol check's three steps
// (XSD with the JDK, EN 16931 UBL and Peppol with Saxon-HE compiling the pack's XSLT) on the large invoice
// of rules-large.ts, one cold JVM per run, as the official Java validators run. Needs a JDK and a Saxon-HE
// jar: `apt-get install -y default-jdk-headless libsaxonhe-java` (Debian 12: Saxon-HE 9.9.1).
// Usage: bun bench/rules-java.ts [lines=1000] [runs=3] [rulesets dir=assets/rulesets]
// Env: SAXON_JAR (default /usr/share/java/Saxon-HE.jar); XML=<file> checks that invoice instead, and
// PROFILE=<id> another profile's XSD and rulesets (the CII ones: a file bench/rules-profiles.ts SAVEd).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadRulePack } from '../src/einvoicing/rule-pack';
import { largePeppolInvoice } from './rules-large';

const lines = Number(process.argv[2] ?? 1000);
const runs = Number(process.argv[3] ?? 3);
const dir = resolve(process.argv[4] ?? join(import.meta.dir, '../assets/rulesets'));
const examples = resolve(join(import.meta.dir, '../../shared/rulesets'));
const jar = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';
const PROFILE = process.env.PROFILE ?? 'peppol_bis_billing_3';

const pack = loadRulePack(dir);
const profile = pack.profiles.get(PROFILE);
if (profile === undefined) throw new Error(`the pack has no ${PROFILE}`);
const xsd = pack.schemas.get(profile.xsd[0] ?? '')?.path;
const xslts = profile.rulesets.map((id) => pack.rulesets.get(id)?.xsltPath);
if (xsd === undefined || xslts.some((x) => x == null)) throw new Error('the pack lacks the XSD or an XSLT');

const work = mkdtempSync(join(tmpdir(), 'rules-java-'));
const classes = join(work, 'classes');
const javac = Bun.spawnSync(
  ['javac', '-cp', jar, '-d', classes, join(import.meta.dir, 'java/CheckInvoice.java')],
  { stderr: 'pipe' },
);
if (javac.exitCode !== 0) throw new Error(`javac: ${javac.stderr.toString()}`);
const invoice = join(work, 'invoice.xml');
writeFileSync(invoice, process.env.XML ? readFileSync(process.env.XML) : largePeppolInvoice(examples, lines));

console.log(`${process.env.XML ?? `${lines} lines`}, ${PROFILE}, ${runs} cold JVMs, Saxon-HE from ${jar}`);
const names = profile.rulesets.map((id) => `${pack.rulesets.get(id)?.label ?? id} (compile)`);
console.log(`| Run | Wall (JVM start to exit) | CPU | XSD | ${names.join(' | ')} | Findings |`);
console.log(`|---|---|---|---|${'---|'.repeat(names.length)}---|`);
for (let run = 1; run <= runs; run++) {
  const started = performance.now();
  const child = Bun.spawnSync(
    ['java', '-cp', `${jar}:${classes}`, 'CheckInvoice', invoice, xsd, ...(xslts as string[])],
    { stderr: 'pipe' },
  );
  const wall = (performance.now() - started) / 1000;
  if (child.exitCode !== 0) throw new Error(child.stderr.toString());
  const usage = child.resourceUsage?.cpuTime;
  const cpu = usage === undefined ? Number.NaN : Number(usage.user + usage.system) / 1e6;
  const steps = child.stdout
    .toString()
    .trim()
    .split('\n')
    .map((l) => l.split(' '));
  const ms = (s: string | undefined) => `${(Number(s) / 1000).toFixed(2)} s`;
  const rules = steps.slice(1).map((step) => `${ms(step[1])} (${ms(step[4])})`);
  const findings = steps.map((step) => step[2]).join(' / ');
  console.log(
    `| ${run} | ${wall.toFixed(2)} s | ${cpu.toFixed(2)} s | ${ms(steps[0]?.[1])} | ${rules.join(' | ')} | ${findings} |`,
  );
}
