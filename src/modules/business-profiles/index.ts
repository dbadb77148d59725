export { businessProfilesAccess } from './access';
export {
  type BusinessProfile,
  type BusinessProfileSummary,
  // A customer's default_tax (customers/model.ts) is the profile's: one schema, one validation, one column.
  DefaultTax,
  defaultTaxColumn,
  defaultTaxProblems,
  presentBusinessProfile,
  presentBusinessProfileSummary,
} from './model';
export {
  accountLocale,
  businessProfileRows,
  findBusinessProfile,
  onlyBusinessProfile,
  profileTimeZones,
} from './repo';
export { type BusinessProfileRow, businessProfiles } from './schema';
export { sellerParty } from './seller-party';
export { firmToday, sellerToday } from './seller-today';
