// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';
import { findBusinessProfile } from './repo';

export const businessProfilesAccess: AccessRules = {
  'POST /api/v1/business-profiles': access.write,
  'PATCH /api/v1/business-profiles/:id': access.own('business_profile', 'id', findBusinessProfile),
  'DELETE /api/v1/business-profiles/:id': access.own('business_profile', 'id', findBusinessProfile),
};
