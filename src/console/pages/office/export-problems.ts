// Why a client of an office DATEV export has no files, in the console's words, from the result's
// `problem_code`; another refusal is shown as the service wrote it.
import { t } from '../../i18n';
import type { OfficeExportResult } from './model';

export interface ExportProblem {
  text: string;
  /** The client's DATEV settings (Exports) are where to mend it. */
  settings: boolean;
}

export function exportProblem(result: OfficeExportResult): ExportProblem {
  switch (result.problem_code) {
    case 'datev_numbers_missing': {
      const consultant = result.missing.includes('consultant_number');
      const client = result.missing.includes('client_number');
      const text =
        consultant && client
          ? t('The consultant number and the client number are missing from its DATEV settings.')
          : consultant
            ? t('The consultant number is missing from its DATEV settings.')
            : t('The client number is missing from its DATEV settings.');
      return { text, settings: true };
    }
    case 'fiscal_year_span':
      return {
        text: t(
          "The period spans two of its fiscal years; a DATEV batch lies within one. Export each fiscal year's part on its own.",
        ),
        settings: true,
      };
    case 'exchange_rate_missing':
      return {
        text: t(
          "Documents in a foreign currency state no rate to the euro, which DATEV needs; the ZIP's Fehler.txt names them.",
        ),
        settings: false,
      };
    case 'account_disabled':
      return { text: t('The account is disabled.'), settings: false };
    case 'not_reached':
      return { text: t('You no longer work in this account.'), settings: false };
    default:
      return { text: result.problem ?? '', settings: false };
  }
}
