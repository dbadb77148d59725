// Why a client of an office DATEV export has no files, in the console's words. The export's results carry
// the problem as the service's English text only (no code): the few the console knows are matched narrowly
// here, anything else is shown as the service wrote it.
import { t } from '../../i18n';

export interface ExportProblem {
  text: string;
  /** The client's DATEV numbers are missing: its DATEV settings (Exports) are where to set them. */
  settings: boolean;
}

// src/modules/exports/use-cases/datev-export.ts: "Set consultant_number and client_number in PUT …".
const MISSING_NUMBERS =
  /^Set (consultant_number|client_number)(?: and (consultant_number|client_number))? in PUT \/api\/v1\/settings\/accounting before exporting to DATEV$/;

export function exportProblem(problem: string): ExportProblem {
  const missing = MISSING_NUMBERS.exec(problem.trim());
  if (missing) {
    const both = missing[2] !== undefined;
    const text = both
      ? t('The consultant number and the client number are missing from its DATEV settings.')
      : missing[1] === 'consultant_number'
        ? t('The consultant number is missing from its DATEV settings.')
        : t('The client number is missing from its DATEV settings.');
    return { text, settings: true };
  }
  if (problem === 'the account is disabled') return { text: t('The account is disabled.'), settings: false };
  if (problem.startsWith('no longer reached by the user who asked'))
    return { text: t('You no longer work in this account.'), settings: false };
  return { text: problem, settings: false };
}
