import type { DbOrTx } from '../../../db/client';
import type { Clock } from '../../../shared/clock';
import type { Logger } from '../../../shared/logger';
import type { RenderServices } from '../../renders';

/** What running a batch needs: the render services and how many items to render at once. */
export interface BatchRunDeps {
  db: DbOrTx;
  clock: Clock;
  logger: Logger;
  services: RenderServices;
  /** Items rendered at once; the render pool bounds the real parallelism. */
  concurrency: number;
}
