// The few XML-writing helpers both syntaxes share, over xmlbuilder2. Text is the only user input that
// reaches the XML, and it passes through `clean` here, so neither serializer can write an ill-formed file.
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { xmlbuilder2 } from '../xmlbuilder';

export type { XMLBuilder };

// Characters XML 1.0 forbids (C0 controls other than tab/LF/CR, lone surrogates, U+FFFE/FFFF); xmlbuilder2
// writes them through unchanged, which would make the file unreadable to every parser.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export const clean = (value: string): string => value.replace(NOT_XML, '');

// xmlbuilder2 escapes `&` only when it does not already start an entity reference: `&amp;` or `&#0;` in
// a name went out unescaped, so the reader saw `&` (or, for `&#0;`, a file no parser accepts). Escaping
// every `&` first leaves it nothing to guess: the text read back is exactly the text given.
const escaped = (value: string): string => clean(value).replaceAll('&', '&amp;');

/** A new document whose root declares `prefixes` (prefix -> namespace URI). */
export function newDocument(ns: string, qname: string, prefixes: Record<string, string>): XMLBuilder {
  const attributes: Record<string, string> = {};
  for (const [prefix, uri] of Object.entries(prefixes)) attributes[`xmlns:${prefix}`] = uri;
  return xmlbuilder2().create({ version: '1.0', encoding: 'UTF-8' }).ele(ns, qname, attributes);
}

/** An element with text; nothing at all when the value is absent (empty elements are errors: PEPPOL R008). */
export function leaf(
  parent: XMLBuilder,
  ns: string,
  qname: string,
  value: string | null | undefined,
  attributes?: Record<string, string>,
): void {
  if (value === null || value === undefined || value === '') return;
  const node = attributes === undefined ? parent.ele(ns, qname) : parent.ele(ns, qname, cleanAll(attributes));
  node.txt(escaped(value));
}

function cleanAll(attributes: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) out[name] = escaped(value);
  return out;
}

/** UTF-8 text with the declaration, indented: the same invoice always gives the same bytes. */
export const finish = (root: XMLBuilder): string => root.end({ prettyPrint: true });
