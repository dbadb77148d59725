// Random structural mutants of well-formed e-invoices, for verdict parity on documents nobody wrote by hand:
// elements deleted, copied, moved, swapped or added where no schema puts them, values and attributes
// replaced by odd ones or wrapped in whitespace, comments and stray text between elements, a prefix
// renamed, a namespace made the default one. Seeded, so a failing case names a mutant that can be made again.

type Element = { kind: 'element'; name: string; attrs: string; children: XmlNode[] };
type XmlNode = Element | { kind: 'raw'; text: string };

/** Tags, text, comments, processing instructions and CDATA of well-formed XML (the examples' and corpus's). */
const TOKEN =
  /(<\?[\s\S]*?\?>)|(<!--[\s\S]*?-->)|(<!\[CDATA\[[\s\S]*?\]\]>)|<\/([^>\s]+)\s*>|<([^\s>/!?]+)((?:\s+[^\s=]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;

function parse(xml: string): { prolog: string; root: Element } {
  const document: Element = { kind: 'element', name: '#document', attrs: '', children: [] };
  const open: Element[] = [document];
  let prolog = '';
  for (const m of xml.matchAll(TOKEN)) {
    const parent = open[open.length - 1] as Element;
    if (m[4] !== undefined) open.pop();
    else if (m[5] !== undefined) {
      const element: Element = { kind: 'element', name: m[5], attrs: m[6] ?? '', children: [] };
      parent.children.push(element);
      if (m[7] !== '/') open.push(element);
    } else if (open.length === 1) prolog += m[0];
    else parent.children.push({ kind: 'raw', text: m[0] });
  }
  const root = document.children.find((c) => c.kind === 'element');
  if (root?.kind !== 'element') throw new Error('no root element');
  return { prolog, root };
}

function serialize(node: XmlNode): string {
  if (node.kind === 'raw') return node.text;
  if (node.children.length === 0) return `<${node.name}${node.attrs}/>`;
  return `<${node.name}${node.attrs}>${node.children.map(serialize).join('')}</${node.name}>`;
}

/** Every element under (and with) `root`, with its parent (null for the root). */
function elements(root: Element, parent: Element | null = null, out: [Element, Element | null][] = []) {
  out.push([root, parent]);
  for (const child of root.children) if (child.kind === 'element') elements(child, root, out);
  return out;
}

const copy = (node: XmlNode): XmlNode =>
  node.kind === 'raw' ? { ...node } : { ...node, children: node.children.map(copy) };

/**
 * Values that trip the rules: empty, spaces, signs, too many decimals, not numbers, not dates, codes; NaN,
 * infinity and negative zero (Saxon-HE 9.9 compares a node's `NaN` and `-0.00` with a number by Java's
 * `Double.compare`, src/einvoicing/schematron/xpath-compare.ts), two signs, a year of five digits.
 */
const VALUES = [
  '',
  ' ',
  '0',
  '-1',
  '1.005',
  'abc',
  '2026-13-45',
  'XXX',
  ' 12.00 ',
  '1e3',
  '100.00',
  'S',
  'AE',
  'DE',
  'Z',
  '0.00',
  '19',
  '2026-01-01',
  'NaN',
  'INF',
  '-0.00',
  '-0',
  '+-1',
];

/** A seeded generator (an LCG: the same seed, the same mutants on every machine). */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

type Random = ReturnType<typeof random>;

const OPERATIONS: Record<string, (root: Element, r: Random) => void> = {
  delete: (root, r) => {
    const [element, parent] = r.pick(elements(root).filter(([, p]) => p !== null));
    parent?.children.splice(parent.children.indexOf(element), 1);
  },
  copy: (root, r) => {
    const [element, parent] = r.pick(elements(root).filter(([, p]) => p !== null));
    parent?.children.splice(parent.children.indexOf(element) + 1, 0, copy(element));
  },
  value: (root, r) => {
    const [leaf] = r.pick(elements(root).filter(([e]) => e.children.every((c) => c.kind === 'raw')));
    leaf.children = [{ kind: 'raw', text: r.pick(VALUES) }];
  },
  attribute: (root, r) => {
    const owners = elements(root).filter(
      ([e, p]) => p !== null && /\S/.test(e.attrs) && !e.attrs.includes('xmlns'),
    );
    if (owners.length === 0) return;
    const [owner] = r.pick(owners);
    owner.attrs = r.next() < 0.5 ? '' : owner.attrs.replace(/"[^"]*"/, `"${r.pick(VALUES)}"`);
  },
  move: (root, r) => {
    const all = elements(root);
    const [element, parent] = r.pick(all.filter(([, p]) => p !== null));
    const [target] = r.pick(all.filter(([e]) => e.children.some((c) => c.kind === 'element')));
    // Not into itself.
    if (parent === null || elements(element).some(([e]) => e === target)) return;
    parent.children.splice(parent.children.indexOf(element), 1);
    target.children.splice(Math.floor(r.next() * (target.children.length + 1)), 0, element);
  },
  swap: (root, r) => {
    const [parent] = r.pick(
      elements(root).filter(([e]) => e.children.filter((c) => c.kind === 'element').length > 1),
    );
    const at = parent.children.flatMap((c, i) => (c.kind === 'element' ? [i] : []));
    const [i, j] = [r.pick(at), r.pick(at)];
    [parent.children[i], parent.children[j]] = [parent.children[j] as XmlNode, parent.children[i] as XmlNode];
  },
  spaced: (root, r) => {
    // Whitespace and line breaks around a value, as pretty-printers write them: XML Schema collapses them
    // for most types (dates and times included), the rules see them.
    const [leaf] = r.pick(
      elements(root).filter(([e]) => e.children.length > 0 && e.children.every((c) => c.kind === 'raw')),
    );
    leaf.children = [{ kind: 'raw', text: '\n    ' }, ...leaf.children, { kind: 'raw', text: ' \n  ' }];
  },
  between: (root, r) => {
    const [element] = r.pick(elements(root));
    const text = r.pick(['<!-- a comment -->', '<?app instruction?>', '\n      ', 'stray text']);
    element.children.splice(Math.floor(r.next() * (element.children.length + 1)), 0, { kind: 'raw', text });
  },
  add: (root, r) => {
    const [element] = r.pick(elements(root).filter(([e]) => e.children.some((c) => c.kind === 'element')));
    const prefix = element.name.includes(':') ? `${element.name.split(':')[0]}:` : '';
    const name = r.pick(['ID', 'Note', 'Amount', 'TaxAmount', 'Name', 'InvoiceLine', 'Unknown']);
    element.children.splice(Math.floor(r.next() * (element.children.length + 1)), 0, {
      kind: 'element',
      name: `${prefix}${name}`,
      attrs: r.next() < 0.5 ? '' : ' currencyID="EUR"',
      children: [{ kind: 'raw', text: r.pick(VALUES) }],
    });
  },
};

/** The same document with one declared prefix renamed everywhere (`cbc` -> `zcbc`): names are namespaces. */
function renamePrefix(xml: string, r: Random): string {
  const prefixes = [...new Set([...xml.matchAll(/xmlns:([\w-]+)=/g)].map((m) => m[1] as string))];
  if (prefixes.length === 0) return xml;
  const prefix = r.pick(prefixes);
  return xml
    .replace(new RegExp(`xmlns:${prefix}=`, 'g'), `xmlns:z${prefix}=`)
    .replace(new RegExp(`(</?)${prefix}:`, 'g'), `$1z${prefix}:`);
}

/** The same document with one prefix's elements in that namespace as the default one, declared on each. */
function defaultNamespace(xml: string, r: Random): string {
  const declared = [...xml.matchAll(/xmlns:([\w-]+)="([^"]+)"/g)].filter((m) => m[1] !== 'xsi');
  if (declared.length === 0) return xml;
  const [, prefix, namespace] = r.pick(declared);
  return xml
    .replace(new RegExp(`<${prefix}:([\\w.-]+)(?=[\\s/>])`, 'g'), `<$1 xmlns="${namespace}"`)
    .replace(new RegExp(`</${prefix}:`, 'g'), '</');
}

/** `count` mutants of the given documents, each one to three operations, some with a namespace change. */
export function randomMutants(
  sources: readonly { name: string; xml: string }[],
  count: number,
  seed: number,
): { name: string; xml: string }[] {
  const r = random(seed);
  return Array.from({ length: count }, (_, n) => {
    const source = r.pick(sources);
    const { prolog, root } = parse(source.xml);
    const done: string[] = [];
    for (let i = 1 + Math.floor(r.next() * 3); i > 0; i--) {
      const name = r.pick(Object.keys(OPERATIONS));
      OPERATIONS[name]?.(root, r);
      done.push(name);
    }
    let xml = prolog + serialize(root);
    if (r.next() < 0.15) {
      xml = renamePrefix(xml, r);
      done.push('prefix renamed');
    }
    if (r.next() < 0.15) {
      xml = defaultNamespace(xml, r);
      done.push('default namespace');
    }
    return { name: `${source.name} (random mutant ${n + 1}: ${done.join(', ')})`, xml };
  });
}
