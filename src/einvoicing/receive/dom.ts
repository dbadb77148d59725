// Reading a parsed e-invoice by local element names: UBL and CII each use their own namespaces for every
// element, so a path of local names (`AccountingSupplierParty/Party/PartyName/Name`) is unambiguous within
// one syntax. The DOM is xmlbuilder2's (no DTD is ever loaded: the input was checked before parsing).

export interface XmlElement {
  localName: string;
  textContent: string | null;
  childNodes: ArrayLike<{ nodeType: number }>;
  getAttribute(name: string): string | null;
}

const isElement = (node: { nodeType: number }): node is XmlElement & { nodeType: number } =>
  node.nodeType === 1;

/** The child elements of `el` named `name` (any namespace). */
export function childrenNamed(el: XmlElement | null | undefined, name: string): XmlElement[] {
  if (!el) return [];
  const out: XmlElement[] = [];
  for (const node of Array.from(el.childNodes)) {
    if (isElement(node) && node.localName === name) out.push(node);
  }
  return out;
}

/**
 * The first element at `path` (`A/B/C`, local names) in document order, or null: XPath's `(A/B/C)[1]`, so
 * a `C` under the second `A` is found when the first `A` has none.
 */
export function at(el: XmlElement | null | undefined, path: string): XmlElement | null {
  return firstAt(el, path.split('/'), 0);
}

function firstAt(el: XmlElement | null | undefined, steps: string[], index: number): XmlElement | null {
  for (const child of childrenNamed(el, steps[index] as string)) {
    const found = index === steps.length - 1 ? child : firstAt(child, steps, index + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Every element at `path`, in document order, as XPath reads `A/B`: each step may repeat, so the IDs of a
 * second `SpecifiedTaxRegistration` or `PartyIdentification` are found as well as the first one's.
 */
export function all(el: XmlElement | null | undefined, path: string): XmlElement[] {
  let found: XmlElement[] = el ? [el] : [];
  for (const step of path.split('/')) found = found.flatMap((parent) => childrenNamed(parent, step));
  return found;
}

/** Trimmed text at `path`; undefined when absent or blank (the document data leaves such fields out). */
export function text(el: XmlElement | null | undefined, path?: string): string | undefined {
  const node = path === undefined ? el : at(el, path);
  const value = node?.textContent?.trim();
  return value ? value : undefined;
}

export function attr(el: XmlElement | null | undefined, name: string): string | undefined {
  const value = el?.getAttribute(name)?.trim();
  return value ? value : undefined;
}

/** Drops undefined members, so an object has only what the file states. */
export function defined<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T;
}

/** A list, or undefined when empty (the data leaves empty lists out). */
export const nonEmpty = <T>(list: T[] | undefined): T[] | undefined =>
  list && list.length > 0 ? list : undefined;

/** BT-158: item classification codes with their list (`listID`) and its version. */
export function classificationsOf(codes: XmlElement[]) {
  return nonEmpty(
    codes
      .filter((c) => text(c) && attr(c, 'listID'))
      .map((c) =>
        defined({
          id: text(c) as string,
          scheme_id: attr(c, 'listID') as string,
          scheme_version: attr(c, 'listVersionID'),
        }),
      ),
  );
}

/** BG-32: item attributes, each a name (under `nameTag`) and a value. */
export function attributesOf(properties: XmlElement[], nameTag: string) {
  return nonEmpty(
    properties
      .filter((p) => text(p, nameTag) && text(p, 'Value'))
      .map((p) => ({ name: text(p, nameTag) as string, value: text(p, 'Value') as string })),
  );
}

/** An identifier at `path` with its scheme from `schemeOf` (an attribute or a sibling), or undefined. */
export function identifierAt(
  el: XmlElement | null | undefined,
  path: string,
  schemeOf: (idElement: XmlElement) => string | undefined = (id) => attr(id, 'schemeID'),
): { id: string; scheme_id?: string } | undefined {
  const idElement = at(el, path);
  const id = text(idElement);
  return idElement && id ? defined({ id, scheme_id: schemeOf(idElement) }) : undefined;
}

/** EN 16931 BT-34 / BT-49: an element holding the id with its EAS scheme in `schemeID`; both or nothing. */
export function electronicAddressAt(el: XmlElement | null): { scheme: string; value: string } | undefined {
  const value = text(el);
  const scheme = attr(el, 'schemeID');
  return value && scheme ? { scheme, value } : undefined;
}

/** BT-27/28 (BT-44/45): the trading name is the name shown; the registered name kept only when it differs. */
export function partyNames(registered: string | undefined, trading: string | undefined) {
  return {
    name: trading ?? registered ?? '-',
    legal_name:
      registered !== undefined && trading !== undefined && registered !== trading ? registered : undefined,
  };
}

/**
 * BT-41 / BT-56: the contact point a file names, unless it only repeats the party's name (what a writer
 * without a contact person states, this service's among them).
 */
export function contactName(
  contact: string | undefined,
  registered: string | undefined,
  trading: string | undefined,
): string | undefined {
  return contact !== undefined && contact !== registered && contact !== trading ? contact : undefined;
}

/** BT-30 / BT-47's scheme: an ISO 6523 ICD (four digits) in `schemeID`, else nothing (the data derives one). */
export function icdOf(el: XmlElement | null): string | undefined {
  const scheme = attr(el, 'schemeID');
  return scheme && /^[0-9]{4}$/.test(scheme) ? scheme : undefined;
}
