import type { Address } from '../../../domain/address';
import type { ComplianceProfile } from '../../../einvoicing/profiles';
import { makeFormatter, resolveLocale } from '../../../rendering/format';
import { type Labels, labelsFor, languageOf, taxIdLabel } from '../../../rendering/labels';
import { officersLabel } from '../../../rendering/view/legal-form';
import { addressLines } from '../../../rendering/view/parties';
import { currencyDecimals, type DocumentType, getDocumentType } from '../../reference';
import { MAX_SUBJECT } from '../model';
import { PHRASES } from './phrases';

/** The PDF's rule (render-stored-document): the document's locale, else the seller profile's, else en-US. */
export function emailLocale(documentLocale: string | null, profileLocale: string | null | undefined): string {
  return resolveLocale(documentLocale ?? profileLocale ?? 'en-US');
}

/** C0 controls (CR, LF, tab...), DEL and the Unicode line separators: what must never be in a header. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f\u2028\u2029]/;

/** One header line: control characters become spaces, and it stops at 998 characters. */
export function oneLine(text: string): string {
  const flat = text.replace(new RegExp(CONTROL_CHARACTERS, 'g'), ' ').replace(/ {2,}/g, ' ').trim();
  return flat.slice(0, MAX_SUBJECT);
}

export interface SubjectInput {
  locale: string;
  documentType: DocumentType;
  number: string;
  sellerName: string;
}

/**
 * What the PDF calls the document: a stored credit note always names the invoice it corrects, so it is
 * a correction ("Rechnungskorrektur" in German, where "Gutschrift" means self-billing).
 */
function titleOf(labels: Labels, type: DocumentType): string {
  return type === 'credit_note' ? labels.correctionTitle : labels.titles[type];
}

/** "Invoice INV-7 from Acme Ltd" / "Rechnung INV-7 von Acme GmbH"; the seller's name is data, so flattened. */
export function defaultSubject(input: SubjectInput & { copy?: boolean }): string {
  const title = titleOf(labelsFor(input.locale), input.documentType);
  const seller = input.sellerName.trim();
  const phrases = PHRASES[languageOf(input.locale)];
  const subject = seller ? phrases.subject(title, input.number, seller) : `${title} ${input.number}`;
  return oneLine(input.copy ? phrases.copySubject(subject) : subject);
}

export interface BodyInput extends SubjectInput {
  currency: string;
  /** The document's total, a decimal string. */
  total: string;
  dueDate: string | null;
  /** The sender's own words, placed as they are. */
  message: string | null;
  /** A reminder: the letter's title, named before the document among the attachments. */
  letter?: string | null;
  /** A credit note: the number of the invoice it corrects, named after its own. */
  corrects?: string | null;
  /**
   * More was paid in advance than the invoice's total (a final invoice whose Abschläge were overpaid):
   * `total` is negative and is what the seller pays back, said so as its PDF says it ("Zu erstatten").
   */
  refund?: boolean;
  attached: boolean;
  link: string;
  /** When the link (the render) expires, ISO 8601. */
  linkExpiresAt: string;
  /** IANA zone the expiry is stated in (the seller's); default UTC. */
  timeZone?: string | null;
  /** The seller as the document froze it: what its legal footer states. */
  sender?: SenderDetails | null;
  /**
   * The e-invoice attached, said in the body so that a recipient knows which file is the invoice: an
   * XRechnung or Peppol XML by its file name (`pdf`: the invoice's PDF beside it, by name), or a Factur-X PDF.
   */
  einvoice?: { profile: ComplianceProfile; filename: string; pdf: string | null } | null;
  /**
   * The document was sent before (ISO 8601, its first sending): this e-mail is a copy and says so, with
   * that date in the seller's zone (§ 14c UStG; the attached files stay the originals).
   */
  copyOf?: string | null;
  /** A reminder's invoice PDF attached without the e-invoice, by file name: said to be a copy to read. */
  invoiceCopy?: string | null;
}

/** The e-invoice's format as a recipient knows it. */
const EINVOICE_FORMATS: Record<Exclude<ComplianceProfile, 'factur_x_en16931'>, string> = {
  xrechnung_ubl: 'XRechnung',
  xrechnung_cii: 'XRechnung',
  peppol_bis_billing_3: 'Peppol BIS Billing 3.0',
};

/** The sentence on the e-invoice attached, or '' without one. */
function einvoiceSentence(phrases: (typeof PHRASES)[keyof typeof PHRASES], einvoice: BodyInput['einvoice']) {
  if (!einvoice) return '';
  if (einvoice.profile === 'factur_x_en16931') return phrases.einvoiceInPdf;
  return phrases.einvoiceXml(EINVOICE_FORMATS[einvoice.profile], einvoice.filename, einvoice.pdf);
}

/**
 * What a business letter states about its sender (§ 35a GmbHG, § 37a HGB, § 80 AktG, § 125a HGB: the firm
 * with its legal form, the seat, register court and number, every managing director), as the seller's
 * frozen party holds it; an e-mail to a customer is such a letter, as its PDF is.
 */
export interface SenderDetails {
  legalName?: string | null;
  address?: Address | null;
  taxId?: string | null;
  registration?: string | null;
  managingDirectors?: string | null;
  legalInfo?: string | null;
}

const present = (value: string | null | undefined): value is string => !!value?.trim();

/**
 * The signature block under the closing ("-- " opens it, so mail programs set it apart): the firm, its
 * address, and the register entry, managing directors and further legal information, labelled as the PDF
 * labels them; the VAT id beside them. Only for a seller whose profile holds any of the legal statements:
 * a sole trader with none gets no block of an address alone.
 */
function signature(locale: string, labels: Labels, sender: SenderDetails | null | undefined): string | null {
  if (!sender) return null;
  const legal = [sender.registration, sender.managingDirectors, sender.legalInfo].filter(present);
  if (legal.length === 0) return null;
  const lines = [
    sender.legalName?.trim(),
    addressLines(sender.address ?? undefined, locale, false).join(', '),
    present(sender.registration) ? `${labels.registration} ${sender.registration.trim()}` : null,
    present(sender.managingDirectors)
      ? `${officersLabel(labels, sender.legalName)}: ${sender.managingDirectors.trim()}`
      : null,
    ...(sender.legalInfo ?? '').split('\n').map((line) => line.trim()),
    // "VAT ID" in English for an EU VAT number, as the PDF says it (rendering/labels.ts taxIdLabel).
    present(sender.taxId)
      ? `${taxIdLabel(labels, sender.taxId.trim(), sender.address?.country)} ${sender.taxId.trim()}`
      : null,
  ].filter(present);
  return `-- \n${lines.join('\n')}`;
}

/** The amount a reader of this document type looks for, labelled as the PDF labels it. */
function amountLabel(labels: Labels, type: DocumentType): string | null {
  if (getDocumentType(type).line_item_type === 'shipped') return null;
  if (getDocumentType(type).payable) return labels.amountDue;
  if (type === 'receipt') return labels.amountPaid;
  if (type === 'credit_note') return labels.creditTotal;
  return labels.total;
}

/** The link's end in the seller's zone, named ("10.11.2026, 10:00 MEZ"); in UTC when none is known. */
function expiry(locale: string, iso: string, timeZone: string | null | undefined): string {
  const date = new Date(iso);
  if (timeZone && timeZone !== 'UTC') {
    try {
      const zoned = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(date);
      const time = new Intl.DateTimeFormat(locale, {
        hour: '2-digit',
        minute: '2-digit',
        timeZone,
        timeZoneName: 'short',
      }).format(date);
      return `${zoned}, ${time}`;
    } catch {
      // An unknown zone name: stated in UTC below.
    }
  }
  const format = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return `${format.format(date)} UTC`;
}

/** A day in the seller's zone ("07.12.2026"); in UTC when none is known or the zone is unknown. */
function dayOf(locale: string, iso: string, timeZone: string | null | undefined): string {
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: timeZone ?? 'UTC' }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  }
}

/** A message that opens with a salutation, in the languages the mails are written in. */
const SALUTATION =
  /^(sehr geehrte[rs]?|guten (tag|morgen|abend)|hallo|moin|liebe[rs]?|dear|hello|hi|good (morning|afternoon|day)|bonjour|madame|monsieur|estimad[oa]s?|hola|buongiorno|gentil[ie]|geachte|beste)\b/i;
/** A line that closes a letter. */
const CLOSING =
  /^(mit (freundlichen|besten|herzlichen) gr(ü|ue)(ß|ss)en|(freundliche|viele|beste|herzliche|liebe) gr(ü|ue)(ß|ss)e|kind regards|best regards|warm regards|regards|yours (sincerely|faithfully)|sincerely|best|(bien )?cordialement|saludos|cordiali saluti|met vriendelijke groet(en)?|groeten)\b/i;

/**
 * A message that is a letter of its own (a salutation first, a closing among its last three lines), split
 * before its closing: the body, and the closing with the signature under it. Null for any other message.
 */
function letterParts(message: string): { body: string; closing: string } | null {
  if (!SALUTATION.test(message)) return null;
  const lines = message.split('\n');
  const filled = lines.flatMap((line, at) => (line.trim() === '' ? [] : [at]));
  const at = filled.slice(-3).find((index) => CLOSING.test(lines[index]?.trim() ?? ''));
  if (at === undefined) return null;
  return { body: lines.slice(0, at).join('\n').trimEnd(), closing: lines.slice(at).join('\n').trim() };
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The plain-text body: greeting, what is sent, amount and due date, the sender's message, the link. */
export function composeBody(input: BodyInput): string {
  const labels = labelsFor(input.locale, input.sender?.address?.country);
  const phrases = PHRASES[languageOf(input.locale)];
  const fmt = makeFormatter(input.locale, input.currency, currencyDecimals(input.currency) ?? 2);
  const title = titleOf(labels, input.documentType);
  const facts: string[] = [];
  const refund = input.refund === true && labels.refundDue !== undefined;
  const amount = refund ? labels.refundDue : amountLabel(labels, input.documentType);
  const shown = refund ? input.total.replace(/^-/, '') : input.total;
  if (amount) facts.push(`${amount}${phrases.colon}${fmt.money(shown)}`);
  // A quote is not paid: its date is how long it holds ("Gültig bis"), as its PDF says.
  const dateLabel = input.documentType === 'quote' ? labels.validUntil : labels.dueDate;
  // Nothing to pay by a date when the seller pays back.
  if (input.dueDate && !refund) facts.push(`${dateLabel}${phrases.colon}${fmt.date(input.dueDate)}`);
  const message = input.message?.trim();
  const seller = input.sellerName.trim();
  const corrects = input.corrects?.trim() ? ` ${phrases.correcting(input.corrects.trim())}` : '';
  const sent = `${input.attached ? phrases.attached : phrases.ready} ${input.letter ? `${input.letter}, ` : ''}${title} ${input.number}${corrects}`;
  const download = `${phrases.download}\n${input.link}\n${phrases.validUntil(expiry(input.locale, input.linkExpiresAt, input.timeZone))}`;
  const closing = seller ? `${phrases.closing}\n${seller}` : phrases.closing;
  // A message that is a letter of its own, salutation to closing (a reminder's text, a note written in full),
  // is the mail's letter: what is sent goes between its text and its closing, no second greeting and closing
  // around it ("Guten Tag, … Sehr geehrte Damen und Herren, …"), nothing after its signature but the footer.
  const letter = message === undefined ? null : letterParts(message);
  const footer = signature(input.locale, labels, input.sender) ?? '';
  const einvoice = [
    input.copyOf
      ? phrases.copyOf(title, input.number, dayOf(input.locale, input.copyOf, input.timeZone))
      : '',
    einvoiceSentence(phrases, input.einvoice),
    input.invoiceCopy && !input.einvoice ? phrases.reminderCopy(input.invoiceCopy) : '',
  ]
    .filter((sentence) => sentence !== '')
    .join(' ');
  const paragraphs = letter
    ? [letter.body, capitalized(sent), einvoice, facts.join('\n'), download, letter.closing, footer]
    : [phrases.greeting, sent, einvoice, facts.join('\n'), message ?? '', download, closing, footer];
  return `${paragraphs.filter((p) => p !== '').join('\n\n')}\n`;
}
