// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { resourceAccess } from '../../http/resource-kit';
import { findBusinessProfile } from './repo';

export const businessProfilesAccess = resourceAccess(
  '/api/v1/business-profiles',
  'business_profile',
  findBusinessProfile,
);
