import type { DbOrTx } from '../../../db/client';
import type { TotalsResult } from '../../../domain/money';
import type { EAttachedFile } from '../../../einvoicing/semantic/types';
import { DomainError } from '../../../shared/errors';
import { assessDocument, type ComplianceDeps } from '../../compliance';
import type { DocumentData } from '../../documents';
import { readSupportingFiles } from '../../files';

export interface FacturxPart {
  xml: string;
  /** The supporting documents' files, attached to the PDF beside factur-x.xml. */
  attachments: EAttachedFile[];
  /** What the render records as `compliance` (SPEC 2). */
  compliance: { profile: string; ruleset_version: string; fully_checked: boolean; advisories: unknown[] };
}

/**
 * Factur-X: check the document with factur_x_en16931 first. A fatal violation means no PDF: 422
 * `compliance_failed` listing every violation. Otherwise the XML embedded is exactly the bytes checked,
 * and the warnings travel with the render as advisories.
 */
export async function facturxPart(
  deps: ComplianceDeps,
  scope: { db: DbOrTx; accountId: string; supportingLoc: string },
  input: {
    documentType: string;
    data: DocumentData;
    precedingInvoiceNumber?: string | null;
    precedingInvoiceDate?: string | null;
    /** A stored document's totals, used as they are. */
    totals?: TotalsResult;
  },
): Promise<FacturxPart> {
  const attachedFiles = await readSupportingFiles(
    scope,
    deps.blobs,
    input.data.supporting_documents,
    scope.supportingLoc,
  );
  const { result, xml } = await assessDocument(deps, {
    profile: 'factur_x_en16931',
    ...input,
    attachedFiles,
  });
  if (!result.valid || xml === null) {
    const fatal = result.violations.filter((v) => v.severity === 'fatal').length;
    throw new DomainError(
      'compliance_failed',
      `The document fails factur_x_en16931 (${fatal} fatal violation${fatal === 1 ? '' : 's'}); no PDF was made`,
      { profile: result.profile, ruleset_version: result.ruleset_version, violations: result.violations },
    );
  }
  return {
    xml,
    attachments: attachedFiles.filter((f) => f !== null),
    compliance: {
      profile: result.profile,
      ruleset_version: result.ruleset_version,
      fully_checked: result.fully_checked,
      advisories: result.violations.filter((v) => v.severity === 'warning'),
    },
  };
}
