export { assessDocument, type ComplianceDeps, complianceDepsOf } from './check-compliance';
