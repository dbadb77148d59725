export { exportsAccess } from './access';
export { checkDatevCalendarYear, checkPeriod } from './period';
export type { DatevExportKind, DatevExportRow } from './schema';
export { debtorRange, putAccountingSettings, readAccountingSettings } from './use-cases/accounting-settings';
export { type DatevInput, datevExport } from './use-cases/datev-export';
export { datevMasterData, type MasterDataInput } from './use-cases/datev-master-data';
export { type DatevExportRecord, lastDatevExports, recordDatevExport } from './use-cases/datev-record';
export { type DatevStatus, datevStatus, type NotExported } from './use-cases/datev-status';
export { issuedPdfBytes, issuedXmlBytes, profileOf } from './use-cases/issued-originals';
