import { Value, ValueErrorType } from '@sinclair/typebox/value';
import { inTransaction } from '../../../db/transaction';
import type { ChannelAdapter } from '../../../delivery-channel';
import { ChannelError, type ConnectionDiagnosis, reasonOfError } from '../../../delivery-channel';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { DomainError, type FieldError, notFound, validationError } from '../../../shared/errors';
import { newId, randomToken } from '../../../shared/ids';
import { sha256Hex } from '../../../shared/secrets';
import { openSecrets, sealSecrets } from '../credentials';
import type { Channel, ChannelTestAnswer, PutChannelBody } from '../model';
import {
  deleteConnection,
  findConnection,
  insertConnection,
  listConnections,
  updateConnection,
} from '../repo';
import { adapterOf, type ChannelDeps, connectionOf } from '../runtime';
import type { ChannelConnectionRow } from '../schema';

export function presentChannel(adapter: ChannelAdapter, row: ChannelConnectionRow | undefined): Channel {
  return {
    channel: adapter.id,
    name: adapter.name,
    network: adapter.network,
    receive: adapter.receive,
    profiles: [...adapter.profiles],
    secret_names: [...adapter.secrets],
    connected: row !== undefined,
    enabled: row?.enabled ?? false,
    base_url: row?.baseUrl ?? adapter.defaultBaseUrl,
    settings: row?.settings ?? {},
    secrets: Object.fromEntries(
      adapter.secrets.map((name) => [name, row?.secretNames.includes(name) ?? false]),
    ),
    webhook: row?.webhookTokenHash != null,
    last_polled_at: row?.lastPolledAt ?? null,
    last_poll_error: row?.lastPollError ?? null,
  };
}

/** Every channel the installation offers, with this account's connection to it. */
export async function listChannels(ctx: AccountCtx, deps: ChannelDeps): Promise<Channel[]> {
  const rows = await listConnections(ctx.db, ctx.accountId);
  return deps.channels.adapters.map((adapter) =>
    presentChannel(
      adapter,
      rows.find((r) => r.channel === adapter.id),
    ),
  );
}

/**
 * The settings' problems, one per setting: a required one left out is `missing` ("Field required", as the
 * request schema says it), not also "Expected integer" for the value it lacks.
 */
function settingsProblems(adapter: ChannelAdapter, settings: Record<string, unknown>): FieldError[] {
  const problems = new Map<string, FieldError>();
  for (const e of Value.Errors(adapter.settings, settings)) {
    const loc = `body.settings${e.path.replaceAll('/', '.')}`;
    if (problems.has(loc)) continue;
    problems.set(
      loc,
      e.type === ValueErrorType.ObjectRequiredProperty
        ? { loc, msg: 'Field required', type: 'missing' }
        : { loc, msg: e.message, type: 'invalid' },
    );
  }
  return [...problems.values()];
}

/** The hosts a connection sends its secrets to: its base URL's and any URL setting's origins. */
function hostsOf(
  adapter: ChannelAdapter,
  connection: { baseUrl: string | null; settings: Record<string, unknown> },
): Set<string> {
  const origin = (url: unknown) => {
    if (typeof url !== 'string' || url === '') return null;
    try {
      return new URL(url).origin;
    } catch {
      return url;
    }
  };
  const urls = [
    connection.baseUrl ?? adapter.defaultBaseUrl,
    ...Object.entries(connection.settings)
      .filter(([key]) => key.endsWith('_url'))
      .map(([, value]) => value),
  ];
  return new Set(urls.map(origin).filter((host): host is string => host !== null));
}

/**
 * PUT /channels/{channel}: the account opts in (or out) and sets the connection's settings and secrets.
 * Secrets are sealed before they touch the database and never answered; one left out stays as it is.
 */
export async function putConnection(
  ctx: AccountCtx,
  deps: ChannelDeps,
  channel: string,
  input: PutChannelBody,
): Promise<Channel> {
  const adapter = adapterOf(deps, channel);
  const problems: FieldError[] = [];
  for (const name of Object.keys(input.secrets ?? {})) {
    if (!adapter.secrets.includes(name)) {
      problems.push({
        loc: `body.secrets.${name}`,
        msg: `${adapter.id} has no secret '${name}' (it has ${adapter.secrets.join(', ') || 'none'})`,
        type: 'invalid',
      });
    }
  }
  if (input.settings !== undefined) problems.push(...settingsProblems(adapter, input.settings));
  if (input.base_url != null && !/^https?:\/\/[^/]/i.test(input.base_url)) {
    problems.push({
      loc: 'body.base_url',
      msg: 'base_url must be an https:// (or http://) URL',
      type: 'invalid',
    });
  }
  if (problems.length > 0) throw validationError(problems);
  return await inTransaction(ctx, async (tx) => {
    const now = isoNow(tx.clock);
    const row = await findConnection(tx.db, tx.accountId, channel);
    // Enabled, a connection has what sending needs (Storecove's legal entity, Recommand's company): refused
    // now, not at the first send.
    if (input.enabled && input.settings === undefined) {
      const missing = settingsProblems(adapter, row?.settings ?? {});
      if (missing.length > 0) throw validationError(missing);
    }
    const current = row
      ? (openSecrets(deps.channels.credentialsKey, tx.accountId, row.sealedSecrets) ?? {})
      : {};
    // Secrets go only where they were given for: a connection pointed at another host (its base URL, or a
    // setting that is a URL, such as a French platform's token_url) keeps none of them unless given again
    // (an admin could otherwise send the owner's provider key to a host of their own).
    const after = {
      baseUrl: input.base_url === undefined ? (row?.baseUrl ?? null) : input.base_url,
      settings: input.settings ?? row?.settings ?? {},
    };
    // A channel with no API of its own (each French platform publishes its host) is not enabled without
    // the account's: every send and poll would fail.
    if (input.enabled && (after.baseUrl ?? adapter.defaultBaseUrl).trim() === '') {
      throw validationError([
        {
          loc: 'body.base_url',
          msg: `${adapter.name} has no API of its own: base_url names the provider's (its Flow Service, e.g. https://api.<platform>/flow-service)`,
          type: 'missing',
        },
      ]);
    }
    const before = hostsOf(adapter, { baseUrl: row?.baseUrl ?? null, settings: row?.settings ?? {} });
    const moved = [...hostsOf(adapter, after)].some((host) => !before.has(host));
    const secrets: Record<string, string> = moved && row ? {} : { ...current };
    for (const [name, value] of Object.entries(input.secrets ?? {})) {
      if (value === null) delete secrets[name];
      else secrets[name] = value;
    }
    const names = Object.keys(secrets).sort();
    const fields = {
      enabled: input.enabled,
      ...after,
      sealedSecrets:
        names.length === 0 ? null : sealSecrets(deps.channels.credentialsKey, tx.accountId, secrets),
      secretNames: names,
      updatedAt: now,
    };
    if (row) await updateConnection(tx.db, row.id, fields);
    else {
      await insertConnection(tx.db, {
        id: newId('chc'),
        accountId: tx.accountId,
        channel,
        ...fields,
        webhookTokenHash: null,
        pollCursor: null,
        lastPolledAt: null,
        lastPollError: null,
        createdBy: creatorOf(tx),
        createdAt: now,
      });
    }
    return presentChannel(adapter, await findConnection(tx.db, tx.accountId, channel));
  });
}

export async function removeConnection(ctx: AccountCtx, deps: ChannelDeps, channel: string): Promise<void> {
  adapterOf(deps, channel);
  if (!(await deleteConnection(ctx.db, ctx.accountId, channel))) throw notFound('Channel connection');
}

export async function connectionRow(ctx: AccountCtx, channel: string): Promise<ChannelConnectionRow> {
  const row = await findConnection(ctx.db, ctx.accountId, channel);
  if (!row)
    throw new DomainError(
      'not_found',
      `The account has no ${channel} connection: PUT /api/v1/channels/${channel} first`,
      { channel },
    );
  return row;
}

/** "Test connection": the adapter's cheapest authenticated call, answered as ok and a message. */
export async function testChannel(
  ctx: AccountCtx,
  deps: ChannelDeps,
  channel: string,
): Promise<typeof ChannelTestAnswer.static> {
  const adapter = adapterOf(deps, channel);
  const row = await connectionRow(ctx, channel);
  try {
    const conn = connectionOf(deps, adapter, row);
    const answer: ConnectionDiagnosis = adapter.diagnoseConnection
      ? await adapter.diagnoseConnection(conn)
      : await adapter.testConnection(conn);
    return {
      channel,
      ok: answer.ok,
      message: answer.message,
      ...(answer.reason === undefined ? {} : { reason: answer.reason }),
    };
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    const reason = reasonOfError(error);
    return { channel, ok: false, message: error.message, ...(reason === undefined ? {} : { reason }) };
  }
}

/**
 * A new webhook URL for the provider's callbacks: its token is shown once and kept as its SHA-256 (a new
 * one replaces the old). Polling needs none: it is for providers that push.
 */
export async function makeWebhookToken(ctx: AccountCtx, deps: ChannelDeps, channel: string): Promise<string> {
  const adapter = adapterOf(deps, channel);
  if (!adapter.webhook) {
    throw new DomainError('conflict', `${adapter.name} takes no webhook: it is polled`, { channel });
  }
  const row = await connectionRow(ctx, channel);
  const token = randomToken(32);
  await updateConnection(ctx.db, row.id, {
    webhookTokenHash: sha256Hex(token),
    updatedAt: isoNow(ctx.clock),
  });
  return token;
}
