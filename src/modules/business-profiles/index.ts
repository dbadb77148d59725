export { businessProfilesAccess } from './access';
export {
  type BusinessProfile,
  type BusinessProfileSummary,
  presentBusinessProfile,
  presentBusinessProfileSummary,
  sellerParty,
} from './model';
export { findBusinessProfile } from './repo';
export type { BusinessProfileRow } from './schema';
