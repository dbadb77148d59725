export interface Timezone {
  /** Canonical IANA name, e.g. "Europe/Berlin". */
  name: string;
  /** UTC offset in force at the requested instant, "+HH:MM" or "-HH:MM". */
  offset: string;
}

/**
 * Offsets change at DST transitions, so the list is cached per 15-minute
 * UTC bucket instead of forever. Every current zone offset is a multiple of
 * 15 minutes and transitions happen on local quarter hours, hence on UTC
 * quarter hours too: the offset cannot change inside a bucket (for current
 * rules; pre-1970s local mean times are the only exception).
 */
const BUCKET_MS = 15 * 60 * 1000;

let names: readonly string[] | undefined;
let nameSet: ReadonlySet<string> | undefined;
let formatters: readonly Intl.DateTimeFormat[] | undefined;
let cached: { bucket: number; list: Timezone[] } | undefined;

function zoneNames(): readonly string[] {
  if (names === undefined) {
    const zones = new Set(Intl.supportedValuesOf('timeZone'));
    // Some ICU builds list only "Etc/UTC"; the API promises plain "UTC".
    zones.add('UTC');
    names = Object.freeze([...zones].sort());
  }
  return names;
}

function zoneFormatters(): readonly Intl.DateTimeFormat[] {
  // Building ~450 formatters costs tens of milliseconds: do it once, lazily.
  formatters ??= zoneNames().map(
    (timeZone) => new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }),
  );
  return formatters;
}

/**
 * Turns ICU's "GMT+5:30" / "GMT-03:00" / bare "GMT" into "+05:30". Seconds,
 * which only pre-1970s local mean times have ("GMT+00:17:30"), are dropped
 * because the published format has no room for them.
 */
export function normalizeGmtOffset(label: string): string {
  const match = /^(?:GMT|UTC)(?:([+-])(\d{1,2})(?::?(\d{2})(?::\d{2})?)?)?$/.exec(label);
  if (match === null) throw new Error(`unexpected time zone offset label: ${label}`);
  const [, sign, hours, minutes] = match;
  if (sign === undefined || hours === undefined) return '+00:00';
  return `${sign}${hours.padStart(2, '0')}:${minutes ?? '00'}`;
}

function offsetOf(formatter: Intl.DateTimeFormat, at: Date): string {
  const part = formatter.formatToParts(at).find((p) => p.type === 'timeZoneName');
  if (part === undefined) throw new Error('runtime did not report a time zone offset');
  return normalizeGmtOffset(part.value);
}

function build(at: Date): Timezone[] {
  const zones = zoneNames();
  const list = zoneFormatters().map((formatter, i): Timezone => {
    const name = zones[i];
    if (name === undefined) throw new Error('unreachable: formatter without zone');
    return Object.freeze({ name, offset: offsetOf(formatter, at) });
  });
  Object.freeze(list);
  return list;
}

/** Every IANA time zone with its offset at `now`, sorted by name. */
export function listTimezones(now: Date = new Date()): Timezone[] {
  const time = now.getTime();
  if (Number.isNaN(time)) throw new RangeError('listTimezones: invalid date');
  const bucket = Math.floor(time / BUCKET_MS);
  if (cached === undefined || cached.bucket !== bucket) {
    cached = { bucket, list: build(now) };
  }
  return cached.list;
}

/**
 * Exact membership in the published list. Links such as "Asia/Calcutta" or
 * "US/Eastern" are rejected on purpose so stored zones stay canonical.
 */
export function isValidTimezone(name: string): boolean {
  nameSet ??= new Set(zoneNames());
  return nameSet.has(name);
}
