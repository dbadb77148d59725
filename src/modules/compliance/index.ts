export { complianceAccess } from './access';
export { AccountGate } from './account-gate';
export { ComplianceResult } from './model';
export {
  assessDocument,
  type ComplianceDeps,
  checkXmlCompliance,
  complianceDepsOf,
} from './use-cases/check-compliance';
export { builtInFinalizeViolations, finalizeCheckOf } from './use-cases/finalize-check';
export type { EInvoiceInput, WriteOutcome } from './use-cases/write-einvoice';

/** Writes a document's e-invoice XML; the writer (and its XML library) loads on first use. */
export async function writeEInvoiceXml(
  input: import('./use-cases/write-einvoice').EInvoiceInput,
): Promise<import('./use-cases/write-einvoice').WriteOutcome> {
  const { writeEInvoice } = await import('./use-cases/write-einvoice');
  return writeEInvoice(input);
}
