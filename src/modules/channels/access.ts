import { type AccessRules, access } from '../../http/access';
import { findDocument } from '../documents';
import { findReceived } from '../receiving';

// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.

// A connection's credentials speak for the whole account: owners and admins.
const connection = access.permission('resources:write_all');

export const channelsAccess: AccessRules = {
  'POST /api/v1/channels/webhooks/:token': access.public,
  'PUT /api/v1/channels/:channel': connection,
  'DELETE /api/v1/channels/:channel': connection,
  'POST /api/v1/channels/:channel/test': connection,
  'POST /api/v1/channels/:channel/webhook': connection,
  // Asks a directory, keeps nothing.
  'POST /api/v1/channels/:channel/lookup': access.self,
  // Sending follows e-mail's rule: who may change the document.
  'POST /api/v1/documents/:document_id/network-deliveries': access.own(
    'document',
    'document_id',
    findDocument,
  ),
  // Answering a supplier's invoice is the books' business, as approving it is.
  'POST /api/v1/received-documents/:received_id/response': access.orBooks(
    access.own('received_document', 'received_id', findReceived),
  ),
};
