export { businessProfilesAccess } from './access';
export {
  type BusinessProfile,
  type BusinessProfileSummary,
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
