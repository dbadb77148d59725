// A French approved platform (PA) through the API of XP Z12-013 (Flow Service, Directory Service), with the
// lifecycle statuses of XP Z12-012 (docs/channel-afnor.md). One adapter per process: it keeps the OAuth
// tokens and the index of our flows by invoice number, per connection.
import type { ChannelAdapter, ChannelConnection, ConnectionDiagnosis } from '../../delivery-channel';
import { ChannelError, reasonOfError, testedBy } from '../../delivery-channel';
import { TokenCache } from './auth';
import { AfnorClient } from './client';
import { lookupParticipant } from './directory';
import { eventsOfFlow, pollFlows } from './events';
import { OutFlowIndex } from './flow-index';
import { Flows } from './flows';
import { errorOf, reach } from './http-errors';
import { respondWithCdar } from './respond';
import { sendInvoice } from './send';
import { AfnorSettings, flowBase, NO_BASE_URL, SECRETS } from './settings';
import { verifiedFlowId } from './webhook';

export function createAfnorAdapter(): ChannelAdapter {
  const client = new AfnorClient(new TokenCache());
  const flows = new Flows(client);
  const deps = { flows, index: new OutFlowIndex() };
  const diagnoseConnection = async (conn: ChannelConnection): Promise<ConnectionDiagnosis> => {
    if (conn.baseUrl.trim() === '')
      return { ok: false, message: NO_BASE_URL, reason: 'connection_incomplete' };
    try {
      await healthcheck(conn);
      await flows.search(conn, { updatedAfter: conn.now().toISOString() }, 1);
      return { ok: true, message: 'The Flow Service answers and accepts the credentials' };
    } catch (error) {
      if (!(error instanceof ChannelError)) throw error;
      const reason = reasonOfError(error);
      return { ok: false, message: error.message, ...(reason === undefined ? {} : { reason }) };
    }
  };

  return {
    id: 'afnor-pa',
    network: 'fr-pa',
    name: 'Plateforme agréée (XP Z12-013)',
    defaultBaseUrl: '',
    settings: AfnorSettings,
    secrets: SECRETS,
    profiles: ['factur_x_en16931', 'peppol_bis_billing_3'],
    takesPdf: true,
    receive: 'both',

    testConnection: testedBy(diagnoseConnection),
    diagnoseConnection,

    lookup: (conn, receiver) => lookupParticipant(client, conn, receiver),
    send: (conn, message) => sendInvoice(deps, conn, message),
    poll: (conn, cursor) => pollFlows(deps, conn, cursor),

    async webhook(conn, request) {
      const flowId = verifiedFlowId(conn, request);
      return eventsOfFlow(deps, conn, await flows.metadata(conn, flowId));
    },

    respond: (conn, received, response) => respondWithCdar(flows, conn, received, response),
  };
}

/** GET /v1/healthcheck: the platform is up, before its credentials are tried. */
async function healthcheck(conn: ChannelConnection): Promise<void> {
  const response = await reach(conn, `${flowBase(conn)}/v1/healthcheck`, { method: 'GET' });
  if (!response.ok) throw await errorOf(response, "The Flow Service's healthcheck");
  await response.body?.cancel();
}

export const afnorPaAdapter = createAfnorAdapter();
