import type { DbOrTx } from '../../../db/client';
import type { DocumentData } from '../../../domain/document-data';
import type { Clock } from '../../../shared/clock';
import { validationError } from '../../../shared/errors';
import { type RenderServices, renderStateless } from '../../renders';
import type { ParsedEInvoice } from './parse-received';

/** The footer line of a visualization: what the official rules said about the file as received. */
export function verdictLine(
  parsed: Pick<ParsedEInvoice, 'syntax' | 'customizationId' | 'compliance'>,
  language = 'en',
): string {
  if (language === 'de') return germanVerdictLine(parsed);
  const c = parsed.compliance;
  if (c === null) {
    return `Received e-invoice (${parsed.syntax.toUpperCase()}, ${parsed.customizationId ?? 'no specification id'}): not checked, no compliance profile applies.`;
  }
  const fatal = c.violations.filter((v) => v.severity === 'fatal').length;
  if (c.ruleset_version === '') {
    const reason = c.rulesets.find((r) => !r.ran)?.reason ?? 'no ruleset ran';
    return `Received e-invoice, profile ${c.profile}: not checked against the official rules (${reason}).`;
  }
  const verdict =
    c.valid && c.fully_checked
      ? `valid under ${c.ruleset_version}`
      : `NOT valid under ${c.ruleset_version}: ${fatal} fatal finding${fatal === 1 ? '' : 's'}`;
  return `Received e-invoice, profile ${c.profile}: ${verdict}.`;
}

function germanVerdictLine(
  parsed: Pick<ParsedEInvoice, 'syntax' | 'customizationId' | 'compliance'>,
): string {
  const c = parsed.compliance;
  if (c === null) {
    return `Empfangene E-Rechnung (${parsed.syntax.toUpperCase()}, ${parsed.customizationId ?? 'ohne Spezifikationskennung'}): nicht geprüft, kein Prüfprofil passt.`;
  }
  const fatal = c.violations.filter((v) => v.severity === 'fatal').length;
  if (c.ruleset_version === '') {
    const reason = c.rulesets.find((r) => !r.ran)?.reason ?? 'kein Regelwerk lief';
    return `Empfangene E-Rechnung, Profil ${c.profile}: nicht nach den offiziellen Regeln geprüft (${reason}).`;
  }
  const verdict =
    c.valid && c.fully_checked
      ? `gültig nach ${c.ruleset_version}`
      : `NICHT gültig nach ${c.ruleset_version}: ${fatal} schwerwiegende${fatal === 1 ? 'r' : ''} Befund${fatal === 1 ? '' : 'e'}`;
  return `Empfangene E-Rechnung, Profil ${c.profile}: ${verdict}.`;
}

/**
 * A readable PDF of a received e-invoice, drawn by the service's own engine (a built-in template unless
 * one is named), with the verdict as the footer line. Counts as a render, like any other.
 */
export async function visualizeReceived({
  ctx,
  services,
  input,
}: {
  ctx: { db: DbOrTx; clock: Clock };
  services: RenderServices;
  input: {
    accountId: string;
    monthlyQuota: number;
    planId: string;
    received: Pick<ParsedEInvoice, 'syntax' | 'customizationId' | 'compliance' | 'documentType' | 'data'>;
    templateId?: string;
    /**
     * The reader's language (EN 16931 carries none): the console's, or `?lang=`; else the account's
     * (its business profile's default locale); else English.
     */
    locale?: string | null;
  };
}) {
  const { received } = input;
  // An older version kept a file's currency as it stood (the reader refuses one that is no ISO 4217 code
  // now: einvoicing/receive/held-values.ts); no amount can be written in it.
  const currency = received.data.currency;
  if (!/^[A-Za-z]{3}$/.test(currency)) {
    const msg = `The document's currency ${JSON.stringify(currency.length > 20 ? `${currency.slice(0, 19)}…` : currency)} is no ISO 4217 currency code: it cannot be drawn`;
    throw validationError([{ loc: 'data.currency', msg, type: 'value_error' }], msg);
  }
  const locale = input.locale ?? received.data.locale ?? 'en-US';
  const language = locale.slice(0, 2).toLowerCase();
  const data: DocumentData = {
    ...received.data,
    locale,
    branding: { ...received.data.branding, footer_text: verdictLine(received, language).slice(0, 500) },
  };
  return renderStateless({
    ctx,
    services,
    input: {
      accountId: input.accountId,
      monthlyQuota: input.monthlyQuota,
      planId: input.planId,
      render: {
        documentType: received.documentType,
        data,
        template: { id: input.templateId ?? 'tpl_classic', versionLoc: 'query.template_id' },
        output: { format: 'pdf', expiresIn: 3600, pageSize: 'A4' },
        received: true,
      },
    },
  });
}
