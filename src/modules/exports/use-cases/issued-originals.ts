// What the archive and the audit export both put in their ZIPs of an issued document: its PDF and
// e-invoice XML as issued (kept byte for byte from their first use, docs/renders.md), under names that
// are safe in a ZIP and never used twice.

import type { ComplianceProfile } from '../../../einvoicing/profiles';
import { isOutage } from '../../../jobs/transient';
import type { AccountCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import { writeEInvoiceXml } from '../../compliance';
import { findCustomer } from '../../customers';
import { type DocumentRow, einvoiceInputOf } from '../../documents';
import { readSupportingFiles } from '../../files';
import { FACTUR_X, type IssuedFirstUse, issuedPdf, issuedXml, type RenderServices } from '../../renders';

/** File names inside the ZIP: safe characters, and a name used twice gets `-2`, `-3`. */
export class EntryNames {
  private readonly used = new Set<string>();
  name(folder: string, stem: string, extension: string): string {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what gets replaced
    const safe = stem.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '-').trim() || 'document';
    let name = `${folder}/${safe}.${extension}`;
    for (let n = 2; this.used.has(name); n++) name = `${folder}/${safe}-${n}.${extension}`;
    this.used.add(name);
    return name;
  }
}

/**
 * Why a file could not be put in the ZIP, for its note. The database or the store away is no such reason:
 * thrown on, so the export answers 503 (or its background job waits for them) instead of a ZIP that looks
 * whole with every PDF "could not be produced" (a GoBD archive with silent holes).
 */
export function problemOf(error: unknown): string {
  if (isOutage(error)) throw error;
  return error instanceof DomainError ? error.message : 'could not be produced';
}

/** The customer's e-invoice profile (`einvoice_profile`), null without one. */
export async function profileOf(ctx: AccountCtx, row: DocumentRow): Promise<ComplianceProfile | null> {
  return ((await findCustomer(ctx.db, ctx.accountId, row.customerId))?.einvoiceProfile ??
    null) as ComplianceProfile | null;
}

/**
 * The document's PDF as issued: its kept original (the Factur-X one for a buyer who gets Factur-X), else
 * drawn now through the render pool (counted against `plan`'s quota as any render) and kept from then on.
 */
export async function issuedPdfBytes(
  ctx: AccountCtx,
  services: RenderServices,
  row: DocumentRow,
  plan: { monthlyQuota: number; planId: string },
  profile: ComplianceProfile | null,
  firstUse: IssuedFirstUse,
): Promise<Uint8Array> {
  const made = await issuedPdf(ctx, services, row, {
    facturxFirst: profile === FACTUR_X,
    firstUse,
    monthlyQuota: plan.monthlyQuota,
    planId: plan.planId,
  });
  return made.bytes;
}

/**
 * The e-invoice XML the customer needs (`profile`), as issued: the one kept since its first use (a send, the
 * XML route), else written now as sending writes it and kept; null without a profile.
 */
export async function issuedXmlBytes(
  ctx: AccountCtx,
  services: RenderServices,
  row: DocumentRow,
  profile: ComplianceProfile | null,
  firstUse: IssuedFirstUse,
): Promise<Uint8Array | null> {
  if (!profile) return null;
  const outcome = await issuedXml(ctx, services.blobs, row, {
    profile,
    firstUse,
    write: async () => {
      const input = await einvoiceInputOf(ctx, row);
      const attachedFiles = await readSupportingFiles(
        ctx,
        services.blobs,
        input.data.supporting_documents,
        'document',
      );
      return await writeEInvoiceXml({ profile, ...input, attachedFiles });
    },
  });
  if (!outcome.ok) {
    // Why, as the XML route says it (a field and the rule), so a failed network delivery names it too.
    const first = outcome.problems[0];
    const why = first ? `: ${first.path}: ${first.message}` : '';
    throw new DomainError('unprocessable_entity', `the ${profile} e-invoice cannot be written${why}`, {
      problems: outcome.problems.slice(0, 20),
    });
  }
  return outcome.bytes;
}
