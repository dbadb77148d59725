import { transactional } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { type FieldError, validationError } from '../../../shared/errors';
import {
  type AccountMap,
  type Chart,
  DEFAULT_EXPENSE_ACCOUNTS,
  DEFAULT_REVENUE_ACCOUNTS,
  TAX_CASES,
  withCurrentCases,
} from '../accounts';
import type { AccountingSettingsBody } from '../model';
import { findAccountingSettings, saveAccountingSettings } from '../repo';
import type { AccountingSettingsValue } from '../schema';

/** YYYY-MM-DD and a day of the calendar (2026-02-30 is none). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/**
 * The latest day that is today somewhere (UTC+14): `booked_until` may be no later. Books kept elsewhere
 * reach no further than the day it is; a day ahead would leave every booking still to come out of every
 * DATEV file (an office's too) and out of the office overview's count, silently and for good.
 */
function latestToday(ctx: AccountCtx): string {
  return new Date(Date.parse(isoNow(ctx.clock)) + 14 * 3_600_000).toISOString().slice(0, 10);
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** DATEV's numbering: personal accounts have one digit more than general ones; debtors 1…6, creditors 7…9. */
export const debtorRange = (length: number) => [10 ** length, 7 * 10 ** length - 1] as const;
const creditorRange = (length: number) => [7 * 10 ** length, 10 ** (length + 1) - 1] as const;

/** What an account that saved nothing exports with: SKR03, calendar fiscal year, 4-digit accounts. */
export function defaultSettings(chart: Chart = 'SKR03', accountLength = 4): AccountingSettingsValue {
  return {
    chart,
    consultant_number: null,
    client_number: null,
    fiscal_year_start: '01-01',
    account_length: accountLength,
    revenue_accounts: structuredClone(DEFAULT_REVENUE_ACCOUNTS[chart]),
    expense_accounts: structuredClone(DEFAULT_EXPENSE_ACCOUNTS[chart]),
    first_debtor_number: debtorRange(accountLength)[0],
    first_creditor_number: creditorRange(accountLength)[0],
  };
}

export async function readAccountingSettings(ctx: AccountCtx): Promise<AccountingSettingsValue> {
  const stored = await findAccountingSettings(ctx.db, ctx.accountId);
  if (!stored) return defaultSettings();
  const { revenue, expense } = withCurrentCases(
    stored.chart,
    stored.revenue_accounts,
    stored.expense_accounts,
  );
  return { ...stored, revenue_accounts: revenue, expense_accounts: expense };
}

function mergeAccounts(
  defaults: AccountMap,
  given: AccountingSettingsBody['revenue_accounts'],
  loc: string,
  length: number,
  problems: FieldError[],
): AccountMap {
  const merged = structuredClone(defaults);
  for (const taxCase of TAX_CASES) {
    const entry = given?.[taxCase];
    if (!entry) continue;
    if (entry.account.length > length) {
      problems.push({
        loc: `${loc}.${taxCase}.account`,
        msg: `account ${entry.account} has more digits than the account length (${length})`,
        type: 'too_long',
      });
    }
    merged[taxCase] = { account: entry.account, tax_key: entry.tax_key ?? null };
  }
  return merged;
}

function rangeProblem(loc: string, value: number, [low, high]: readonly [number, number], what: string) {
  return value < low || value > high
    ? [{ loc, msg: `${what} must be from ${low} to ${high} for this account length`, type: 'out_of_range' }]
    : [];
}

/** PUT: the body replaces the settings; what it omits takes the default (accounts: the chart's per case). */
async function putAccountingSettingsInTransaction({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: AccountingSettingsBody;
}): Promise<AccountingSettingsValue> {
  const base = defaultSettings(input.chart ?? 'SKR03', input.account_length ?? 4);
  const problems: FieldError[] = [];
  const fiscal = input.fiscal_year_start ?? base.fiscal_year_start;
  const [month, day] = fiscal.split('-').map(Number) as [number, number];
  if (day > (DAYS_IN_MONTH[month - 1] ?? 0) || fiscal === '02-29') {
    problems.push({
      loc: 'body.fiscal_year_start',
      msg: `${fiscal} is no day every year has`,
      type: 'invalid_value',
    });
  }
  const length = base.account_length;
  const settings: AccountingSettingsValue = {
    ...base,
    consultant_number: input.consultant_number ?? null,
    client_number: input.client_number ?? null,
    fiscal_year_start: fiscal,
    revenue_accounts: mergeAccounts(
      base.revenue_accounts,
      input.revenue_accounts,
      'body.revenue_accounts',
      length,
      problems,
    ),
    expense_accounts: mergeAccounts(
      base.expense_accounts,
      input.expense_accounts,
      'body.expense_accounts',
      length,
      problems,
    ),
    first_debtor_number: input.first_debtor_number ?? base.first_debtor_number,
    first_creditor_number: input.first_creditor_number ?? base.first_creditor_number,
  };
  // Kept (and answered) only when set: a field beyond the spec's.
  const bookedUntil = input.booked_until ?? null;
  if (bookedUntil !== null) {
    if (!isCalendarDay(bookedUntil)) {
      problems.push({
        loc: 'body.booked_until',
        msg: 'must be a date of the calendar (YYYY-MM-DD)',
        type: 'value_error.date',
      });
    } else if (bookedUntil > latestToday(ctx)) {
      problems.push({
        loc: 'body.booked_until',
        msg: 'must not be after today: the books kept elsewhere reach no further than the day it is',
        type: 'invalid_value',
      });
    } else settings.booked_until = bookedUntil;
  }
  problems.push(
    ...rangeProblem(
      'body.first_debtor_number',
      settings.first_debtor_number,
      debtorRange(length),
      'first_debtor_number',
    ),
    ...rangeProblem(
      'body.first_creditor_number',
      settings.first_creditor_number,
      creditorRange(length),
      'first_creditor_number',
    ),
  );
  if (problems.length > 0) throw validationError(problems);
  await saveAccountingSettings(ctx.db, ctx.accountId, settings, isoNow(ctx.clock));
  return settings;
}

export const putAccountingSettings = transactional(putAccountingSettingsInTransaction);
