// Sub-invoice lines of Factur-X / ZUGFeRD EXTENDED (since 2.3): lines stand in one list, a sub-line names
// its line by ParentLineID, and LineStatusReasonCode says what each is. A GROUP line's amount is the sum of
// its sub-lines (DETAIL, or GROUP again), and the header's sum of lines (BT-106) and VAT breakdown count the
// sub-lines, not the group again: the Mustang examples' groups carry no VAT rate or 0 %, their sub-lines the
// rates the breakdown states. Read as lines, a group and its sub-lines counted every amount twice.
import { dec, isDecimalString, isZero } from '../../domain/money';
import { text, type XmlElement } from './dom';
import type { ReceiveWarning } from './types';

const LINE_ID = 'AssociatedDocumentLineDocument/LineID';
const PARENT_ID = 'AssociatedDocumentLineDocument/ParentLineID';
const STATUS = 'AssociatedDocumentLineDocument/LineStatusReasonCode';
const LINE_TOTAL =
  'SpecifiedLineTradeSettlement/SpecifiedTradeSettlementLineMonetarySummation/LineTotalAmount';

/**
 * The lines the document's amounts are made of: a GROUP line that has sub-lines is left out (its sub-lines
 * are kept, each with its own amount) and named in a warning; every other line stays as read. A group
 * without sub-lines in the file, or with INFORMATION sub-lines only, is kept, so no amount is lost.
 */
export function withoutGroupLines(all: XmlElement[], warnings: ReceiveWarning[]): XmlElement[] {
  const lines = withoutInformationAmounts(all, warnings);
  // The lines a sub-line (other than itself) counts towards; an INFORMATION line counts towards nothing.
  const parents = new Set(
    lines
      .filter(
        (l) => text(l, STATUS)?.toUpperCase() !== 'INFORMATION' && text(l, PARENT_ID) !== text(l, LINE_ID),
      )
      .map((l) => text(l, PARENT_ID))
      .filter((id) => id !== undefined),
  );
  if (parents.size === 0) return lines;
  const isGroup = (l: XmlElement) => {
    const id = text(l, LINE_ID);
    return text(l, STATUS)?.toUpperCase() === 'GROUP' && id !== undefined && parents.has(id);
  };
  return leftOut(lines, lines.filter(isGroup), warnings, (count, ids) => ({
    code: 'group_lines',
    message: `${count} group line(s) (${ids}), each the sum of its sub-lines, are not kept as lines: their sub-lines are, each with its own amount`,
  }));
}

/**
 * An INFORMATION line (LineStatusReasonCode) is there to be read, not counted: a file's totals leave its
 * amount out. One with an amount other than zero is left out of the lines (the others stay: a text line)
 * and named in a warning; read as a line, its amount was counted in the totals.
 */
function withoutInformationAmounts(lines: XmlElement[], warnings: ReceiveWarning[]): XmlElement[] {
  const counted = (l: XmlElement) => {
    if (text(l, STATUS)?.toUpperCase() !== 'INFORMATION') return false;
    const amount = text(l, LINE_TOTAL)?.trim();
    return amount !== undefined && isDecimalString(amount) && !isZero(dec(amount));
  };
  return leftOut(lines, lines.filter(counted), warnings, (count, ids) => ({
    code: 'information_lines',
    message: `${count} information line(s) (${ids}) with an amount are not kept as lines: an information line's amount is not counted`,
  }));
}

/**
 * `lines` without `out`, which a warning names by their ids (the first ten: a bill of quantities may group
 * hundreds), in the words and under the code `said` gives; `lines` as they are when `out` is empty.
 */
function leftOut(
  lines: XmlElement[],
  out: XmlElement[],
  warnings: ReceiveWarning[],
  said: (count: number, ids: string) => { code: 'group_lines' | 'information_lines'; message: string },
): XmlElement[] {
  if (out.length === 0) return lines;
  const ids = out
    .slice(0, 10)
    .map((l) => text(l, LINE_ID) ?? '?')
    .join(', ');
  warnings.push({
    term: 'BG-25',
    path: 'IncludedSupplyChainTradeLineItem/AssociatedDocumentLineDocument/LineStatusReasonCode',
    ...said(out.length, ids),
    params: { count: String(out.length), lines: ids },
  });
  return lines.filter((l) => !out.includes(l));
}
