import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { resourceRoutes } from '../../http/resource-kit';
import {
  BusinessProfile,
  BusinessProfileSummary,
  CreateBusinessProfileBody,
  presentBusinessProfile,
  presentBusinessProfileSummary,
  UpdateBusinessProfileBody,
} from './model';
import { businessProfileRows } from './repo';
import { createBusinessProfile } from './use-cases/create-business-profile';
import { deleteBusinessProfile } from './use-cases/delete-business-profile';
import { updateBusinessProfile } from './use-cases/update-business-profile';

export function businessProfileRoutes(auth: Auth, _deps: AppDeps) {
  return resourceRoutes(auth, {
    prefix: '/api/v1/business-profiles',
    tag: 'Business profiles',
    noun: 'Business profile',
    rows: businessProfileRows,
    body: { create: CreateBusinessProfileBody, update: UpdateBusinessProfileBody },
    item: { schema: BusinessProfile, present: presentBusinessProfile },
    summary: { schema: BusinessProfileSummary, present: presentBusinessProfileSummary },
    search: 'Only those whose legal name, display name, email or tax ID contains this text (any case)',
    summaries: {
      create: 'Create a business profile (seller identity)',
      list: 'List business profiles (summary fields), newest first; ?q= searches names, email and tax ID',
      get: 'Get a business profile',
      update: 'Update a business profile: omitted fields stay, null clears',
      delete: 'Delete a business profile no document uses',
    },
    // A profile documents use.
    conflicts: ['delete'],
    create: createBusinessProfile,
    update: updateBusinessProfile,
    remove: deleteBusinessProfile,
  });
}
