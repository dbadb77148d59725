/**
 * saxon-js makes a new dynamic context for every template call, `xsl:for-each` item, predicate, path step
 * and variable scope (`context.newContext(fresh)`): about 210,000 in one CEN UBL check of a 1,000-line
 * invoice, 100,000 in Peppol's. Each one runs the context class's constructor, which builds a complete
 * empty context (two parameter maps of three objects each, four arrays, two objects) that `newContext`
 * then overwrites field by field with the parent's: about a dozen objects made and dropped per context, a
 * quarter of the Peppol rules' CPU profile on a large invoice (the constructor and the maps' own).
 *
 * `newContext` is replaced by one that sets the same fields to the same values without the throw-away
 * objects: what is copied from the parent is copied, what the constructor leaves empty is made empty
 * (fresh parameter maps and local variables when `fresh`). The context class is found by behaviour: the
 * context saxon-js hands the first template it runs (`internals.Push.push(expression, context, ...)`),
 * then its prototype's `newContext`. Before replacing it, both are asked for a child context, fresh and
 * not, and must answer objects with the same fields holding the same values (a map compared by its own
 * fields); otherwise, or if this saxon-js has no such hook, nothing is changed. `bun build --minify`
 * renames no properties, so the fields are found in the executable as in the sources.
 */

type Fields = Record<string, unknown>;

interface ContextPrototype {
  newContext(this: Fields, fresh: boolean): Fields;
  constructor: new () => Fields;
}

interface PushInternals {
  push(expression: unknown, context: unknown, ...rest: unknown[]): unknown;
}

/** Waits for the first template saxon-js runs, then replaces its contexts' `newContext` (once). */
export function spareContextAllocations(saxon: object): void {
  const push = (saxon as { internals?: { Push?: PushInternals } }).internals?.Push;
  const original = push?.push;
  if (push === undefined || typeof original !== 'function') return;
  let looked = false;
  const hook = function (this: unknown, expression: unknown, context: unknown, ...rest: unknown[]) {
    if (!looked) {
      looked = true;
      // Out of the way again, unless something else has wrapped it meanwhile (then it stays a pass-through).
      if (push.push === hook) push.push = original;
      const prototype =
        context === null || typeof context !== 'object' ? null : Object.getPrototypeOf(context);
      if (prototype !== null && typeof prototype.newContext === 'function') {
        replaceNewContext(prototype as ContextPrototype, context as Fields);
      }
    }
    return original.call(this, expression, context, ...rest);
  };
  push.push = hook;
}

function replaceNewContext(prototype: ContextPrototype, sample: Fields): void {
  const original = prototype.newContext;
  const empty = new prototype.constructor();
  const emptyMap = empty.localParams as Fields | undefined;
  if (emptyMap === null || typeof emptyMap !== 'object') return;
  const mapPrototype = Object.getPrototypeOf(emptyMap) as object;
  const hashing = emptyMap.la as Fields | undefined;
  if (hashing === null || typeof hashing !== 'object') return;
  // An empty parameter map as the constructor makes it: its own three fields, nothing else.
  const newMap = (): Fields => {
    const map = Object.create(mapPrototype) as Fields;
    map.Va = [];
    map.ra = {};
    map.la = { ...hashing };
    return map;
  };
  function Context(): void {}
  Context.prototype = prototype;
  const make = Context as unknown as new () => Fields;
  const replacement = function (this: Fields, fresh: boolean): Fields {
    // The fields in the constructor's order (one object shape for all contexts made here).
    const context = new make();
    context.depth = (this.depth as number) + 1;
    context.masterDocument = this.masterDocument;
    context.g = null;
    context.resultDocument = this.resultDocument;
    context.currentComponent = this.currentComponent;
    context.focus = this.focus;
    context.tempOutputState = this.tempOutputState;
    context.outputURIs = this.outputURIs;
    context.fixed = this.fixed;
    context.localParams = fresh ? newMap() : this.localParams;
    context.tunnelParams = fresh ? newMap() : this.tunnelParams;
    context.currentTemplate = this.currentTemplate;
    context.currentMode = this.currentMode;
    context.currentMergeGroup = fresh ? null : this.currentMergeGroup;
    context.currentGroupingKey = this.currentGroupingKey;
    context.currentGroup = this.currentGroup;
    context.currentEvent = this.currentEvent;
    context.currentError = this.currentError;
    context.regexGroups = this.regexGroups;
    context.useAccumulators = this.useAccumulators;
    context.localVars = fresh ? [] : this.localVars;
    context.messageCounts = this.messageCounts;
    context.b = this;
    return context;
  };
  for (const fresh of [true, false]) {
    if (!sameContext(original.call(sample, fresh), replacement.call(sample, fresh))) return;
  }
  prototype.newContext = replacement;
}

/** Same own fields with the same values; parameter maps and arrays made anew compare by their contents. */
function sameContext(expected: Fields, actual: Fields): boolean {
  const keys = Object.keys(expected);
  if (keys.length !== Object.keys(actual).length) return false;
  return keys.every((key) => {
    if (!Object.hasOwn(actual, key)) return false;
    const a = expected[key];
    const b = actual[key];
    if (a === b) return true;
    if (Array.isArray(a) && Array.isArray(b)) return a.length === 0 && b.length === 0;
    return sameMap(a, b);
  });
}

function sameMap(a: unknown, b: unknown): boolean {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const x = a as Fields;
  const y = b as Fields;
  const keys = Object.keys(x);
  if (keys.join() !== Object.keys(y).join()) return false;
  return keys.every((key) => {
    const u = x[key];
    const v = y[key];
    if (Array.isArray(u) && Array.isArray(v)) return u.length === 0 && v.length === 0;
    if (u !== null && v !== null && typeof u === 'object' && typeof v === 'object') {
      const uk = Object.keys(u as Fields);
      return (
        uk.join() === Object.keys(v as Fields).join() &&
        uk.every((k) => (u as Fields)[k] === (v as Fields)[k])
      );
    }
    return u === v;
  });
}
