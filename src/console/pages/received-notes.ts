// A received e-invoice's reading notes (what the file states that the data does not keep), worded in the
// console's language from each note's `code` and `params` (docs/receiving.md, "Reading notes: codes and
// params"). A note without a code (a document received before codes were kept) or with a code this console
// does not know (a newer service) is shown as the service words it, in English.
import { currentLanguage, formatDate, t } from '../i18n';

/** A warning of a received document or of parse's answer, as far as a reading note needs it. */
export interface ReadingNote {
  term: string;
  path: string;
  message: string;
  code?: string;
  params?: Record<string, string>;
}

/** Codes of the inbox's own findings (said at the top of the page), not notes on reading the file. */
export const INBOX_CODES = new Set(['differing_total']);

/** Whether a warning is a note on reading the file (with a code or without: an older document's). */
export const isReadingNote = (w: { code?: string }) => w.code === undefined || !INBOX_CODES.has(w.code);

type Params = Record<string, string>;

interface Wording {
  /** A unit code (UN/ECE Rec. 20) in words; the code itself by default. */
  unit?: (code: string) => string;
}

/** A decimal as stated, in the console's language, its digits kept ("100.00" is "100,00" in German). */
export function statedDecimal(value: string | undefined): string {
  if (value === undefined || !/^[-+]?\d+(\.\d+)?$/.test(value.trim())) return value ?? '';
  const digits = value.trim().split('.')[1]?.length ?? 0;
  const language = currentLanguage() === 'de' ? 'de-DE' : 'en-US';
  const format = new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: 20,
  });
  return format.format(value.trim() as unknown as number);
}

/** Every decimal in a list the service joined ("19.96 + 10.00"), in the console's language. */
const decimalsIn = (text: string | undefined) =>
  (text ?? '').replace(/[-+]?\d+\.\d+/g, (figure) => statedDecimal(figure));

const STATED_TERMS: [string, string][] = [
  ['subtotal', 'BT-106'],
  ['net_total', 'BT-109'],
  ['tax_total', 'BT-110'],
  ['total', 'BT-112'],
  ['amount_due', 'BT-115'],
];

/** The stated totals a note names, "BT-106 100,00; BT-112 119,00". */
const statedTotals = (p: Params) =>
  STATED_TERMS.filter(([name]) => p[name] !== undefined)
    .map(([name, term]) => `${term} ${statedDecimal(p[name])}`)
    .join('; ');

/** What a value not kept is, after the value itself; the part that went with it, when one did. */
function valueNote(text: string, p: Params): string {
  return p.part ? `${text} ${t('(nor the {part} it belongs to)', { part: p.part })}` : text;
}

const NOTES: Record<string, (p: Params, w: Required<Wording>) => string> = {
  format_factur_x_minimum: () =>
    t(
      'Factur-X / ZUGFeRD MINIMUM: a booking aid, not an EN 16931 invoice; the PDF is the invoice (the data has no lines and keeps the stated totals)',
    ),
  format_factur_x_basic_wl: () =>
    t(
      'Factur-X / ZUGFeRD BASIC WL: a booking aid without lines, not an EN 16931 invoice; the PDF is the invoice (the data keeps the stated totals)',
    ),
  format_zugferd_1: (p) =>
    p.profile
      ? t(
          'ZUGFeRD 1.0 {profile}: read as far as it goes, but ZUGFeRD 1.0 predates EN 16931 and is not an EN 16931 invoice (no profile rules apply)',
          { profile: p.profile },
        )
      : t(
          'ZUGFeRD 1.0: read as far as it goes, but ZUGFeRD 1.0 predates EN 16931 and is not an EN 16931 invoice (no profile rules apply)',
        ),
  format_oioubl: () =>
    t(
      'OIOUBL (Danish UBL, not EN 16931): its TaxExclusiveAmount is the VAT total, not the net, and is read so; its tax scheme codes are not UNCL5153',
    ),
  format_zatca: () =>
    t(
      'ZATCA (Saudi e-invoice, not EN 16931): read as far as the EN 16931 terms go; its QR code, stamps and hash chain are not kept',
    ),
  format_peppol_pint: () =>
    t(
      'Peppol PINT (the international invoice, not EN 16931 by its BT-24): read as EN 16931 UBL, which PINT follows; no profile applies',
    ),
  format_ehf_2: () =>
    t(
      'EHF 2 (Norwegian Peppol BIS 4A/5A 2.0, before EN 16931): read as far as the EN 16931 terms go; no profile applies',
    ),
  format_ubl_other: (p) =>
    p.customization_id
      ? t(
          'CustomizationID {customization_id}: names no EN 16931 specification; read as EN 16931 UBL as far as it goes, no profile applies',
          { customization_id: p.customization_id },
        )
      : t(
          'No CustomizationID: the file names no EN 16931 specification; read as EN 16931 UBL as far as it goes, no profile applies',
        ),
  second_tax_registration: () => t('A second tax registration is not kept'),
  other_payment_accounts: (p) =>
    t('Only the first account to pay to is kept ({kept}); also stated: {others}', {
      kept: p.kept ?? '',
      others: p.others ?? '',
    }),
  preceding_invoices: () => t('Only the first 50 preceding invoices are kept'),
  attachment_not_kept: () =>
    t('The attached file stays in the original e-invoice; the data names the document only'),
  link_not_http: (p) => t('The link {url} is no http(s) URL: kept in the description', { url: p.url ?? '' }),
  note_subject_codes: (p) =>
    p.subject_code
      ? t(
          'The notes are kept as one note with the subject code of the first ({subject_code}); the subject codes of the others are not kept: {codes}',
          { subject_code: p.subject_code, codes: p.codes ?? '' },
        )
      : t('The notes are kept as one note; the subject codes of the others are not kept: {codes}', {
          codes: p.codes ?? '',
        }),
  note_lines: (p) =>
    t('{count} line(s) holding only a note are kept in the notes of the document', { count: p.count ?? '' }),
  due_date_before_issue_date: (p) =>
    t('The due date {due_date} is before the issue date {issue_date}: kept in the payment terms', {
      due_date: formatDate(p.due_date),
      issue_date: formatDate(p.issue_date),
    }),
  tax_point_date_code_unknown: (p) =>
    t('The tax point date code {code} is none of the standard codes ({standard_codes})', {
      code: p.code ?? '',
      standard_codes: p.standard_codes ?? '',
    }),
  tax_point_date_code_beside_date: (p) =>
    t('The tax point date code {code} is left out: the file states the tax point date (BT-7) too', {
      code: p.code ?? '',
    }),
  tax_currency_rate_implied: (p) =>
    t(
      'The VAT total in {currency} ({tax_total}) states no exchange rate: kept as the rate it implies, {rate}',
      {
        currency: p.currency ?? '',
        tax_total: statedDecimal(p.tax_total),
        rate: statedDecimal(p.rate),
      },
    ),
  tax_currency_total_not_kept: (p) =>
    t('The VAT total in {currency} is not kept (no exchange rate is stated)', { currency: p.currency ?? '' }),
  document_allowance_percentage: (p) => {
    const values = {
      percent: statedDecimal(p.percent),
      base: statedDecimal(p.base),
      amount: statedDecimal(p.amount),
    };
    return p.base === undefined
      ? t(
          'Stated as {percent} % of no base amount: kept as its amount, {amount} (a percentage is kept only of the amount of the lines it reduces, giving the same amount)',
          values,
        )
      : t(
          'Stated as {percent} % of {base}: kept as its amount, {amount} (a percentage is kept only of the amount of the lines it reduces, giving the same amount)',
          values,
        );
  },
  line_allowance_percentage: (p) => {
    const values = {
      percent: statedDecimal(p.percent),
      base: statedDecimal(p.base),
      amount: statedDecimal(p.amount),
    };
    return p.base === undefined
      ? t(
          'Stated as {percent} % of no base amount: kept as its amount, {amount} (a percentage is kept only of the amount of the line itself, giving the same amount)',
          values,
        )
      : t(
          'Stated as {percent} % of {base}: kept as its amount, {amount} (a percentage is kept only of the amount of the line itself, giving the same amount)',
          values,
        );
  },
  line_allowances_combined: (p) =>
    t('{count} line allowances are kept as one discount', { count: p.count ?? '' }),
  price_from_line_amount: (p) =>
    t('{quantity} x {price} is not the stated line amount {amount}: the price is kept as {kept}', {
      quantity: statedDecimal(p.quantity),
      price: statedDecimal(p.price),
      amount: statedDecimal(p.amount),
      kept: statedDecimal(p.kept),
    }),
  price_base_quantity_rounded: (p) =>
    t('The price {price} per {base_quantity} units is kept as {kept} per unit (rounded)', {
      price: statedDecimal(p.price),
      base_quantity: statedDecimal(p.base_quantity),
      kept: statedDecimal(p.kept),
    }),
  price_base_quantity_not_positive: (p) =>
    t('The price base quantity {base_quantity} is not above zero: the price is read as per unit', {
      base_quantity: statedDecimal(p.base_quantity),
    }),
  price_base_unit: (p, w) =>
    t(
      'The price is per {base_quantity} {base_unit}, the quantity in {unit}: it is kept as a price per {unit}',
      {
        base_quantity: statedDecimal(p.base_quantity),
        base_unit: w.unit(p.base_unit ?? ''),
        unit: w.unit(p.unit ?? ''),
      },
    ),
  gross_price_as_net_price: (p) =>
    p.more
      ? t(
          'The item gross price less its price discount (BT-147) is kept as the net price (BT-146), the amounts unchanged: line {lines} and {more} more',
          { lines: p.lines ?? '', more: p.more },
        )
      : t(
          'The item gross price less its price discount (BT-147) is kept as the net price (BT-146), the amounts unchanged: line {lines}',
          { lines: p.lines ?? '' },
        ),
  sub_invoice_lines: (p) =>
    t('Sub-invoice lines of {count} line(s) are not kept: each line keeps its own amount', {
      count: p.count ?? '',
    }),
  group_lines: (p) =>
    t(
      '{count} group line(s) ({lines}), each the sum of its sub-lines, are not kept as lines: their sub-lines are, each with its own amount',
      { count: p.count ?? '', lines: p.lines ?? '' },
    ),
  information_lines: (p) =>
    t(
      "{count} information line(s) ({lines}) with an amount are not kept as lines: an information line's amount is not counted",
      { count: p.count ?? '', lines: p.lines ?? '' },
    ),
  prepaid_payments: (p) =>
    t(
      'Prepaid payments ({amounts}) outside the XRechnung extension are not kept: EN 16931 has no such term',
      {
        amounts: decimalsIn(p.amounts),
      },
    ),
  third_party_payment_without_amount: () =>
    t('A third-party payment without an amount (BT-DEX-002) is not kept'),
  stated_totals: (p) =>
    t('The lines do not give the stated totals: {totals} kept as stated, not computed', {
      totals: statedTotals(p),
    }),
  stated_totals_no_lines: (p) =>
    t('The file has no lines: its totals are kept as stated ({totals}), not computed', {
      totals: statedTotals(p),
    }),
  list_shortened: (p) =>
    t('{count} entries, the data keeps the first {keep}: the rest are not kept', {
      count: p.count ?? '',
      keep: p.keep ?? '',
    }),
  value_too_long: (p) =>
    valueNote(
      t('"{value}" is not kept: longer than {max_length} characters', {
        value: p.value ?? '',
        max_length: p.max_length ?? '',
      }),
      p,
    ),
  value_too_short: (p) =>
    valueNote(
      t('"{value}" is not kept: shorter than {min_length} characters', {
        value: p.value ?? '',
        min_length: p.min_length ?? '',
      }),
      p,
    ),
  value_pattern_mismatch: (p) =>
    valueNote(
      t('"{value}" is not kept: not of the form the data takes ({pattern})', {
        value: p.value ?? '',
        pattern: p.pattern ?? '',
      }),
      p,
    ),
  value_format_mismatch: (p) =>
    valueNote(
      t('"{value}" is not kept: not a valid {format}', { value: p.value ?? '', format: p.format ?? '' }),
      p,
    ),
  date_not_in_calendar: (p) =>
    valueNote(t('"{value}" is not kept: no date of the calendar', { value: p.value ?? '' }), p),
};

/** The codes this console words (a unit test checks them against the service's). */
export const WORDED_CODES = Object.keys(NOTES);

/**
 * The line a note is about ("line 1a" as its path), so two lines' notes of the same words are told apart;
 * null for a note about the document.
 */
export function noteLine(note: Pick<ReadingNote, 'path'>): string | null {
  return /^line (.+)$/.exec(note.path)?.[1] ?? null;
}

/** A reading note in the console's language; the service's English message for a code it does not know. */
export function readingNoteText(note: ReadingNote, wording: Wording = {}): string {
  const word = note.code === undefined ? undefined : NOTES[note.code];
  if (word === undefined) return note.message;
  return word(note.params ?? {}, { unit: wording.unit ?? ((code) => code) });
}
