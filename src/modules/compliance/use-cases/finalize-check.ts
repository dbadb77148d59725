import type { ComplianceProfile } from '../../../einvoicing/profiles';
import { mandatoryFieldViolations } from '../../../einvoicing/rules/mandatory';
import type { Violation } from '../../../einvoicing/rules/types';
import type { DocumentData, FinalizeCheck, FinalizeViolation } from '../../documents';
import { readSupportingFiles } from '../../files';
import { assessDocument, type ComplianceDeps } from './check-compliance';

// Official rules name an XPath; a person fixes a field. The rules finalize meets most, by what they ask for.
const FIELD_OF_RULE: Record<string, string> = {
  'BR-DE-15': 'data.buyer_reference',
  'PEPPOL-EN16931-R003': 'data.buyer_reference',
  'BR-DE-2': 'data.seller',
  'BR-DE-3': 'data.seller.address.city',
  'BR-DE-4': 'data.seller.address.postal_code',
  'BR-DE-8': 'data.buyer.address.city',
  'BR-DE-9': 'data.buyer.address.postal_code',
  'BR-DE-23-a': 'data.payment.bank_account',
  'BR-DE-5': 'data.seller.phone',
  'BR-DE-6': 'data.seller.phone',
  'BR-DE-7': 'data.seller.email',
  'PEPPOL-EN16931-R010': 'data.buyer.electronic_address',
  'PEPPOL-EN16931-R020': 'data.seller.electronic_address',
};

/**
 * The document field a finding is about. A line "without VAT category" points at the category of its
 * first tax (`data.line_items.0.taxes.0.category`) when it has taxes, since that is what is missing.
 */
export function fieldOf(violation: Pick<Violation, 'rule' | 'path'>, data: DocumentData): string {
  const path = violation.path;
  if (path.startsWith('data')) {
    const lineTaxes = /^data\.line_items\.(\d+)\.taxes$/.exec(path);
    if (lineTaxes) {
      const taxes = data.line_items[Number(lineTaxes[1])]?.taxes ?? [];
      const unclassified = taxes.findIndex((tax) => !tax.category?.trim());
      if (unclassified >= 0) return `${path}.${unclassified}.category`;
    }
    return path;
  }
  return FIELD_OF_RULE[violation.rule] ?? 'data';
}

/** The fatal findings, each once: the official rules often say again what the built-in checks found. */
export function finalizeViolations(violations: Violation[], data: DocumentData): FinalizeViolation[] {
  const seen = new Set<string>();
  const found: FinalizeViolation[] = [];
  for (const violation of violations) {
    if (violation.severity !== 'fatal') continue;
    const field = fieldOf(violation, data);
    const key = `${violation.rule}|${field}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ rule: violation.rule, field, message: violation.message });
  }
  return found;
}

/** Finalize's check (documents' FinalizeCheck): the built-in checks always, the official rules when installed. */
export function finalizeCheckOf(deps: ComplianceDeps): FinalizeCheck {
  return async (ctx, input) => {
    const attachedFiles = await readSupportingFiles(
      ctx,
      deps.blobs,
      input.data.supporting_documents,
      'document.data.supporting_documents',
    );
    const { result } = await assessDocument(deps, { ...input, attachedFiles });
    return finalizeViolations(result.violations, input.data);
  };
}

/**
 * The built-in checks alone, synchronously: for finalizing inside a transaction that cannot wait for the
 * official rules (a recurring invoice's occurrence, finalized by its job).
 */
export function builtInFinalizeViolations(
  profile: ComplianceProfile,
  data: DocumentData,
): FinalizeViolation[] {
  return finalizeViolations(mandatoryFieldViolations(data, profile), data);
}
