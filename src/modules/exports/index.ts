export { exportsAccess } from './access';
export { putAccountingSettings, readAccountingSettings } from './use-cases/accounting-settings';
