import { t } from '../i18n';

/**
 * A downloaded statement's file name in the console's language ("Kontoauszug-Müller_Söhne-2026-01-01-2026-06-30.pdf").
 * The console names the file itself (saveBlob), so the service's Content-Disposition name does not reach it.
 */
export const statementFileName = (name: string, from: string, to: string) =>
  `${t('Statement')}-${name.replace(/[^\p{L}\p{N}.-]+/gu, '_').replace(/^_|_$/g, '')}-${from}-${to}.pdf`;
