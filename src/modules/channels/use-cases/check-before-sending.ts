import type { ChannelAdapter } from '../../../delivery-channel';
import type { ComplianceProfile } from '../../../einvoicing/profiles';
import type { AccountCtx } from '../../../shared/context';
import { conflict, DomainError } from '../../../shared/errors';
import { checkXmlCompliance } from '../../compliance';
import type { DocumentRow } from '../../documents';
import { issuedXmlBytes } from '../../exports';
import type { RenderServices } from '../../renders';

/** Only invoices and credit notes are e-invoices: a network carries nothing else. */
const E_INVOICE_TYPES = new Set(['invoice', 'credit_note']);

/** A quote, an order confirmation, a delivery note, …: refused as the document's other actions are (409). */
export function refuseOtherTypes(document: DocumentRow): void {
  if (E_INVOICE_TYPES.has(document.documentType)) return;
  throw conflict(
    `A ${document.documentType} is not sent over a network: only invoices and credit notes are e-invoices; send it by e-mail`,
    { status: document.status, document_type: document.documentType, alternatives: ['email'] },
  );
}

/** The fatal findings named in a refusal at most (each with its rule, XPath and words). */
const MAX_NAMED = 50;

/**
 * The e-invoice the channel would send, checked now by the official rules of its profile (the XML Schema
 * and the profile's Schematron: what POST /documents/validate-compliance runs on XML, on the rules
 * workers, off the request thread). The XML is the issued one (written now in that profile and kept as
 * the document's issued file, or kept since): the send job sends these very bytes. A document that breaks
 * a rule is refused before anything is queued, 422 `compliance_failed` naming each rule, instead of going
 * to the provider, who would refuse it, or worse, pass it to a buyer who must reject it.
 */
export async function checkBeforeSending(
  ctx: AccountCtx,
  services: RenderServices,
  document: DocumentRow,
  adapter: ChannelAdapter,
  profile: ComplianceProfile,
): Promise<void> {
  const xml = await issuedXmlBytes(ctx, services, document, profile, 'send');
  if (!xml) throw new Error(`no ${profile} e-invoice writer`);
  const compliance = services.compliance;
  // In line behind the account's own checks (as the inbox's), never beside every rules worker at once.
  const result = await compliance.gate.hold(
    ctx.accountId,
    () => checkXmlCompliance(compliance, { profile, xml: new TextDecoder().decode(xml) }),
    { wait: true },
  );
  const fatal = result.violations.filter((v) => v.severity === 'fatal');
  if (fatal.length === 0) return;
  const rules = [...new Set(fatal.map((v) => v.rule))];
  throw new DomainError(
    'compliance_failed',
    `The ${profile} e-invoice ${adapter.name} would send breaks ${rules.length === 1 ? 'rule' : 'rules'} ${rules.slice(0, 10).join(', ')}${rules.length > 10 ? ', …' : ''}: nothing was sent (POST /documents/validate-compliance says the same of its XML)`,
    {
      profile: result.profile,
      ruleset_version: result.ruleset_version,
      channel: adapter.id,
      violations: fatal.slice(0, MAX_NAMED),
    },
  );
}
