// What an API error says to a person using the console: in the console's language, what to do next, and
// where that is done. The API keeps its envelope and its developer's words (the `title` of the notice);
// a code the console does not know keeps the API's message.
import { formatMoney, t } from '../i18n';
import { STATUS_LABELS } from '../pages/documents/model';

/** What the console reads of an API error (api.ts ApiError; not imported, so this file stays DOM-free). */
export interface ApiErrorLike {
  status: number;
  code: string;
  message: string;
  fields: { loc: string; msg: string }[];
  details: Record<string, unknown>;
}

const isApiError = (error: unknown): error is ApiErrorLike =>
  error instanceof Error &&
  typeof (error as Partial<ApiErrorLike>).code === 'string' &&
  Array.isArray((error as Partial<ApiErrorLike>).fields);

export interface ConsoleMessage {
  text: string;
  /** The screen where the problem is fixed (a console route `#/...`) and its name. */
  link?: { href: string; label: string };
}

/** What each permission lets a person do, in words (docs/roles.md). */
const RIGHTS: Record<string, string> = {
  'resources:write_all': 'change what others created, or the account’s defaults',
  'resources:write_own': 'create and change documents and customers',
  'members:manage': 'manage the members of the team',
  'members:manage_owners': 'make or change an owner',
  'workspace:edit': 'rename the team',
  'workspace:create': 'create teams',
  'workspace:delete': 'delete teams',
  'keys:manage_all': 'manage every API key',
  'billing:manage': 'change the plan and billing',
  'account:edit': 'rename the account',
  'books:keep': 'record payments, approve received invoices and export the books',
  'clients:create': 'add client accounts',
};

const ROLES: Record<string, string> = {
  owner: 'owner',
  admin: 'admin',
  member: 'member',
  accountant: 'accountant',
};

/** A document's (a received one's, an e-mail's, a batch's) state as the console names it. */
const STATES: Record<string, string> = {
  ...STATUS_LABELS,
  received: 'Received',
  approved: 'Approved',
  rejected: 'Rejected',
  queued: 'queued',
  failed: 'failed',
  running: 'running',
};

/** "Customer not found" names what is missing: said as "The customer" in the console's language. */
const THINGS: Record<string, string> = {
  Customer: 'The customer',
  Document: 'The document',
  'Business profile': 'The business profile',
  Product: 'The product',
  'Received document': 'The received invoice',
  'Recurring invoice': 'The recurring invoice',
  Payment: 'The payment',
  Delivery: 'The e-mail',
  Template: 'The template',
  'Numbering sequence': 'The numbering sequence',
  Workspace: 'The team',
  Member: 'The member',
  File: 'The file',
  Render: 'The PDF',
  'Branding profile': 'The branding profile',
};

const nonZero = (amount: unknown): amount is string => typeof amount === 'string' && /[1-9]/.test(amount);

/**
 * Void refused because payments are recorded on the document, or because an issued final invoice deducts
 * it: what to undo first. The details carry the amount (the message its currency, "50.00 EUR"), or the
 * deducting invoice's id.
 */
function voidRefused(message: string, details: Record<string, unknown>): ConsoleMessage | null {
  if (details.action !== 'void') return null;
  // An issued final invoice deducts it (docs/documents.md, "Deducting Abschläge"): that one goes first.
  if (typeof details.deducted_by === 'string' && details.deducted_by !== '') {
    return {
      text: t(
        'This invoice cannot be voided while a final invoice deducts it: void or correct that invoice first.',
      ),
      link: {
        href: `#/documents/${encodeURIComponent(details.deducted_by)}`,
        label: t('Open the final invoice'),
      },
    };
  }
  if (!nonZero(details.amount_paid)) return null;
  const currency = /\d ([A-Z]{3})\b/.exec(message)?.[1] ?? 'EUR';
  return {
    text: t(
      'This invoice cannot be voided while payments of {paid} are recorded on it: delete them under Payments first.',
      { paid: formatMoney(details.amount_paid, currency) },
    ),
  };
}

/**
 * A payment or mark-paid a received document refuses for what it is, not for its state (docs/receiving.md):
 * another file of an invoice (the file that counts takes it), a credit note, an invoice stating a negative
 * amount due.
 */
function receivedRefused(details: Record<string, unknown>): ConsoleMessage | null {
  const currency = typeof details.currency === 'string' ? details.currency : 'EUR';
  if (details.action === 'mark-unpaid' && nonZero(details.amount_paid)) {
    return {
      text: t('Payments of {paid} recorded on it settle it: delete one under Payments to reopen it.', {
        paid: formatMoney(details.amount_paid, currency),
      }),
    };
  }
  // An issued document's state problem names its status too (below): these never do.
  if (details.status !== undefined) return null;
  if (typeof details.duplicate_of === 'string') {
    return {
      text: t(
        'This is another file of an invoice received already: record its payment on the file that counts.',
      ),
      link: {
        href: `#/received/${encodeURIComponent(details.duplicate_of)}`,
        label: t('Open the file that counts'),
      },
    };
  }
  if (details.document_type === 'credit_note')
    return {
      text: t('A credit note is not paid: the seller owes you its amount (or sets it against an invoice).'),
    };
  const due = details.amount_due;
  if (details.document_type === 'invoice' && typeof due === 'string' && due.startsWith('-')) {
    return {
      text: t('This invoice states a negative amount: nothing is paid on it, the seller owes you {amount}.', {
        amount: formatMoney(due.slice(1), currency),
      }),
    };
  }
  return null;
}

/** The link to the customer a DATEV refusal names. */
const customerLink = (id: string) => ({
  href: `#/customers/${encodeURIComponent(id)}`,
  label: t('Open the customer'),
});

/** The console's words for an API error; null when the console has none (the API's message is shown). */

export function consoleMessage(error: ApiErrorLike): ConsoleMessage | null {
  const details = error.details as Record<string, unknown>;
  switch (error.code) {
    case 'unprocessable_entity':
      return error.fields.length > 0 ? { text: t('Please check the marked fields.') } : null;
    case 'forbidden': {
      const permission = typeof details.permission === 'string' ? details.permission : null;
      const role = typeof details.role === 'string' ? details.role : null;
      if (!permission) return { text: t('This account or key may not do this.') };
      return {
        text: t(
          'Your role ({role}) does not allow this: it needs the right to {right}. Ask an owner or admin.',
          {
            role: t(ROLES[role ?? ''] ?? role ?? 'member'),
            right: t(RIGHTS[permission] ?? permission),
          },
        ),
        link: { href: '#/settings', label: t('Teams and members') },
      };
    }
    case 'not_found': {
      const thing = /^(.*) not found$/.exec(error.message)?.[1];
      const name = thing ? THINGS[thing] : undefined;
      return name
        ? { text: t('{thing} was not found: it may have been deleted meanwhile.', { thing: t(name) }) }
        : null;
    }
    case 'conflict': {
      const missing = Array.isArray(details.missing) ? (details.missing as string[]) : [];
      if (missing.includes('consultant_number') || missing.includes('client_number')) {
        return {
          text: t(
            'Enter the consultant and client numbers (Beraternummer, Mandantennummer) before the DATEV export.',
          ),
          link: { href: '#/exports', label: t('DATEV settings') },
        };
      }
      // A DATEV export that met a customer with no debtor number left to give (exports: docs/datev.md).
      if (details.reason === 'debtor_accounts_full' && typeof details.customer_id === 'string') {
        return {
          text: t(
            'Every DATEV debtor account from {first} to {last} is given: enter a debtor number for {customer} by hand.',
            {
              first: String(details.first ?? ''),
              last: String(details.last ?? ''),
              customer: String(details.customer_name ?? ''),
            },
          ),
          link: customerLink(details.customer_id),
        };
      }
      // A customer's debtor number that is no debtor account at the DATEV settings' account length.
      if (details.reason === 'debtor_number_out_of_range' && typeof details.customer_id === 'string') {
        return {
          text: t(
            'The debtor number {number} of {customer} is not a DATEV debtor account at account length {length} (from {first} to {last}): change the number, or the account length in the DATEV settings.',
            {
              number: String(details.debtor_number ?? ''),
              customer: String(details.customer_name ?? ''),
              length: String(details.account_length ?? ''),
              first: String(details.first ?? ''),
              last: String(details.last ?? ''),
            },
          ),
          link: customerLink(details.customer_id),
        };
      }
      // A finalize refused for fields of the draft (a deducted Abschlag voided meanwhile): the screen lists
      // each in its own words below this (documents/finalize-refused.tsx).
      if (details.action === 'finalize' && error.fields.length > 0)
        return { text: t('Not finalized: it stays a draft. Fix what is named below, then finalize again.') };
      const cancelled = voidRefused(error.message, details) ?? receivedRefused(details);
      if (cancelled) return cancelled;
      // A reminder level sent meanwhile (another tab, the daily job): read again to see what went out.
      if (details.action === 'send-reminder') {
        return {
          text: /^Every level/.test(error.message)
            ? t('Every level of the dunning policy has been sent for this invoice.')
            : t(
                'This letter was sent for this invoice meanwhile. Reload the page to see the reminders sent.',
              ),
        };
      }
      // A lifecycle action the document's state does not allow (SPEC 3): said with the state's name.
      if (typeof details.status === 'string') {
        return {
          text: t('This is not possible while it is “{status}”.', {
            status: t(STATES[details.status] ?? details.status),
          }),
        };
      }
      return null;
    }
    case 'bad_request':
      return { text: t('The request could not be read. Please reload the page and try again.') };
    case 'unsupported_media_type':
      return { text: t('This kind of file is not accepted here.') };
    case 'provider_error':
      return { text: t('The payment provider did not answer as expected. Please try again later.') };
    case 'not_configured':
      return /SMTP_URL/.test(error.message)
        ? {
            text: t(
              'Sending e-mail is not set up on this installation: the operator sets SMTP_URL (README).',
            ),
          }
        : null;
    case 'unauthorized':
      return { text: t('Your session has ended: please sign in again.') };
    case 'rate_limited':
      return { text: t('Too many requests at once: please try again in a moment.') };
    case 'quota_exceeded':
      return {
        text: t('This month’s PDF quota is used up.'),
        link: { href: '#/settings', label: t('Usage and quota') },
      };
    case 'payload_too_large':
      return { text: t('The file or request is too large.') };
    case 'insufficient_storage':
      return { text: t('The server has no storage space left: please tell whoever runs it.') };
    case 'service_unavailable':
      // A channel's provider away or rate limited (docs/channels.md), not the service's own storage.
      if (typeof details.channel === 'string')
        return { text: t('The provider did not answer just now: please try again in a moment.') };
      return {
        text: t(
          'The server cannot reach its database or file store just now: please try again in a few seconds.',
        ),
      };
    case 'internal_error':
      return {
        text: t('Something went wrong on the server. Please try again; if it stays, tell whoever runs it.'),
      };
    default:
      return null;
  }
}

/** The message for any error the console shows: its own words for an API error it knows. */
export function messageOf(error: unknown): ConsoleMessage {
  if (isApiError(error)) {
    const own = consoleMessage(error);
    if (own) return own;
  }
  const text = error instanceof Error ? error.message : String(error);
  return { text: /[.!?]$/.test(text) ? text : `${text}.` };
}

/** Types of a refused received file's problem at `body` that say a DTD was declared (never read). */
const DTD = new Set(['doctype_not_allowed', 'entities_not_allowed', 'external_dtd_not_allowed']);

/** The API's sentence, ended as one. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The reader's own lead-in to a value it cannot take, said once by the console's words before it. */
const UNREADABLE = /^The e-invoice cannot be read:\s*/;

/**
 * Why an uploaded e-invoice (`pdf`: sent as a PDF) was refused, by the type of the API's problem at `body`.
 * The API names every file it cannot take in as an e-invoice with one type (`not_an_einvoice`), a PDF that
 * plainly holds none with `details.reason` (`no_embedded_invoice`, `encrypted`); any other such file holds
 * one that cannot be read (a damaged hybrid PDF, an unreadable value) or is no e-invoice at all (an order,
 * a FatturaPA), and only the API's sentence says which, so it is shown, not kept for a hover.
 */
export function refusedFile(error: unknown, pdf: boolean): ConsoleMessage {
  if (isApiError(error) && error.code === 'unprocessable_entity') {
    const fields = Array.isArray(error.details.fields)
      ? (error.details.fields as { type?: unknown; msg?: unknown }[])
      : [];
    const type = fields[0]?.type;
    const said = typeof fields[0]?.msg === 'string' ? fields[0].msg : error.message;
    if (type === 'not_an_einvoice') {
      if (error.details.reason === 'no_embedded_invoice')
        return {
          text: t(
            'This PDF carries no e-invoice the service can read (no embedded XRechnung, ZUGFeRD or Factur-X file): a plain PDF invoice cannot be taken in.',
          ),
        };
      if (error.details.reason === 'encrypted')
        return { text: t('The PDF is encrypted: ask for an unencrypted one.') };
      // An XML the readers do not take as an invoice at all says what it is (no e-invoice "in" it to read).
      if (!pdf && !UNREADABLE.test(said))
        return {
          text: t('This file is no e-invoice the service can read: {reason}', { reason: sentence(said) }),
        };
      return {
        text: t('The e-invoice in this file cannot be read: {reason}', {
          reason: sentence(said.replace(UNREADABLE, '')),
        }),
      };
    }
    if (typeof type === 'string' && DTD.has(type))
      return {
        text: t('The XML declares a DOCTYPE, which the service does not read: an e-invoice needs none.'),
      };
    if (type === 'too_large')
      return {
        text: t('The file is beyond what the service reads (too many elements, attributes or objects).'),
      };
    // An upload has no fields to mark: the API's own words say what is wrong with the file.
    if (fields.length > 0) return { text: sentence(said) };
  }
  return messageOf(error);
}
