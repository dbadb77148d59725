export { complianceAccess } from './access';
export { ComplianceResult } from './model';
export {
  assessDocument,
  type ComplianceDeps,
  checkXmlCompliance,
  complianceDepsOf,
} from './use-cases/check-compliance';
export { finalizeCheckOf } from './use-cases/finalize-check';
