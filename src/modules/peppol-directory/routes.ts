import { Elysia, t } from 'elysia';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, ErrorEnvelope } from '../../http/schemas';
import { DomainError, validationError } from '../../shared/errors';
import type { PeppolLookupDeps } from './lookup';
import { ParticipantReachability, presentReachability } from './model';
import { parseParticipantId } from './participant';
import { checkParticipant } from './use-cases/check-participant';

/** `lookup` null: the composition root gave no Peppol lookup, and the route says so (501). */
export function peppolDirectoryRoutes(auth: Auth, lookup: PeppolLookupDeps | null) {
  return new Elysia({ prefix: '/api/v1/peppol' }).use(auth).get(
    '/participants/:participant_id',
    async ({ ctx, params, query }) => {
      const id = parseParticipantId(params.participant_id);
      if (id === null) {
        throw validationError([
          {
            loc: 'params.participant_id',
            msg: 'a Peppol participant id: a four-digit ICD, a colon, the identifier (0088:4035811991021)',
            type: 'invalid',
          },
        ]);
      }
      if (lookup === null) throw new DomainError('not_configured', 'The Peppol lookup is not configured');
      const checked = await checkParticipant({
        ctx,
        lookup,
        input: { id, refresh: query.refresh === 'true' },
      });
      return { data: presentReachability(checked) };
    },
    {
      auth: true,
      params: t.Object({
        participant_id: t.String({
          description: 'The participant: its ICD and identifier, `scheme:value` (e.g. `0088:4035811991021`)',
        }),
      }),
      query: t.Object({
        refresh: t.Optional(
          t.Union([t.Literal('true'), t.Literal('false')], { description: 'Ask again now' }),
        ),
      }),
      response: {
        200: dataOf(ParticipantReachability),
        ...authErrors,
        501: ErrorEnvelope,
        502: ErrorEnvelope,
      },
      detail: {
        summary:
          "Whether a participant receives invoices over Peppol: the SML's DNS and its SMP, asked by the service",
        tags: ['Peppol'],
      },
    },
  );
}
