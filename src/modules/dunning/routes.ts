import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { dataOf, ErrorEnvelope, withConflict, withNotFound } from '../../http/schemas';
import type { AccountCtx } from '../../shared/context';
import { notFound } from '../../shared/errors';
import { requireMailConfigured } from '../deliveries';
import { findDocument } from '../documents';
import { linkKeyOf, renderServicesOf, signedDownloadUrl } from '../renders';
import {
  Dispute,
  DunningPolicy,
  PutDunningPolicyBody,
  presentPolicy,
  presentReminder,
  Reminder,
  SendReminderBody,
} from './model';
import { remindersOf } from './repo';
import { readDispute, setDispute } from './use-cases/dispute';
import { readPolicy, savePolicy } from './use-cases/policy';
import { type ReminderServices, sendReminder } from './use-cases/send-reminder';

const detail = (summary: string) => ({ summary, tags: ['Dunning'] });
const documentParams = t.Object({ document_id: t.String() });

/** The services a reminder needs, for one acting context (its links are bound to the acting key). */
export function reminderServicesOf(deps: AppDeps, keyId: string | null): ReminderServices {
  return {
    renders: renderServicesOf(deps),
    // E-mailed links use the service's own origin, never the request's Host header (as deliveries do).
    link: (render) => signedDownloadUrl(deps.signer, deps.ownOrigin(), render, keyId),
  };
}

export function dunningRoutes(auth: Auth, deps: AppDeps) {
  const servicesFor = (ctx: AccountCtx) => reminderServicesOf(deps, linkKeyOf(ctx));
  return new Elysia({ prefix: '/api/v1' })
    .use(auth)
    .get('/dunning-policy', async ({ ctx }) => ({ data: presentPolicy(await readPolicy(ctx)) }), {
      auth: true,
      response: { 200: dataOf(DunningPolicy), ...withNotFound },
      detail: detail("The account's dunning policy: the defaults (German, disabled) until one is saved"),
    })
    .put(
      '/dunning-policy',
      async ({ ctx, body }) => ({ data: presentPolicy(await savePolicy({ ctx, input: body })) }),
      {
        auth: true,
        body: PutDunningPolicyBody,
        response: { 200: dataOf(DunningPolicy), ...withNotFound },
        detail: detail('Replace the dunning policy: enabled, and one to four levels, days ascending'),
      },
    )
    .post(
      '/documents/:document_id/reminders',
      async ({ ctx, params, body, set }) => {
        requireMailConfigured(deps.smtpUrl);
        const row = await sendReminder({
          ctx,
          services: servicesFor(ctx),
          input: { documentId: params.document_id, body: body ?? {} },
        });
        set.status = 201;
        return { data: presentReminder(row) };
      },
      {
        auth: true,
        params: documentParams,
        body: t.Optional(SendReminderBody),
        response: { 201: dataOf(Reminder), ...withConflict, 501: ErrorEnvelope },
        detail: detail(
          'E-mail a reminder letter (PDF) with the invoice attached, at the next level or the one named. 501 without SMTP_URL',
        ),
      },
    )
    .get(
      '/documents/:document_id/reminders',
      async ({ ctx, params }) => {
        const document = await findDocument(ctx.db, ctx.accountId, params.document_id);
        if (!document) throw notFound('Document');
        return { data: (await remindersOf(ctx.db, ctx.accountId, document.id)).map(presentReminder) };
      },
      {
        auth: true,
        params: documentParams,
        response: { 200: dataOf(t.Array(Reminder)), ...withNotFound },
        detail: detail("A document's reminders, newest first"),
      },
    )
    .get(
      '/documents/:document_id/dispute',
      async ({ ctx, params }) => ({ data: await readDispute(ctx, params.document_id) }),
      {
        auth: true,
        params: documentParams,
        response: { 200: dataOf(Dispute), ...withNotFound },
        detail: detail('Whether the invoice is disputed (no reminders while it is)'),
      },
    )
    .put(
      '/documents/:document_id/dispute',
      async ({ ctx, params, body }) => ({
        data: await setDispute({
          ctx,
          input: { documentId: params.document_id, disputed: true, note: body?.note },
        }),
      }),
      {
        auth: true,
        params: documentParams,
        body: t.Optional(
          t.Object({ note: t.Optional(t.String({ maxLength: 2000 })) }, { additionalProperties: false }),
        ),
        response: { 200: dataOf(Dispute), ...withNotFound },
        detail: detail(
          'Mark the invoice disputed: no reminder is sent about it, by hand or by the daily job',
        ),
      },
    )
    .delete(
      '/documents/:document_id/dispute',
      async ({ ctx, params }) => ({
        data: await setDispute({ ctx, input: { documentId: params.document_id, disputed: false } }),
      }),
      {
        auth: true,
        params: documentParams,
        response: { 200: dataOf(Dispute), ...withNotFound },
        detail: detail('Lift the dispute: reminders go out again when due'),
      },
    );
}
