import type { Config } from '../config';
import { findPlan, presentPlan, setPlan } from '../modules/plans';
import { systemClock } from '../shared/clock';
import { type ParsedArgs, requireFlag, UsageError, wholeNumber } from './args';
import { openDataDir } from './runtime';

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
  const handle = await openDataDir(config);
  try {
    const existing = await findPlan(handle.db, id);
    const name = args.flags.name ?? existing?.name;
    const quota = wholeNumber(args, 'quota') ?? existing?.monthlyRenderQuota;
    const rps = wholeNumber(args, 'rps') ?? existing?.requestsPerSecond;
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
