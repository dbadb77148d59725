import type { Config } from '../config';
import { findPlan, presentPlan, setPlan } from '../modules/plans';
import { systemClock } from '../shared/clock';
import { type ParsedArgs, requireFlag, UsageError, wholeNumber } from './args';
import { openInstallation } from './runtime';

/** Flag given empty (`--price-id ''`) = clear the value; absent = keep it. */
const clearable = (value: string | undefined) => (value === '' ? null : value);

export async function plansCommand(
  config: Config,
  args: ParsedArgs,
  out: (line: string) => void,
): Promise<void> {
  const [, sub] = args.positionals;
  if (sub !== 'set') throw new UsageError(`unknown plans command "${sub ?? ''}": use set`);
  const id = requireFlag(args, 'id');
  // Read before the data dir is opened: a usage error says what is wrong with the words.
  const given = { quota: wholeNumber(args, 'quota'), rps: wholeNumber(args, 'rps') };
  const handle = await openInstallation(config);
  try {
    const existing = await findPlan(handle.db, id);
    const name = args.flags.name ?? existing?.name;
    const quota = given.quota ?? existing?.monthlyRenderQuota;
    const rps = given.rps ?? existing?.requestsPerSecond;
    if (name === undefined || quota === undefined || rps === undefined) {
      throw new UsageError('a new plan needs --name, --quota and --rps');
    }
    const row = await setPlan({
      ctx: { db: handle.db, clock: systemClock },
      input: {
        id,
        name,
        monthlyRenderQuota: quota,
        requestsPerSecond: rps,
        priceId: clearable(args.flags['price-id']),
        overageCentsPerRender: clearable(args.flags['overage-price']),
      },
    });
    if (args.switches.has('json')) out(JSON.stringify({ plan: presentPlan(row) }));
    else
      out(
        `Plan ${row.id} "${row.name}": ${row.monthlyRenderQuota} renders/month, ${row.requestsPerSecond} req/s` +
          `${row.priceId ? `, provider price ${row.priceId}` : ''}` +
          `${row.overageCentsPerRender ? `, overage ${row.overageCentsPerRender} cents/render` : ''}.`,
      );
  } finally {
    await handle.close();
  }
}
