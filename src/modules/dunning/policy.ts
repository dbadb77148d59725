import { dec, isDecimalString, isNegative, toFixedString } from '../../domain/money';
import type { FieldError } from '../../shared/errors';
import type { DunningLevel } from './schema';

export const MAX_LEVELS = 4;
/** Days from the letter to the new payment date it asks for. */
export const PAY_WITHIN_DAYS = 14;

/** What a subject or message may name; each is filled in the invoice's language and currency. */
export const PLACEHOLDERS = [
  'number',
  'issue_date',
  'due_date',
  'amount_due',
  'fee',
  'total',
  'pay_by',
  'days_overdue',
  'customer',
  'seller',
  'salutation',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/**
 * The policy an account has before it saves one: German, as the issue asks (docs/dunning.md). Its letters
 * open with `{salutation}`: "Sehr geehrte Damen und Herren" to a firm, "Guten Tag Anna Schmidt" to a private
 * person (salutation.ts).
 */
export const DEFAULT_LEVELS: DunningLevel[] = [
  {
    days_after_due: 7,
    fee: '0.00',
    subject: 'Zahlungserinnerung {number}',
    message:
      '{salutation},\n\nsicher ist es Ihrer Aufmerksamkeit entgangen, dass unsere Rechnung {number} vom {issue_date} seit dem {due_date} fällig ist. Offen sind noch {amount_due}; bitte überweisen Sie diesen Betrag bis zum {pay_by}.\n\nSollten Sie die Zahlung bereits veranlasst haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.\n\nMit freundlichen Grüßen\n{seller}',
  },
  {
    days_after_due: 21,
    fee: '5.00',
    subject: '1. Mahnung {number}',
    message:
      '{salutation},\n\nleider ist unsere Rechnung {number} vom {issue_date} noch nicht vollständig bezahlt. Bitte überweisen Sie den offenen Betrag von {amount_due} zuzüglich einer Mahngebühr von {fee}, zusammen {total}, bis zum {pay_by}.\n\nMit freundlichen Grüßen\n{seller}',
  },
  {
    days_after_due: 35,
    fee: '10.00',
    subject: '2. Mahnung {number}',
    message:
      '{salutation},\n\ntrotz unserer Erinnerungen ist unsere Rechnung {number} vom {issue_date} weiterhin offen. Wir bitten Sie dringend, den Gesamtbetrag von {total} bis zum {pay_by} zu überweisen. Geht die Zahlung bis dahin nicht ein, sehen wir uns gezwungen, weitere Schritte einzuleiten.\n\nMit freundlichen Grüßen\n{seller}',
  },
];

/** The same defaults in English: used for an English invoice while the account has saved no policy. */
export const DEFAULT_LEVELS_EN: DunningLevel[] = [
  {
    days_after_due: 7,
    fee: '0.00',
    subject: 'Payment reminder {number}',
    message:
      '{salutation},\n\nPerhaps it has escaped your attention that our invoice {number} of {issue_date} has been due since {due_date}. An amount of {amount_due} is still outstanding; please transfer it by {pay_by}.\n\nIf you have already paid, please disregard this letter.\n\nKind regards\n{seller}',
  },
  {
    days_after_due: 21,
    fee: '5.00',
    subject: 'Second reminder {number}',
    message:
      '{salutation},\n\nOur invoice {number} of {issue_date} has not yet been paid in full. Please transfer the amount outstanding of {amount_due} plus a reminder fee of {fee}, {total} in all, by {pay_by}.\n\nKind regards\n{seller}',
  },
  {
    days_after_due: 35,
    fee: '10.00',
    subject: 'Final reminder {number}',
    message:
      '{salutation},\n\nDespite our reminders, our invoice {number} of {issue_date} has still not been paid in full. Please transfer the total of {total} by {pay_by}. If we do not receive payment by then, we will have to take further steps.\n\nKind regards\n{seller}',
  },
];

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;
// Whatever stands in braces: `{Rechnungsnummer}` or `{number }` is refused too, not printed as it is.
const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The first name in braces that is no placeholder, as the error at `loc`; null when every one is known. */
export function placeholderProblem(text: string, loc: string): FieldError | null {
  const unknown = [...text.matchAll(PLACEHOLDER)]
    .map((m) => m[1] ?? '')
    .find((name) => !(PLACEHOLDERS as readonly string[]).includes(name));
  if (unknown === undefined) return null;
  const msg = `unknown placeholder {${unknown}}; known: ${PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`;
  return { loc, msg, type: 'value_error' };
}

/** What the schema cannot say about a policy's levels; fees come back normalised ("5" is "5.00"). */
export function levelProblems(levels: DunningLevel[]): { levels: DunningLevel[]; problems: FieldError[] } {
  const problems: FieldError[] = [];
  const normalised = levels.map((level, i) => {
    const at = `body.levels.${i}`;
    let fee = level.fee;
    const fraction = level.fee.split('.')[1] ?? '';
    if (!isDecimalString(level.fee) || isNegative(dec(level.fee))) {
      problems.push({
        loc: `${at}.fee`,
        msg: 'fee must be a decimal string of at least 0, such as "5.00"',
        type: 'invalid_value',
      });
    } else if (fraction.replace(/0+$/, '').length > 2) {
      problems.push({ loc: `${at}.fee`, msg: 'fee has at most 2 decimals', type: 'invalid_value' });
    } else {
      fee = toFixedString(dec(level.fee), 2);
    }
    const previous = levels[i - 1];
    if (previous && level.days_after_due <= previous.days_after_due) {
      const msg = "days_after_due must be greater than the previous level's";
      problems.push({ loc: `${at}.days_after_due`, msg, type: 'value_error' });
    }
    if (CONTROL.test(level.subject) || level.subject.trim() === '') {
      const msg = 'subject must be one line of text: not blank, no CR, LF or other control characters';
      problems.push({ loc: `${at}.subject`, msg, type: 'value_error' });
    }
    for (const field of ['subject', 'message'] as const) {
      const problem = placeholderProblem(level[field], `${at}.${field}`);
      if (problem) problems.push(problem);
    }
    return { ...level, fee };
  });
  return { levels: normalised, problems };
}

/** `{name}` replaced by its value; text is data, never a template language. */
export function fillPlaceholders(text: string, values: Record<Placeholder, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as Placeholder] : whole,
  );
}
