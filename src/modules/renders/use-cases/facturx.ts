import { DomainError } from '../../../shared/errors';
import type { TotalsResult } from '../../../shared/money';
import { assessDocument, type ComplianceDeps } from '../../compliance/check-compliance';
import type { DocumentData } from '../../documents/model';

export interface FacturxPart {
  xml: string;
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
  input: {
    documentType: string;
    data: DocumentData;
    precedingInvoiceNumber?: string | null;
    precedingInvoiceDate?: string | null;
    /** A stored document's totals, used as they are. */
    totals?: TotalsResult;
  },
): Promise<FacturxPart> {
  const { result, xml } = await assessDocument(deps, { profile: 'factur_x_en16931', ...input });
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
    compliance: {
      profile: result.profile,
      ruleset_version: result.ruleset_version,
      fully_checked: result.fully_checked,
      advisories: result.violations.filter((v) => v.severity === 'warning'),
    },
  };
}
