// env + flags -> a typed Config, validated once. Each setting is declared in src/config/settings.ts (name,
// flag, parser, default, README line); this file derives the env -> flag map and the Config type from that
// declaration and reads it, plus the two settings read together from several (IMAP_*, S3_*).
import type { ImapSettings } from './config/imap';
import { ConfigError } from './config/parse';
import {
  SETTING_NAMES,
  SETTING_SPECS,
  type SettingFields,
  type SettingName,
  type SettingSpec,
  type SettingValue,
} from './config/settings';
import type { S3Settings } from './storage/s3-blob-store';

export type { ImapSettings } from './config/imap';
export { ConfigError } from './config/parse';
export { LOG_LEVELS, type LogLevel } from './config/settings';

/**
 * What the service runs with. Each field's meaning, default and accepted values are its setting's in
 * src/config/settings.ts (`port`: PORT, ...); `imap` is IMAP_URL with its companions (null = off), `s3`
 * S3_BUCKET with its companions (null = files under DATA_DIR).
 */
export interface Config extends SettingFields {
  imap: ImapSettings | null;
  s3: S3Settings | null;
}

type Source = Record<string, string | undefined>;

/** Env name -> the flag that may override it (`--port 9000` or `--port=9000`). */
export const SETTINGS = Object.fromEntries(SETTING_NAMES.map((name) => [name, SETTING_SPECS[name].flag])) as {
  readonly [N in SettingName]: (typeof SETTING_SPECS)[N]['flag'];
};

export const SETTING_FLAGS: readonly string[] = Object.values(SETTINGS);

/** Every environment variable loadConfig may read: the settings' names and the AWS names they fall back to. */
export const SETTING_ENV_NAMES: readonly string[] = SETTING_NAMES.flatMap((name) => {
  const spec: SettingSpec = SETTING_SPECS[name];
  return spec.fallback === undefined ? [name] : [name, spec.fallback];
});

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

interface SettingReader {
  /** The value as given: the flag, else the env, else its fallback's env; trimmed, null when unset. */
  raw(name: SettingName): string | null;
  /** The value parsed (the default when unset); throws ConfigError. */
  value<N extends SettingName>(name: N): SettingValue<N>;
  /** Whether it is given under its own name (the flag or the env), not only by its fallback's env. */
  own(name: SettingName): boolean;
}

function settingReader(env: Source, flags: Source, cwd: string): SettingReader {
  const raw = (name: string): string | null => {
    const spec: SettingSpec | undefined = SETTING_SPECS[name as SettingName];
    if (spec === undefined) throw new Error(`no setting ${name} is declared`);
    const given = nonEmpty(flags[spec.flag] ?? env[name]);
    return given ?? (spec.fallback === undefined ? null : nonEmpty(env[spec.fallback]));
  };
  const value = <N extends SettingName>(name: N): SettingValue<N> => {
    const spec: SettingSpec = SETTING_SPECS[name];
    const given = raw(name) ?? (typeof spec.default === 'function' ? spec.default(raw) : spec.default);
    return (given === undefined ? null : spec.parse(given, { name, cwd })) as SettingValue<N>;
  };
  const own = (name: SettingName): boolean => nonEmpty(flags[SETTING_SPECS[name].flag] ?? env[name]) !== null;
  return { raw, value, own };
}

/**
 * A setting that only means something beside another (the mailbox's account beside IMAP_URL), given without
 * it: a misspelt or forgotten main setting, which left the intake off without a word. Stops start-up.
 */
function requireMain(settings: SettingReader, main: SettingName, companions: readonly SettingName[]): void {
  if (settings.raw(main) !== null) return;
  const given = companions.filter((name) => settings.own(name));
  if (given.length === 0) return;
  const names = given.join(', ');
  throw new ConfigError(
    `${names} ${given.length === 1 ? 'is' : 'are'} set but ${main} is not: set ${main}, or unset ${names}`,
  );
}

/** IMAP_URL set: the mailbox, with its companions (read only then); null = no mail intake. */
function imap(settings: SettingReader): ImapSettings | null {
  requireMain(settings, 'IMAP_URL', ['IMAP_ACCOUNT', 'IMAP_POLL_SECONDS', 'IMAP_ALLOW_PLAIN']);
  if (settings.raw('IMAP_URL') === null) return null;
  const allowPlain = settings.value('IMAP_ALLOW_PLAIN');
  const accountId = settings.value('IMAP_ACCOUNT');
  const pollSeconds = settings.value('IMAP_POLL_SECONDS');
  const server = settings.value('IMAP_URL');
  return server === null ? null : { ...server, allowPlain, accountId, pollSeconds };
}

/** S3_BUCKET's companions: given without it, they say the operator meant a bucket (or left a typo). */
const S3_COMPANIONS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PATH_STYLE',
  'S3_ANSWER_TIMEOUT_SECONDS',
] as const satisfies readonly SettingName[];

/**
 * S3_BUCKET set: the bucket, its endpoint and keys (never echoed); null = files under DATA_DIR. An S3_*
 * companion given without S3_BUCKET (a misspelt or forgotten S3_BUCKET) stops start-up: the service used to
 * keep every file in DATA_DIR without a word, each instance on its own disk. The AWS_* fallbacks do not
 * count: the AWS tools' names may be set for something else.
 */
function s3(settings: SettingReader): S3Settings | null {
  const bucket = settings.value('S3_BUCKET');
  if (bucket === null) {
    const given = S3_COMPANIONS.filter((name) => settings.own(name));
    if (given.length > 0) {
      const names = given.join(', ');
      throw new ConfigError(
        `${names} ${given.length === 1 ? 'is' : 'are'} set but S3_BUCKET is not: set S3_BUCKET to keep the files in that bucket, or unset ${names} to keep them in DATA_DIR`,
      );
    }
    return null;
  }
  const accessKeyId = settings.value('S3_ACCESS_KEY_ID');
  const secretAccessKey = settings.value('S3_SECRET_ACCESS_KEY');
  if (accessKeyId === null || secretAccessKey === null) {
    throw new ConfigError(
      'S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)',
    );
  }
  return {
    bucket,
    endpoint: settings.value('S3_ENDPOINT'),
    region: settings.value('S3_REGION'),
    accessKeyId,
    secretAccessKey,
    pathStyle: settings.value('S3_PATH_STYLE'),
    answerTimeoutSeconds: settings.value('S3_ANSWER_TIMEOUT_SECONDS'),
  };
}

/** Reads every setting from env, lets flags override, and validates once. Throws ConfigError. */
export function loadConfig(env: Source, flags: Source = {}, cwd = process.cwd()): Config {
  const settings = settingReader(env, flags, cwd);
  requireMain(settings, 'INBOX_DIR', ['INBOX_ACCOUNT']);
  const fields: Record<string, unknown> = {};
  for (const name of SETTING_NAMES) {
    const { field }: SettingSpec = SETTING_SPECS[name];
    if (field !== undefined) fields[field] = settings.value(name);
  }
  // Every SettingFields key is some setting's `field`, so the loop above filled each one.
  return { ...(fields as unknown as SettingFields), imap: imap(settings), s3: s3(settings) };
}
