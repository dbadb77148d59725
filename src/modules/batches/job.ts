import { Type } from '@sinclair/typebox';
import { jobKind } from '../../jobs/definition';

/** One job per batch: it renders the items in order, committing each one as it finishes. */
export const runBatchJob = jobKind('batch.run', Type.Object({ batchId: Type.String() }), 5);
