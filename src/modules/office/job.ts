import { Type } from '@sinclair/typebox';
import { jobKind } from '../../jobs/definition';

/** One job per office export: each client's DATEV files of the period, one ZIP in the BlobStore. */
export const officeExportJob = jobKind('office.export', Type.Object({ exportId: Type.String() }), 3);
