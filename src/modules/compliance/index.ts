export { assessDocument, type ComplianceDeps } from './check-compliance';
