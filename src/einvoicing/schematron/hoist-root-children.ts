/**
 * The rules whose context is the invoice itself (`/ubl:Invoice | /cn:CreditNote` in the CEN stylesheets,
 * `ubl-creditnote:CreditNote | ubl-invoice:Invoice` in SchXslt's) hold hundreds of asserts on paths from the
 * invoice: `count(cac:PaymentMeans)`, and in the CEN syntax rules 140 like
 * `not((cac:InvoiceLine|cac:CreditNoteLine)/cac:Item/cac:AdditionalItemProperty/cbc:Name)`. Each walks every
 * child of the invoice (on a 1,000-line invoice 2,000 nodes, lines and the whitespace between them, each
 * name-tested) and then every line's children: on the CEN UBL rules over 3 million name tests per invoice.
 *
 * This rewrite reads such a path from a global variable, computed once per document, when the context node
 * is the document element, and evaluates it as written otherwise: `P` becomes
 * `(if (. is $hoisted-root-element) then $hoisted-… else P)`. A one-step path `cac:X` reads
 * `$hoisted-root-element/cac:X`; a longer one `a/b/c` reads `$(a/b)/c`, the variable of its prefix (itself
 * hoisted the same way) followed by its last step, so paths that share a prefix walk it once. Both are the
 * path's nodes in document order. The path is child steps with plain names only (the first
 * may be a union in parentheses), and stops before a step that has a predicate (`a/b[1]` is the first `b`
 * of each `a`); what follows it (`[…]` on a one-step path, `/@id`, `/c[1]`) applies to the variable as it
 * applied to the path (from one context node, `cac:X[1]` is the first of its X children).
 *
 * The guard makes the rewrite exact in any focus (another node reads its own children, as before; no node
 * or no focus raises the error it raised). It is applied where the root can be the focus, so that other
 * nodes pay no guard: the tests of `xsl:when` / `xsl:if` and the `select` of `xsl:variable` in a template
 * whose match pattern is a union of single element name tests, outside `xsl:for-each` and the like; within
 * an expression, a prefixed name that starts a relative path: not after `/`, `!`, `@`, `$` or `::`, not in
 * a predicate or in the parentheses of a step (`//(a|b)`, `a/f(b)`), not a function or type name; string
 * literals are skipped, and an expression with a character reference is left alone. A stylesheet without
 * such templates comes out unchanged.
 *
 * Absolute paths (`/a/b/c`, `/a/b/c/@d`, `/a/b/c[@d = 'x']`: two or more child steps of prefixed names,
 * predicates that read neither a variable nor `current()`, at most an attribute step; not followed by a
 * predicate) are read the same way in every template's own focus, not only the invoice's:
 * `$hoisted-absolute-N` holds `b/c…` from the document element when that is an `a`; what follows the path
 * (`/text()`, `!`) reads the variable's nodes as it read the path's. The CEN CII rules ask for such paths
 * from rules on every line: every `*Quantity` element (CII-DT-033) for every line's
 * `ram:BilledQuantity/@unitCode`, every line's VAT (BR-S-02 and its kind) for the seller's VAT number under
 * `rsm:SupplyChainTradeTransaction`, whose children are the lines: each walk took every line again, a check
 * that grew with the square of the lines (a 2,000-line Factur-X invoice: 12 s).
 * Proof: the parity tests of compile-xslt.ts's rewrites.
 * Any change here must bump CACHE_GENERATION in compile-xslt.ts.
 */
import { ELEMENT_INDEX_DECLARATION, elementsNamed } from './hoist-descendant-scans';
import { chainParts } from './hoist-document-expressions';

const ROOT_LIKE_MATCH =
  /^\s*\/?[A-Za-z_][\w.-]*:[A-Za-z_][\w.-]*\s*(?:\|\s*\/?[A-Za-z_][\w.-]*:[A-Za-z_][\w.-]*\s*)*$/;
const TEMPLATE = /<xsl:template\b[^>]*\bmatch="([^"]*)"[^>]*(?<!\/)>([\s\S]*?)<\/xsl:template>/g;
const EXPRESSION = /(<xsl:(?:when|if) test="|<xsl:variable name="[^"]*" select=")([^"]*)(")/g;
const FOCUS_CHANGE = /<(\/?)xsl:(?:for-each|for-each-group|iterate|analyze-string)\b[^>]*?(\/?)>/g;
const ROOT = 'hoisted-root-element';
const ROOT_CHILDREN = 'hoisted-root-element-children';
const END = '</xsl:template>';

/** The variables the rewritten expressions read: name -> select, and path text -> name. */
export interface Hoisted {
  selects: Map<string, string>;
  paths: Map<string, string>;
}

export function hoistRootChildren(xslt: string): string {
  const anchor = /<xsl:(?:stylesheet|transform)\b[^>]*>/.exec(xslt);
  if (anchor === null) return xslt;
  const hoisted: Hoisted = { selects: new Map(), paths: new Map() };
  const absolute = !xslt.includes('xpath-default-namespace');
  const body = xslt.replace(TEMPLATE, (template: string, match: string, inner: string) => {
    const which = { fromRoot: ROOT_LIKE_MATCH.test(match), absolute };
    if (!which.fromRoot && !absolute) return template;
    const rewritten = rewriteTemplateBody(inner, hoisted, which);
    if (rewritten === inner) return template;
    const head = template.slice(0, template.length - inner.length - END.length);
    return head + rewritten + END;
  });
  if (hoisted.selects.size === 0) return xslt;
  const declared = [
    ...(body.includes(ELEMENT_INDEX_DECLARATION) ? [] : [ELEMENT_INDEX_DECLARATION]),
    `<xsl:variable name="${ROOT}" select="/*"/>`,
    `<xsl:variable name="${ROOT_CHILDREN}" select="count($${ROOT}/*)"/>`,
    ...[...hoisted.selects].map(
      ([name, select]) => `<xsl:variable name="${name}" select="${asAttribute(select)}"/>`,
    ),
  ].join('\n');
  const at = body.indexOf(anchor[0]) + anchor[0].length;
  return `${body.slice(0, at)}\n${declared}\n${body.slice(at)}`;
}

/** Rewrites the expressions of a template body that have the template's own focus. */
function rewriteTemplateBody(inner: string, hoisted: Hoisted, which: Which): string {
  // Offsets inside a focus-changing instruction are left alone.
  const nested: Array<[number, number]> = [];
  const open: number[] = [];
  for (const m of inner.matchAll(FOCUS_CHANGE)) {
    if (m[2] === '/') continue;
    if (m[1] === '/') {
      const from = open.pop();
      if (from !== undefined && open.length === 0) nested.push([from, m.index + m[0].length]);
    } else open.push(m.index);
  }
  if (open.length > 0) return inner;
  const inFocusChange = (at: number) => nested.some(([from, to]) => at >= from && at < to);
  return inner.replace(
    EXPRESSION,
    (all: string, start: string, expression: string, end: string, at: number) =>
      inFocusChange(at) ? all : start + rewriteExpression(expression, hoisted, which) + end,
  );
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
const KEYWORDS_BEFORE = new Set([
  'and',
  'or',
  'div',
  'mod',
  'idiv',
  'in',
  'satisfies',
  'return',
  'then',
  'else',
  'eq',
  'ne',
  'lt',
  'le',
  'gt',
  'ge',
  'is',
  'to',
  'union',
  'intersect',
  'except',
]);

/** Which paths an expression's rewrite reads from variables. */
export interface Which {
  /** Relative paths (guarded): the focus may be the document element. */
  fromRoot: boolean;
  /** Absolute paths: not in a stylesheet with `xpath-default-namespace` (a predicate's names would move). */
  absolute: boolean;
}

/** One attribute value (XML-escaped XPath): its paths read the hoisted variables. */
export function rewriteExpression(
  escaped: string,
  hoisted: Hoisted,
  which: Which = { fromRoot: true, absolute: true },
): string {
  if (/&(?!(?:lt|gt|quot|apos|amp);)/.test(escaped)) return escaped;
  const xpath = escaped.replace(/&(lt|gt|quot|apos|amp);/g, (_all, name: string) => ENTITIES[name] ?? '');
  let out = '';
  // Open brackets; true for those whose content has another focus: a predicate, or the parentheses of a
  // step after `/` or `!` (`//(a|b)`, `a/xs:decimal(b)`), where `b` is read from each node of the path.
  const open: boolean[] = [];
  let quote: string | null = null;
  let changed = false;
  for (let i = 0; i < xpath.length; ) {
    const char = xpath[i] as string;
    if (quote !== null) {
      if (char === quote) quote = null;
      out += char;
      i++;
      continue;
    }
    const ownFocus = !open.includes(true) && startsStep(xpath, i);
    const absolute = ownFocus && which.absolute && char === '/' ? wholePath(xpath, i) : null;
    if (absolute !== null) {
      out += `$${absoluteVariable(absolute.steps, absolute.tail, hoisted)}`;
      i += absolute.length;
      changed = true;
      continue;
    }
    const path = ownFocus && which.fromRoot ? simplePath(xpath.slice(i)) : null;
    if (path !== null) {
      out += `(if (. is $${ROOT}) then $${variableFor(path.steps, hoisted)} else ${path.text})`;
      i += path.text.length;
      changed = true;
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    else if (char === '[') open.push(true);
    else if (char === '(') open.push(/[/!]\s*[\w.:-]*\s*$/.test(xpath.slice(0, i)));
    else if (char === ']' || char === ')') open.pop();
    out += char;
    i++;
  }
  if (!changed) return escaped;
  return asAttribute(out);
}

/** XPath as the text of an attribute value. */
function asAttribute(xpath: string): string {
  return xpath.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

interface SimplePath {
  text: string;
  /** Each step's names: the first may be a union `(a|b)`, the others are one name each. */
  steps: string[][];
}

const QNAME = '[A-Za-z_][\\w.-]*:[A-Za-z_][\\w.-]*';
const NOT_A_STEP = '(?![\\w.-]|\\s*[(:#])';
const NAME_HEAD = new RegExp(`^${QNAME}${NOT_A_STEP}`);
const UNION_HEAD = new RegExp(`^\\(\\s*${QNAME}(?:\\s*\\|\\s*${QNAME})+\\s*\\)`);
const NEXT_STEP = new RegExp(`^/(${QNAME})${NOT_A_STEP}`);

/**
 * The longest path at the start of `text` made of child steps with plain names (the first may be a union
 * in parentheses), without the last step when a predicate follows it (`a/b[1]` is the first b of each a).
 * A union alone is left to its names (`(a|b)[1]` is the first of both).
 */
function simplePath(text: string): SimplePath | null {
  const union = UNION_HEAD.exec(text)?.[0];
  const head = union ?? NAME_HEAD.exec(text)?.[0];
  if (head === undefined) return null;
  const names = union === undefined ? [head] : (union.slice(1, -1).match(new RegExp(QNAME, 'g')) ?? []);
  const steps = [names];
  const ends = [head.length];
  for (let step = NEXT_STEP.exec(text.slice(head.length)); step !== null; ) {
    steps.push([step[1] as string]);
    ends.push((ends.at(-1) as number) + step[0].length);
    step = NEXT_STEP.exec(text.slice(ends.at(-1)));
  }
  if (steps.length > 1 && /^\s*\[/.test(text.slice(ends.at(-1)))) {
    steps.pop();
    ends.pop();
  }
  if (union !== undefined && steps.length === 1) return null;
  return { text: text.slice(0, ends.at(-1)), steps };
}

/**
 * The variable holding the nodes of a path (its steps) from the document element, in document order. Two
 * ways to find them, the cheaper chosen when the document is read:
 * - down, from the variable of the path without its last step (`a/b/c` is `$(a/b)/c`, `a` is
 *   `$root/a`), each prefix computed once however many paths share it: every child of every node of the
 *   prefix is name-tested, for each path. Under the invoice lines that is most of the CEN rules' name tests
 *   (the syntax rules' 140 paths to elements a line must not have, each testing every line's children);
 * - up, from the elements of the last step's name (the index of every element by local name,
 *   ELEMENT_INDEX_DECLARATION), keeping those whose parents are the path's steps up to the document
 *   element: one test per step for each element of that name, none for an element that is absent.
 * Up is taken when the document has no more elements of the last step's name than of the step before's
 * (for a first step, than the document element has children), so it never tests much more than down
 * would; `if` evaluates one branch, and a global variable is computed when first read, so a prefix only
 * up needs is never computed. Both give the path's nodes, each once, in document order (the index lists
 * them in that order).
 */
function variableFor(steps: string[][], hoisted: Hoisted): string {
  const text = steps.map((names) => (names.length === 1 ? names[0] : `(${names.join('|')})`)).join('/');
  const known = hoisted.paths.get(text);
  if (known !== undefined) return known;
  // Only a first step can be a union (and a path of one union step is only a prefix of longer ones).
  const last = steps.at(-1) as string[];
  const down =
    steps.length === 1 ? `$${ROOT}/${text}` : `$${variableFor(steps.slice(0, -1), hoisted)}/${last[0]}`;
  // From the document element down to the last step's parent: `[parent::b[parent::a[.. is $root]]]`.
  let upward = `[.. is $${ROOT}]`;
  for (const names of steps.slice(0, -1)) {
    const step =
      names.length === 1
        ? `parent::${names[0]}`
        : `parent::*[${names.map((n) => `self::${n}`).join(' or ')}]`;
    upward = `[${step}${upward}]`;
  }
  const named = last.map((n) => `${elementsNamed(localOf(n))}[self::${n}]`);
  const up = named.length === 1 ? `${named[0]}${upward}` : `(${named.join(' | ')})${upward}`;
  const before = steps.at(-2);
  const candidates = count(last);
  const rivals = before === undefined ? `$${ROOT_CHILDREN}` : count(before);
  const name =
    steps.length === 1 && last.length === 1
      ? `hoisted-child-${(last[0] as string).replace(':', '-')}`
      : `hoisted-path-${hoisted.paths.size + 1}`;
  hoisted.paths.set(text, name);
  hoisted.selects.set(name, `if (${candidates} le ${rivals}) then ${up} else ${down}`);
  return name;
}

/** A step of an absolute path's tail: a prefixed element name or an attribute, with its predicates. */
const TAIL_STEP = /^\/(?:@|[A-Za-z_][\w.-]*:)/;

/**
 * The absolute path starting at `i`: child steps of one prefixed name each (plain ones first, then steps
 * with predicates that read nothing but their own nodes: no variable, no `current()`), an attribute step
 * at most, two steps or more in all. What follows it (`/text()`, `!`) applies to its nodes as it did. Null
 * when there is none, or a predicate follows it (`/a/b[1]` is the first `b` of each `a`, not of all).
 */
function wholePath(xpath: string, i: number): { steps: string[]; tail: string; length: number } | null {
  const path = simplePath(xpath.slice(i + 1));
  if (path === null || path.steps[0]?.length !== 1) return null;
  const after = xpath.slice(i + 1 + path.text.length);
  if (/^\s*\[/.test(after)) return null;
  const parts = chainParts(after);
  const other = parts.findIndex((part) => !TAIL_STEP.test(part));
  const taken = other < 0 ? parts : parts.slice(0, other);
  const tail = taken.join('');
  if (path.steps.length + taken.length < 2) return null;
  if (/^\s*\[/.test(after.slice(tail.length))) return null;
  const steps = path.steps.map((names) => names[0] as string);
  return { steps, tail, length: 1 + path.text.length + tail.length };
}

/**
 * The variable holding the nodes of an absolute path `/a/b/c…` (its plain steps, then the tail as
 * written): the path `b/c…` from the document element when that is an `a`, else none, in document order.
 * A path from the root has one value per document whatever the focus (a rule's context is a node of the
 * one source document, and the tail reads nothing of the rule's), so it needs no guard.
 */
function absoluteVariable(steps: string[], tail: string, hoisted: Hoisted): string {
  const [first, ...rest] = steps;
  const text = `/${steps.join('/')}${tail}`;
  const known = hoisted.paths.get(text);
  if (known !== undefined) return known;
  const below =
    rest.length === 0
      ? ROOT
      : variableFor(
          rest.map((name) => [name]),
          hoisted,
        );
  const name = `hoisted-absolute-${hoisted.paths.size + 1}`;
  hoisted.paths.set(text, name);
  hoisted.selects.set(name, `if ($${ROOT}/self::${first}) then $${below}${tail} else ()`);
  return name;
}

/** How many elements of the document have these names' local names (from the index: no walk). */
function count(names: string[]): string {
  return names.map((n) => `count(${elementsNamed(localOf(n))})`).join(' + ');
}

function localOf(qname: string): string {
  return qname.slice(qname.indexOf(':') + 1);
}

/** True when a name starting at `i` would be the first step of a relative path with the outer focus. */
function startsStep(xpath: string, i: number): boolean {
  const previous = xpath[i - 1];
  if (previous !== undefined && /[\w.:$@/!?*-]/.test(previous)) return false;
  const before = xpath.slice(0, i).trimEnd();
  if (before === '') return true;
  const last = before[before.length - 1] as string;
  if ('(,=<>+|'.includes(last)) return true;
  if (last === '-' || last === '*') return /\s[-*]$/.test(before);
  const word = /([A-Za-z]+)$/.exec(before)?.[1];
  return (
    word !== undefined &&
    KEYWORDS_BEFORE.has(word) &&
    !/[\w.:$@/-]/.test(before[before.length - word.length - 1] ?? ' ')
  );
}
