// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';
import { findSequence } from './repo';

export const numberingSequencesAccess: AccessRules = {
  'POST /api/v1/numbering-sequences': access.write,
  'PATCH /api/v1/numbering-sequences/:sequence_id': access.own(
    'numbering_sequence',
    'sequence_id',
    findSequence,
  ),
  'DELETE /api/v1/numbering-sequences/:sequence_id': access.own(
    'numbering_sequence',
    'sequence_id',
    findSequence,
  ),
};
