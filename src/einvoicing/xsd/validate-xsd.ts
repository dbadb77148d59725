import { relative, sep } from 'node:path';
import type { XmlDocument } from 'libxml2-wasm';
import type { PackSchema, RulePack } from '../rule-pack';
import type { RulesetRun, Violation } from '../rules/types';
import { loadLibxml } from './parse-xml';
import { type LoadedSchema, loadSchema, schemaNamespace } from './schemas';
import { collapseTemporalWhitespace } from './temporal-whitespace';

export interface XsdResult {
  run: RulesetRun;
  violations: Violation[];
}

/** A broken document can yield thousands of schema errors; the first ones say what is wrong. */
const MAX_XSD_VIOLATIONS = 100;

/** The schema set's folder in the pack (`xsd/ubl-2.1/...` -> `ubl-2.1`) names its version. */
function schemaVersion(pack: RulePack, schema: PackSchema): string {
  const parts = pack.dir === null ? [] : relative(pack.dir, schema.path).split(sep);
  return parts[0] === 'xsd' && parts.length > 2 ? (parts[1] ?? '') : (parts.at(-1) ?? '');
}

function notRun(id: string, reason: string): XsdResult {
  return { run: { id, label: 'XML Schema', version: '', ran: false, reason }, violations: [] };
}

/**
 * Validates a parsed document against the profile's schema for its root element: a profile lists several
 * (UBL Invoice and CreditNote) and the root's namespace picks one. Every schema failure is fatal. The
 * document's date and time values are trimmed first, as XML Schema says and libxml2 does not
 * (temporal-whitespace.ts): the caller's parsed tree changes there, not its text.
 */
export async function validateXsd(
  pack: RulePack,
  schemaIds: readonly string[],
  doc: XmlDocument,
  /** The document's text, when the caller has it: spares the date and time search when it has none. */
  text?: string,
): Promise<XsdResult> {
  // `xsd:<id>` once a schema is chosen; plain `xsd` before that, as runProfile reports a missing pack.
  const setId = 'xsd';
  if (!pack.available || pack.dir === null) return notRun(setId, pack.reason ?? 'no rule pack');
  if (schemaIds.length === 0) return notRun(setId, 'the profile names no XML schema');

  const problems: string[] = [];
  const candidates: Array<{ schema: PackSchema; namespace: string }> = [];
  for (const id of schemaIds) {
    const schema = pack.schemas.get(id);
    if (schema === undefined || !schema.available) {
      problems.push(schema?.reason ?? `schema ${id} is not in the rule pack`);
      continue;
    }
    try {
      candidates.push({ schema, namespace: await schemaNamespace(schema) });
    } catch (error) {
      problems.push(`schema ${id} could not be read: ${(error as Error).message}`);
    }
  }

  const root = doc.root;
  const match = candidates.find((c) => c.namespace === root.namespaceUri);
  if (match === undefined) {
    // A schema that could not be read might have been the one for this root: that is "did not run".
    if (problems.length > 0) return notRun(setId, problems.join('; '));
    const expected = candidates.map((c) => c.namespace).join(', ');
    return {
      run: { id: setId, label: 'XML Schema', version: '', ran: true, reason: null },
      violations: [
        xsdViolation(
          setId,
          `/${root.name}`,
          `root element {${root.namespaceUri}}${root.name} is not a document of this profile (expected namespace ${expected})`,
        ),
      ],
    };
  }
  let chosen: { schema: PackSchema; loaded: LoadedSchema };
  try {
    chosen = { schema: match.schema, loaded: await loadSchema(pack.dir, match.schema) };
  } catch (error) {
    return notRun(`xsd:${match.schema.id}`, (error as Error).message);
  }

  const id = `xsd:${chosen.schema.id}`;
  const run: RulesetRun = {
    id,
    label: `XML Schema ${chosen.schema.id}`,
    version: schemaVersion(pack, chosen.schema),
    ran: true,
    reason: null,
  };
  const { XmlValidateError } = await loadLibxml();
  await collapseTemporalWhitespace(doc, text);
  try {
    chosen.loaded.validator.validate(doc);
    return { run, violations: [] };
  } catch (error) {
    if (!(error instanceof XmlValidateError)) {
      // libxml2 failed internally: the document was not checked, which must not read as a pass.
      return {
        run,
        violations: [xsdViolation(id, '/', `schema validation failed: ${(error as Error).message}`)],
      };
    }
    const details = error.details.slice(0, MAX_XSD_VIOLATIONS);
    const violations = details.map((d) =>
      xsdViolation(id, d.xpath ?? `line ${d.line}`, `${d.message.trim()} (line ${d.line})`),
    );
    if (error.details.length > details.length) {
      const more = error.details.length - details.length;
      violations.push(xsdViolation(id, '/', `${more} more schema errors not listed`));
    }
    return { run, violations };
  }
}

function xsdViolation(ruleset: string, path: string, message: string): Violation {
  return { rule: 'XSD', path, message: message.replace(/\s+/g, ' '), severity: 'fatal', ruleset };
}
