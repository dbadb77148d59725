export { complianceAccess } from './access';
export { assessDocument, type ComplianceDeps, complianceDepsOf } from './use-cases/check-compliance';
