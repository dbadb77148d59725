import pkg from '../package.json' with { type: 'json' };
import { buildCommit } from './build-info' with { type: 'macro' };

export const SERVICE_NAME = 'invoice-service';
export const VERSION: string = pkg.version;
/** The commit the code was built from and its date (`4d3bb8f6 2026-12-07`), null when unknown. */
export const BUILD_COMMIT: string | null = buildCommit();
/** The version as a person tells two builds apart: `0.1.0 (commit 4d3bb8f6 2026-12-07)`, as `version` prints it. */
export const VERSION_LABEL: string = BUILD_COMMIT ? `${VERSION} (commit ${BUILD_COMMIT})` : VERSION;
