import type { XmlDocument } from 'libxml2-wasm';
import { type Saxon, type SaxonNode, textOf } from './saxon';

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const RSM = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';

function childElement(node: SaxonNode | undefined, ns: string, name: string): SaxonNode | undefined {
  if (node === undefined) return undefined;
  for (let i = 0; i < node.childNodes.length; i++) {
    const child = node.childNodes[i];
    if (child?.nodeType === 1 && child.namespaceURI === ns && child.localName === name) return child;
  }
  return undefined;
}

function rootElement(doc: SaxonNode): SaxonNode | undefined {
  for (let i = 0; i < doc.childNodes.length; i++) {
    const child = doc.childNodes[i];
    if (child?.nodeType === 1) return child;
  }
  return undefined;
}

/**
 * The document's CustomizationID (BT-24), which selects the manifest's per-specification severities:
 * UBL `/*\/cbc:CustomizationID`, CII `/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/
 * ram:GuidelineSpecifiedDocumentContextParameter/ram:ID`. Null when absent or unparseable (then only the
 * ruleset-wide severities apply; the rules themselves report the missing BT-24).
 *
 * Its text exactly as it stands, not trimmed: the XRechnung rules compare it exactly (`cbc:CustomizationID
 * = $XR-EXTENSION-ID` in BR-DE-21, `text() = ...` for `$isExtension`; no normalize-space anywhere), so an
 * identifier with a space or U+00A0 around it is no XRechnung extension to them, and BR-DE-21 says so.
 * Trimmed here, the extension's downgrades (BR-CO-16, UBL-CR-646, BR-CL-10 to information) applied to a
 * document the official rules reject as no XRechnung.
 */
export function customizationIdOf(saxon: Saxon, xml: string): string | null {
  let doc: SaxonNode;
  try {
    doc = saxon.getPlatform().parseXmlFromString(xml);
  } catch {
    return null;
  }
  const root = rootElement(doc);
  const ubl = childElement(root, CBC, 'CustomizationID');
  const cii = childElement(
    childElement(
      childElement(root, RSM, 'ExchangedDocumentContext'),
      RAM,
      'GuidelineSpecifiedDocumentContextParameter',
    ),
    RAM,
    'ID',
  );
  const found = ubl ?? cii;
  return found === undefined ? null : textOf(found);
}

/**
 * The same CustomizationID (exactly as it stands, see above) read from a document libxml2 has already parsed
 * (runProfile's, for the schema step): on a 1,000-line invoice, parsing it again with saxon-js only for
 * this costs 0.3-0.7 s.
 */
export function customizationIdOfParsed(doc: XmlDocument): string | null {
  const namespaces = { cbc: CBC, rsm: RSM, ram: RAM };
  const found =
    doc.root.get('cbc:CustomizationID[1]', namespaces) ??
    doc.root.get(
      'rsm:ExchangedDocumentContext[1]/ram:GuidelineSpecifiedDocumentContextParameter[1]/ram:ID[1]',
      namespaces,
    );
  return found === null ? null : found.content;
}
