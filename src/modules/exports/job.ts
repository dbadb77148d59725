import { Type } from '@sinclair/typebox';
import { jobKind } from '../../jobs/definition';

/** One job per archive prepared in the background: it writes the period's ZIP into the BlobStore. */
export const archiveExportJob = jobKind('exports.archive', Type.Object({ archiveId: Type.String() }), 3);
