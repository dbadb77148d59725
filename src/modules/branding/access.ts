// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';
import { findProfile as findBrandingProfile } from './repo';

export const brandingAccess: AccessRules = {
  'POST /api/v1/branding-profiles': access.write,
  'PATCH /api/v1/branding-profiles/:id': access.own('branding_profile', 'id', findBrandingProfile),
  'DELETE /api/v1/branding-profiles/:id': access.own('branding_profile', 'id', findBrandingProfile),
  'POST /api/v1/branding-profiles/:id/logo': access.own('branding_profile', 'id', findBrandingProfile),
  'DELETE /api/v1/branding-profiles/:id/logo': access.own('branding_profile', 'id', findBrandingProfile),
  // The default profile brands everyone's PDFs: choosing it is an account-wide change.
  'POST /api/v1/branding-profiles/:id/default': access.permission('resources:write_all'),
};
