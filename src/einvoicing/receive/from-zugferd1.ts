// ZUGFeRD 1.0 (`rsm:CrossIndustryDocument`, urn:ferd:CrossIndustryDocument:invoice:1p0, BASIC / COMFORT /
// EXTENDED; 2014-2019) read into the document data. Its structure is the CII of ZUGFeRD 2 / Factur-X under
// older element names, so the file is read through a view that gives each element its 2.x name and the CII
// reader does the rest; what 1.0 has and 2.x does not (logistics service charges, note-only lines) is
// read here (logistics service charges, which ZUGFeRD 2.0 EXTENDED kept, are read by the CII reader). ZUGFeRD 1.0 predates EN 16931: no profile applies and a warning says so.
import type { DocumentData } from '../../domain/document-data';
import { dec, eq, isDecimalString, isZero, sum } from '../../domain/money';
import { all, at, text, type XmlElement } from './dom';
import { fromCii } from './from-cii';
import { taxesOf } from './shared';
import type { ReadInvoice, ReceiveWarning } from './types';

export const ZUGFERD_1_NAMESPACE = 'urn:ferd:CrossIndustryDocument:invoice:1p0';

/** 1.0 names -> 2.x names, wherever they occur. */
const RENAMED: Record<string, string> = {
  SpecifiedExchangedDocumentContext: 'ExchangedDocumentContext',
  HeaderExchangedDocument: 'ExchangedDocument',
  SpecifiedSupplyChainTradeTransaction: 'SupplyChainTradeTransaction',
  ApplicableSupplyChainTradeAgreement: 'ApplicableHeaderTradeAgreement',
  ApplicableSupplyChainTradeDelivery: 'ApplicableHeaderTradeDelivery',
  ApplicableSupplyChainTradeSettlement: 'ApplicableHeaderTradeSettlement',
  SpecifiedSupplyChainTradeAgreement: 'SpecifiedLineTradeAgreement',
  SpecifiedSupplyChainTradeDelivery: 'SpecifiedLineTradeDelivery',
  SpecifiedSupplyChainTradeSettlement: 'SpecifiedLineTradeSettlement',
  ApplicablePercent: 'RateApplicablePercent',
};

/** Names that depend on where they stand: the summation of the header or of a line, a document's id. */
function renamed(name: string, parent: string): string {
  if (name === 'SpecifiedTradeSettlementMonetarySummation') {
    return parent === 'SpecifiedLineTradeSettlement'
      ? 'SpecifiedTradeSettlementLineMonetarySummation'
      : 'SpecifiedTradeSettlementHeaderMonetarySummation';
  }
  if (name === 'ID' && parent.endsWith('ReferencedDocument')) return 'IssuerAssignedID';
  return RENAMED[name] ?? name;
}

type Node = XmlElement & { nodeType: number };

/** A line that is only a note (1.0 EXTENDED writes free text as a line of its own): no product, no quantity. */
const isNoteLine = (el: XmlElement) =>
  el.localName === 'IncludedSupplyChainTradeLineItem' && !at(el, 'SpecifiedTradeProduct');

/**
 * The element under its 2.x name, its children likewise. A date written as the element's own text
 * (`<IssueDateTime format="102">20140519</IssueDateTime>`, the 1.0 release candidate) gets the
 * `DateTimeString` child 2.x reads.
 */
function view(el: XmlElement, parent: string, cache: WeakMap<XmlElement, Node>): Node {
  const kept = cache.get(el);
  if (kept) return kept;
  const name = renamed(el.localName, parent);
  let children: Node[] | null = null;
  const node: Node = {
    nodeType: 1,
    localName: name,
    get textContent() {
      return el.textContent;
    },
    get childNodes() {
      if (children === null) {
        const elements = Array.from(el.childNodes).filter((c): c is Node => c.nodeType === 1);
        children = elements.filter((c) => !isNoteLine(c)).map((c) => view(c, name, cache));
        if (elements.length === 0 && name.endsWith('DateTime') && el.textContent?.trim()) {
          children = [{ ...node, localName: 'DateTimeString', childNodes: [] } as Node];
        }
      }
      return children;
    },
    getAttribute: (attribute: string) => el.getAttribute(attribute),
  };
  cache.set(el, node);
  return node;
}

/** The 1.0 profile a BT-24 names (`…:1p0:comfort`), for the warning: BASIC, COMFORT or EXTENDED. */
function profileName(customizationId: string | null): string | undefined {
  return /:(basic|comfort|extended)$/i.exec(customizationId ?? '')?.[1]?.toUpperCase();
}

export function fromZugferd1(root: XmlElement): ReadInvoice {
  const read = fromCii(view(root, '', new WeakMap()));
  const settlement = at(root, 'SpecifiedSupplyChainTradeTransaction/ApplicableSupplyChainTradeSettlement');
  const lineElements = all(
    at(root, 'SpecifiedSupplyChainTradeTransaction'),
    'IncludedSupplyChainTradeLineItem',
  ).filter((l) => !isNoteLine(l));
  const data = withHeaderTax(allowanceSigns(read.data, read.totals.discount_total), lineElements, settlement);
  const profile = profileName(read.customizationId);
  const warnings: ReceiveWarning[] = [
    {
      term: 'BT-24',
      path: 'SpecifiedExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter',
      message: `ZUGFeRD 1.0${profile ? ` ${profile}` : ''}: read as far as it goes, but ZUGFeRD 1.0 predates EN 16931 and is not an EN 16931 invoice (no profile's rules apply)`,
      code: 'format_zugferd_1',
      params: profile ? { profile } : {},
    },
    ...read.warnings,
  ];
  const noteLines = all(at(root, 'SpecifiedSupplyChainTradeTransaction'), 'IncludedSupplyChainTradeLineItem')
    .filter(isNoteLine)
    .map((l) => text(l, 'AssociatedDocumentLineDocument/IncludedNote/Content'))
    .filter((n): n is string => n !== undefined);
  if (noteLines.length > 0) {
    warnings.push({
      term: 'BT-22',
      path: 'IncludedSupplyChainTradeLineItem',
      message: `${noteLines.length} line(s) holding only a note are kept in the document's notes`,
      code: 'note_lines',
      params: { count: String(noteLines.length) },
    });
  }
  const notes = [data.notes, ...noteLines].filter(Boolean).join('\n\n');
  return { ...read, format: 'zugferd_1', data: { ...data, ...(notes && { notes }) }, warnings };
}

/**
 * 1.0 writers often signed an allowance's amount (`ActualAmount` -21.55 under ChargeIndicator false) while
 * its AllowanceTotalAmount is positive: the indicator says what it is, so the amount is taken unsigned.
 * A correction that negates every amount does the opposite: its AllowanceTotalAmount is below zero
 * (-0.23) and its allowances unsigned (0.10, 0.06, 0.05, 0.02); when they add up to it, they are negated
 * with it, as ZUGFeRD 2's corrections state them (docs/calculation.md rule 5b).
 */
function allowanceSigns(data: DocumentData, allowanceTotal: string | undefined): DocumentData {
  if (!data.discounts) return data;
  const total = allowanceTotal?.trim();
  if (total?.startsWith('-')) return negatedAllowances(data.discounts, total.slice(1), data);
  return {
    ...data,
    discounts: data.discounts.map((d) => (d.value.startsWith('-') ? { ...d, value: d.value.slice(1) } : d)),
  };
}

function negatedAllowances(
  discounts: NonNullable<DocumentData['discounts']>,
  magnitude: string,
  data: DocumentData,
): DocumentData {
  const unsigned = discounts.every(
    (d) => d.type === 'fixed' && isDecimalString(d.value) && !d.value.startsWith('-'),
  );
  if (
    !unsigned ||
    !isDecimalString(magnitude) ||
    !eq(sum(discounts.map((d) => dec(d.value))), dec(magnitude))
  )
    return data;
  return {
    ...data,
    discounts: discounts.map((d) => (isZero(dec(d.value)) ? d : { ...d, value: `-${d.value}` })),
  };
}

/**
 * 1.0 BASIC lines state no VAT of their own: with one VAT breakdown in the header, that is every line's
 * (with several, which line has which is not said, and the stated totals stand).
 */
function withHeaderTax(data: DocumentData, lines: XmlElement[], settlement: XmlElement | null): DocumentData {
  const header = all(settlement, 'ApplicableTradeTax');
  const only = header.length === 1 ? header[0] : undefined;
  if (!only || lines.length !== data.line_items.length) return data;
  const tax = taxesOf(
    { category: text(only, 'CategoryCode') ?? 'S', rate: text(only, 'ApplicablePercent') ?? '0' },
    new Map(),
  );
  return {
    ...data,
    line_items: data.line_items.map((line, i) =>
      at(lines[i], 'SpecifiedSupplyChainTradeSettlement/ApplicableTradeTax') ? line : { ...line, taxes: tax },
    ),
  };
}
