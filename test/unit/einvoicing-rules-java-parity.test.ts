// The service's verdicts are the official validators' on documents written by others: Java Saxon-HE (the
// processor the official Java validators run) checks every UBL and CII file of the public receiving corpus,
// every official example, the examples' mutants (test/rewrite-parity.ts), 200 random structural mutants of
// them (test/xml-mutants.ts) and two files with a finding on each of hundreds of siblings, with every ruleset
// of the pack for the file's syntax, running the pack's own XSLT; the service checks them the way it does
// (its reader, the rewritten SEF it runs, saxon-js with its XPath corrections; on every eighth chosen case
// the pack's own SEF too, which runs until the rewritten one is compiled). Their findings (rule id, flag,
// location), or a transform error on both sides, must be the same. Java runs as a command line, once per
// ruleset over a folder (Debian: default-jre-headless and libsaxonhe-java; SAXON_JAR names another jar).
// Slow: about 3,100 transforms on each side.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRulePack } from '../../src/einvoicing/rule-pack';
import { parseSource, type Saxon } from '../../src/einvoicing/schematron/saxon';
import { readSvrl } from '../../src/einvoicing/schematron/svrl';
import { tempDir } from '../harness';
import {
  findingsOf,
  MUTANTS,
  type ParityRuleset,
  parityRulesets,
  syntaxOf,
  xmlFilesUnder,
} from '../rewrite-parity';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';
import { sharedPath } from '../shared-material';
import { randomMutants } from '../xml-mutants';

const SAXON_JAR = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';
const CORPUS = sharedPath('receiving-corpus/samples');
const EXAMPLES = join(OFFICIAL_RULESETS, 'examples');
const work = tempDir('inv-java-parity-');
/** Random structural mutants of the official examples (test/xml-mutants.ts) besides the chosen ones. */
const RANDOM_MUTANTS = 200;
/** The pack's own SEF (not rewritten) is checked against Java on every this many chosen cases. */
const OFFICIAL_EVERY = 8;

interface Case {
  /** What the test is named by: the file's path, and the mutant's name. */
  name: string;
  syntax: 'ubl' | 'cii';
  xml: string;
  /** A random mutant: an odd value in a number's place ends a transform with an error more often. */
  random: boolean;
}

/** N empty lines before a document's first (each fails several rules): locations among many siblings. */
function emptyLines(xml: string, line: string, n: number): string {
  const first = xml.indexOf(`<${line}>`);
  return `${xml.slice(0, first)}${`<${line}/>`.repeat(n)}${xml.slice(first)}`;
}

function casesOf(): Case[] {
  const cases: Case[] = [];
  const add = (name: string, xml: string, random = false) => {
    const syntax = syntaxOf(xml);
    if (syntax !== null) cases.push({ name, syntax, xml, random });
  };
  for (const file of xmlFilesUnder(CORPUS)) add(`corpus/${file}`, readFileSync(join(CORPUS, file), 'utf8'));
  const examples = xmlFilesUnder(EXAMPLES).map((file) => ({
    name: `examples/${file}`,
    xml: readFileSync(join(EXAMPLES, file), 'utf8'),
  }));
  for (const { name, xml } of examples) {
    add(name, xml);
    for (const [mutant, mutate] of Object.entries(MUTANTS)) add(`${name} (${mutant})`, mutate(xml));
  }
  // Mutants nobody chose: seeded, so a failing one is made again by its number.
  for (const mutant of randomMutants(examples, RANDOM_MUTANTS, 20261204)) add(mutant.name, mutant.xml, true);
  const peppol = readFileSync(join(EXAMPLES, 'peppol_bis_billing_3/base-example.xml'), 'utf8');
  add('300 empty invoice lines (UBL)', emptyLines(peppol, 'cac:InvoiceLine', 300));
  const cii = readFileSync(join(EXAMPLES, 'factur_x_en16931/CII_example1.xml'), 'utf8');
  add('300 empty line items (CII)', emptyLines(cii, 'ram:IncludedSupplyChainTradeLineItem', 300));
  return cases;
}

const cases = existsSync(CORPUS) ? casesOf() : [];
let saxon: Saxon;
let rulesets: ParityRuleset[] = [];
/** Java's findings by ruleset id and case index; a case without an SVRL file ended in a transform error. */
const java = new Map<string, Map<number, string[]>>();

beforeAll(async () => {
  if (!existsSync(SAXON_JAR)) {
    throw new Error(
      `no Saxon-HE jar at ${SAXON_JAR}: apt-get install -y default-jre-headless libsaxonhe-java`,
    );
  }
  ({ saxon, rulesets } = await parityRulesets());
  const pack = loadRulePack(OFFICIAL_RULESETS);
  for (const syntax of ['ubl', 'cii'] as const) {
    const input = join(work, syntax);
    mkdirSync(input, { recursive: true });
    for (const [i, c] of cases.entries())
      if (c.syntax === syntax) writeFileSync(join(input, `${i}.xml`), c.xml);
  }
  for (const ruleset of rulesets) {
    const xslt = pack.rulesets.get(ruleset.id)?.xsltPath;
    if (xslt == null) throw new Error(`the pack has no XSLT for ${ruleset.id}`);
    const output = join(work, 'out', ruleset.id);
    mkdirSync(output, { recursive: true });
    // A folder as the source: each file is transformed on its own; one that fails is reported, its output
    // left empty, and the others go on.
    Bun.spawnSync(
      [
        'java',
        // One transform per file of a folder, a few hundred: the quick compiler and one GC thread take half
        // the CPU of the JVM's defaults on 2 cores for the same output (6.1 s against 2.5 s for Peppol).
        '-XX:TieredStopAtLevel=1',
        '-XX:+UseSerialGC',
        '-cp',
        SAXON_JAR,
        'net.sf.saxon.Transform',
        `-s:${join(work, ruleset.syntax)}`,
        `-xsl:${xslt}`,
        `-o:${output}`,
      ],
      { stdout: 'ignore', stderr: 'ignore' },
    );
    const found = new Map<number, string[]>();
    for (const name of readdirSync(output)) {
      const text = readFileSync(join(output, name), 'utf8');
      // A transform that failed leaves its file empty (or cut short).
      if (!text.trimEnd().endsWith('schematron-output>')) continue;
      const svrl = parseSource(saxon, text);
      found.set(
        Number(name.replace('.xml', '')),
        readSvrl(svrl)
          .map((f) => `${f.rule} ${f.flag ?? '-'} ${f.location}`)
          .sort(),
      );
    }
    java.set(ruleset.id, found);
  }
}, 900_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

test('the cases hold the corpus, the examples and their mutants, and Java checked nearly all of them', () => {
  expect(cases.length).toBeGreaterThan(1000);
  expect(cases.filter((c) => c.random).length).toBe(RANDOM_MUTANTS);
  for (const ruleset of rulesets) {
    const chosen = [...cases.entries()].filter(([, c]) => c.syntax === ruleset.syntax && !c.random);
    const checked = chosen.filter(([i]) => java.get(ruleset.id)?.has(i)).length;
    // A transform error (a handful of corpus files break a rule's XPath) leaves no SVRL file.
    expect(checked).toBeGreaterThan(chosen.length - 10);
    // Most random mutants are checked to the end too (some have a value a rule cannot convert).
    const random = [...cases.entries()].filter(([, c]) => c.syntax === ruleset.syntax && c.random);
    expect(random.filter(([i]) => java.get(ruleset.id)?.has(i)).length).toBeGreaterThan(random.length * 0.7);
  }
});

test.each(cases.map((c, i) => [c.name, i] as const))(
  '%s',
  (_name, i) => {
    const c = cases[i] as Case;
    for (const ruleset of rulesets.filter((r) => r.syntax === c.syntax)) {
      const theirs = java.get(ruleset.id)?.get(i);
      // The pack's own SEF runs too until the rewritten one is compiled (a new pack, a cache miss): checked
      // the same way on every eighth chosen case.
      const sefs =
        !c.random && i % OFFICIAL_EVERY === 0 ? [ruleset.rewritten, ruleset.official] : [ruleset.rewritten];
      for (const [n, sef] of sefs.entries()) {
        const ours = findingsOf(saxon, sef, c.xml, (xml) => parseSource(saxon, xml));
        expect({
          ruleset: ruleset.id,
          sef: n === 0 ? 'rewritten' : 'official',
          findings: ours[0]?.startsWith('transform error') ? 'transform error' : ours,
        }).toEqual({
          ruleset: ruleset.id,
          sef: n === 0 ? 'rewritten' : 'official',
          findings: theirs ?? 'transform error',
        });
      }
    }
  },
  600_000,
);
