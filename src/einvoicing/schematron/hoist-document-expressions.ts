/**
 * Second step of hoist-descendant-scans.ts. Once `//cac:X` reads `$hoisted-descendant-cac-X`, the CEN
 * root rule still filters those sequences the same way in dozens of asserts: for each of nine VAT
 * categories and several asserts per category, `$…ClassifiedTaxCategory[cac:TaxScheme/normalize-space(
 * upper-case(cbc:ID))='VAT']/cbc:ID[…]` walks every invoice line again. Such a chain (a hoisted variable,
 * then predicates and child or attribute steps) whose predicates use nothing but the nodes they filter (no
 * variable, no `current()`) has one value per document, wherever it is written: each of its prefixes
 * becomes a global variable computed once (`$hoisted-expression-N`, the longer ones built on the shorter),
 * and the chain reads the longest. `$v[a][b]` is `($v[a])[b]` and `$v[a]/b` is `($v[a])/b` in XPath, so the
 * values, their order and positional predicates stay the same.
 */
const START = '$hoisted-descendant-';
const NAME_STEP = /^\/(@?[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)(?![\w.:(-])/;

export interface DocumentExpressions {
  /** Chain text (as written) -> variable name. */
  names: Map<string, string>;
  /** Variable name -> its select, in creation order (a longer chain after the shorter one it reads). */
  selects: Map<string, string>;
}

/** Rewrites the chains in one expression, recording the variables they need. */
export function hoistChains(expression: string, hoisted: DocumentExpressions): string {
  let out = '';
  let at = 0;
  for (;;) {
    const start = expression.indexOf(START, at);
    if (start < 0) return out + expression.slice(at);
    const base = /^\$[\w-]+/.exec(expression.slice(start))?.[0] ?? START;
    const parts = chainParts(expression.slice(start + base.length));
    // Hoisted only with a step: the path then evaluates every predicate on every node anyway (sorting its
    // result needs all of it), where a bare `exists($v[p])` may stop early, before a predicate that fails.
    if (!parts.some((part) => part.startsWith('/'))) {
      out += expression.slice(at, start + base.length);
      at = start + base.length;
      continue;
    }
    let previous = base;
    let text = base;
    for (const part of parts) {
      text += part;
      let name = hoisted.names.get(text);
      if (name === undefined) {
        name = `hoisted-expression-${hoisted.names.size + 1}`;
        hoisted.names.set(text, name);
        hoisted.selects.set(name, `${previous}${part}`);
      }
      previous = `$${name}`;
    }
    out += expression.slice(at, start) + previous;
    at = start + text.length;
  }
}

/**
 * The parts of a chain after its variable: filter predicates on the variable itself, then steps with their
 * own predicates (`/cbc:ID[…]` is one part: `$v/x[1]` is the first `x` of each node, not of the whole).
 * Stops at anything else, and at a predicate that reads a variable or `current()`.
 */
export function chainParts(rest: string): string[] {
  const parts: string[] = [];
  let at = 0;
  const predicate = (): string | null => {
    if (rest[at] !== '[') return null;
    const close = closingBracket(rest.slice(at));
    const inner = close < 0 ? '$' : rest.slice(at + 1, at + close);
    if (inner.includes('$') || inner.includes('current(')) return null;
    const text = rest.slice(at, at + close + 1);
    at += text.length;
    return text;
  };
  for (let p = predicate(); p !== null; p = predicate()) {
    if (parts.some((part) => part.startsWith('/'))) break;
    parts.push(p);
  }
  for (;;) {
    const step = NAME_STEP.exec(rest.slice(at))?.[0];
    if (step === undefined) return parts;
    const from = at;
    at += step.length;
    let complete = true;
    while (rest[at] === '[') {
      if (predicate() === null) {
        complete = false;
        break;
      }
    }
    if (!complete) return parts;
    parts.push(rest.slice(from, at));
  }
}

export function documentExpressionDeclarations(hoisted: DocumentExpressions): string[] {
  return [...hoisted.selects].map(([name, select]) => `<xsl:variable name="${name}" select="${select}"/>`);
}

/** Index of the `]` closing the `[` at 0, skipping quoted strings and nested brackets; -1 if none. */
export function closingBracket(text: string): number {
  return closing(text, 0, '[', ']');
}

/** Index of the `close` matching the `open` at `from`, skipping quoted strings and nesting; -1 if none. */
export function closing(text: string, from: number, open: string, close: string): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from; i < text.length; i++) {
    const char = text[i];
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === open) depth++;
    else if (char === close && --depth === 0) return i;
  }
  return -1;
}

/** Splits on `separator` outside quotes, predicates and parentheses; null if those are unbalanced. */
export function splitTopLevel(text: string, separator: string): string[] | null {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "'" || char === '"') i = text.indexOf(char, i + 1);
    else if (char === '[') i = closing(text, i, '[', ']');
    else if (char === '(') i = closing(text, i, '(', ')');
    else if (char === separator) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
    if (i < 0) return null;
  }
  parts.push(text.slice(from));
  return parts;
}
