// saxon.ts spares saxon-js work that changes no answer: the document read by parse-source.ts instead of
// saxon-js's own parser (the same DOM, field by field, for every official example and corpus file: the
// describe below), an element's QName kept while its name is unchanged (a source document's named once when
// parsed, parseSource), strings compared without arrays of code points, dynamic contexts made without
// throw-away objects (saxon-contexts.ts). The verdicts the service gives with all of it are Java Saxon-HE's
// on every official example, its mutants and the public receiving corpus (einvoicing-rules-java-parity); this
// file tells such a difference's layer: a 60-line invoice and its mutants (findings on every line) give the
// same findings (rule id, flag, location; or the same transform error) through saxon-js as loadSaxon gives
// it to the service and through saxon-js with nothing changed but XPath's official semantics
// (xpath-semantics.ts) and the function the rewritten stylesheets call for locations (sibling-positions.ts),
// loaded in a worker (a VM of its own, so its saxon-js is a copy the speedups never touched); for every
// ruleset of the document's syntax, with the stylesheets the service runs (the vendored compiled SEFs).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { largePeppolInvoice } from '../../bench/rules-large';
import { loadRulePack } from '../../src/einvoicing/rule-pack';
import { cachedSefPath } from '../../src/einvoicing/schematron/compile-xslt';
import { buildDocument } from '../../src/einvoicing/schematron/parse-source';
import { loadSaxon, parseSource, type Saxon, type SefNode } from '../../src/einvoicing/schematron/saxon';
import { findingsOf, MUTANTS, syntaxOf, xmlFilesUnder } from '../rewrite-parity';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';
import { sharedPath } from '../shared-material';

const ROOT = resolve(import.meta.dir, '../..');
const EXAMPLES = join(OFFICIAL_RULESETS, 'examples');
const CORPUS = sharedPath('receiving-corpus/samples');

/** The worker: plain saxon-js with the official XPath semantics only; answers findings for (ruleset, xml). */
const WORKER = `
globalThis.abstractNode = undefined;
globalThis.HostPlatform = undefined;
const loaded = await import(${JSON.stringify(Bun.resolveSync('saxon-js', ROOT))});
const saxon = loaded.default ?? loaded;
const { installXPathSemantics } = await import(${JSON.stringify(join(ROOT, 'src/einvoicing/schematron/xpath-semantics.ts'))});
const { installSiblingPosition } = await import(${JSON.stringify(join(ROOT, 'src/einvoicing/schematron/sibling-positions.ts'))});
const { findingsOf } = await import(${JSON.stringify(join(ROOT, 'test/rewrite-parity.ts'))});
installXPathSemantics(saxon);
// The rewritten stylesheets call it for their locations (a part of them, not a speedup of saxon-js; its
// positions are proven against Java, einvoicing-rules-java-parity, and the pack's own SEF, -rewrites).
installSiblingPosition();
const sefs = new Map();
self.onmessage = (event) => {
  const { id, ruleset, sef, xml } = event.data;
  if (sef !== undefined) sefs.set(ruleset, JSON.parse(sef));
  self.postMessage({ id, findings: findingsOf(saxon, sefs.get(ruleset), xml) });
};
self.postMessage({ ready: true });
`;

interface Ruleset {
  id: string;
  syntax: 'ubl' | 'cii';
  sef: SefNode;
  text: string;
}

let saxon: Saxon;
const rulesets: Ruleset[] = [];
let worker: Worker;
const waiting = new Map<number, (findings: string[]) => void>();
const sent = new Set<string>();
let nextId = 1;

beforeAll(async () => {
  saxon = await loadSaxon();
  const pack = loadRulePack(join(ROOT, 'assets/rulesets'));
  for (const r of pack.rulesets.values()) {
    if (r.xsltPath === null || (r.syntax !== 'ubl' && r.syntax !== 'cii')) continue;
    // Missing (rewrites changed, not vendored yet): the first test below fails, naming it.
    const path = cachedSefPath(r.id, r.xsltPath, join(ROOT, 'assets/rulesets-sef-cache'));
    if (path === null) continue;
    const text = readFileSync(path, 'utf8');
    rulesets.push({ id: r.id, syntax: r.syntax, sef: JSON.parse(text) as SefNode, text });
  }
  worker = new Worker(URL.createObjectURL(new Blob([WORKER], { type: 'application/javascript' })));
  await new Promise<void>((ready, failed) => {
    worker.onerror = (event) => failed(new Error(event.message));
    worker.onmessage = (event: MessageEvent<{ id?: number; findings?: string[]; ready?: true }>) => {
      if (event.data.ready) ready();
      else waiting.get(event.data.id ?? 0)?.(event.data.findings ?? []);
    };
  });
}, 300_000);
afterAll(() => worker?.terminate());

/** Findings of the plain saxon-js in the worker. */
function plainFindings(ruleset: Ruleset, xml: string): Promise<string[]> {
  const id = nextId++;
  const sef = sent.has(ruleset.id) ? undefined : ruleset.text;
  sent.add(ruleset.id);
  return new Promise((answer) => {
    waiting.set(id, answer);
    worker.postMessage({ id, ruleset: ruleset.id, sef, xml });
  });
}

/** Findings as the service reads them: the document parsed by parseSource (its elements named once). */
const spedUpFindings = (sef: SefNode, xml: string): string[] =>
  findingsOf(saxon, sef, xml, (text) => parseSource(saxon, text));

/** Compares both for every ruleset of the document's syntax; returns how many findings were compared. */
async function expectSameFindings(xml: string): Promise<number> {
  let compared = 0;
  for (const ruleset of rulesets.filter((r) => r.syntax === syntaxOf(xml))) {
    const plain = plainFindings(ruleset, xml);
    const spared = spedUpFindings(ruleset.sef, xml);
    expect({ ruleset: ruleset.id, findings: spared }).toEqual({ ruleset: ruleset.id, findings: await plain });
    compared += spared.length;
  }
  return compared;
}

test('the embedded pack has the five rulesets, each with its vendored compiled SEF', () => {
  expect(rulesets.map((r) => r.id).sort()).toEqual([
    'en16931-cii',
    'en16931-ubl',
    'peppol-bis-billing-3',
    'xrechnung-cii',
    'xrechnung-ubl',
  ]);
});

test('a 60-line invoice and its mutants: the same findings, the mutants with findings on every line', async () => {
  const xml = largePeppolInvoice(OFFICIAL_RULESETS, 60);
  await expectSameFindings(xml);
  for (const mutate of Object.values(MUTANTS))
    expect(await expectSameFindings(mutate(xml))).toBeGreaterThan(0);
}, 600_000);

/** Every field of every node that holds a plain value (links left out), attributes and children in order. */
function fieldsOf(node: Record<string, unknown>, classes: Map<unknown, number>): unknown {
  const prototype = Object.getPrototypeOf(node);
  if (!classes.has(prototype)) classes.set(prototype, classes.size);
  const fields: Record<string, unknown> = { class: classes.get(prototype), nodeType: node.nodeType };
  for (const key of Object.keys(node).sort()) {
    // The document's count of changes (xmldom's cache stamp for live node lists) says how it was built.
    if (key === 'pc' && node.nodeType === 9) continue;
    const value = node[key];
    if (value === null || typeof value !== 'object')
      fields[key] = typeof value === 'function' ? 'function' : value;
  }
  const attributes = node.attributes as ArrayLike<Record<string, unknown>> | null | undefined;
  if (attributes !== undefined && attributes !== null && typeof attributes.length === 'number') {
    fields.attributes = Array.from({ length: attributes.length }, (_, i) =>
      fieldsOf(attributes[i] as Record<string, unknown>, classes),
    );
  }
  const children: unknown[] = [];
  for (
    let child = node.firstChild as Record<string, unknown> | null;
    child;
    child = child.nextSibling as typeof child
  ) {
    children.push(fieldsOf(child, classes));
  }
  fields.children = children;
  return fields;
}

describe('parse-source.ts builds the DOM saxon-js builds, field by field, or gives up', () => {
  const built = (xml: string) => {
    const implementation = (
      saxon.getPlatform().parseXmlFromString('<x/>') as {
        implementation?: { createDocument(a: null, b: null, c: null): unknown };
      }
    ).implementation;
    const document = implementation?.createDocument(null, null, null) as Record<string, unknown>;
    return buildDocument(document as never, xml) ? document : null;
  };
  const expectSameDom = (xml: string) => {
    const classes = new Map<unknown, number>();
    const own = built(xml);
    expect(own).not.toBeNull();
    expect(fieldsOf(own as Record<string, unknown>, classes)).toEqual(
      fieldsOf(saxon.getPlatform().parseXmlFromString(xml) as unknown as Record<string, unknown>, classes),
    );
  };
  test('every official example and corpus file saxon-js reads', () => {
    const documents = [
      ...xmlFilesUnder(EXAMPLES).map((file) => join(EXAMPLES, file)),
      ...(existsSync(CORPUS) ? xmlFilesUnder(CORPUS).map((file) => join(CORPUS, file)) : []),
    ]
      .map((path) => readFileSync(path, 'utf8').replace(/^\uFEFF/, ''))
      .filter((xml) => {
        if (/<!DOCTYPE/i.test(xml)) return false;
        try {
          saxon.getPlatform().parseXmlFromString(xml);
          return true;
        } catch {
          return false;
        }
      });
    expect(documents.length).toBeGreaterThan(400);
    for (const xml of documents) expectSameDom(xml);
  }, 600_000);
  test('a 60-line invoice, CRLF line ends, namespaces declared and undeclared, attributes with whitespace and references, ids, CDATA, comments, processing instructions', () => {
    expectSameDom(largePeppolInvoice(OFFICIAL_RULESETS, 60).replace(/\n/g, '\r\n'));
    expectSameDom(
      '<?xml version="1.0" encoding="UTF-8"?>\r\n<!--c0--><a:x xmlns:a="urn:a" xmlns="urn:d" b="x\ty\nz&#10;w&amp;&lt;" id=" p  q " xml:id="r\u00A0 s" a:c=\'1"\'>' +
        't&amp;<![CDATA[<c>&amp;]]>u<y\n/><?pi  body ?><!--c--> &#x41;&#65;&#x1F600;&gt;&quot;&apos;<z xmlns=""><w/></z>\r' +
        '<a:q xmlns:a="urn:other"/></a:x>\r\n<!--after--><?after?>',
    );
  });
  test('a document on one line, and one with long lines between short ones: the same lines as saxon-js says', () => {
    const invoice = largePeppolInvoice(OFFICIAL_RULESETS, 60);
    expectSameDom(invoice.replace(/>\s+</g, '><'));
    expectSameDom(invoice.replace(/>\s+<(?!cac:InvoiceLine>)/g, '><'));
  });
  test('a document on one line is searched for line ends once, not once per element', () => {
    // Counted, not timed: the characters every search for a line end passes over. A 2,000-line invoice on
    // one line (2 MB, 46,000 elements) was searched to its end once per element: 0.4 s of a check at 2,000
    // lines, 37 s at 10,000.
    const xml = largePeppolInvoice(OFFICIAL_RULESETS, 200).replace(/>\s+</g, '><');
    const indexOf = String.prototype.indexOf;
    let scanned = 0;
    String.prototype.indexOf = function (this: string, search: string, from?: number) {
      const found = indexOf.call(this, search, from);
      if (search === '\n' && this.length === xml.length)
        scanned += (found === -1 ? this.length : found) - (from ?? 0);
      return found;
    };
    try {
      expect(built(xml)).not.toBeNull();
    } finally {
      String.prototype.indexOf = indexOf;
    }
    expect(scanned).toBeLessThanOrEqual(xml.length);
  });
  test('what it does not read exactly as saxon-js does, it leaves to saxon-js', () => {
    for (const xml of [
      '<!DOCTYPE a><a/>',
      '<a>&nbsp;</a>',
      '<p:a/>',
      '<a p:b="1"/>',
      '<é/>',
      '<a></b>',
      '<a>',
      '<a/><b/>',
      'text<a/>',
    ]) {
      expect({ xml, built: built(xml) }).toEqual({ xml, built: null });
    }
  });
});

test('a transform does not write the document to check out as text (saxon-js logs its options at every start)', () => {
  const xml = largePeppolInvoice(OFFICIAL_RULESETS, 5);
  const ruleset = rulesets.find((r) => r.syntax === 'ubl') as Ruleset;
  const serialized = (make: (text: string) => unknown): number => {
    const document = make(xml) as object;
    const prototype = Object.getPrototypeOf(document) as { toString(): string };
    const own = prototype.toString;
    let calls = 0;
    prototype.toString = function (this: unknown) {
      calls++;
      return own.call(this);
    };
    try {
      findingsOf(saxon, ruleset.sef, xml, () => document as never);
    } finally {
      prototype.toString = own;
    }
    return calls;
  };
  // saxon-js's own parse is written out once per transform; the document parseSource makes is not.
  expect(serialized((text) => saxon.getPlatform().parseXmlFromString(text))).toBeGreaterThan(0);
  expect(serialized((text) => parseSource(saxon, text))).toBe(0);
  expect(String(parseSource(saxon, xml))).toBe('#document');
});
