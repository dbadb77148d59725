export { complianceAccess } from './access';
export { assessDocument, type ComplianceDeps, complianceDepsOf } from './check-compliance';
