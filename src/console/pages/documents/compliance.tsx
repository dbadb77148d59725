import { useState } from 'preact/hooks';
import { post } from '../../api';
import type { ComplianceResult } from '../../api-types';
import { t } from '../../i18n';
import { fieldName } from '../../ui/field-names';
import { distinctFindings, findingField, findingText, readablePath } from '../../ui/findings';
import { Select } from '../../ui/form';
import { useAction } from '../../ui/hooks';
import { Badge, ErrorNotice, Notice } from '../../ui/notice';
import { PROFILES, type StoredDocument } from './model';

/** Why the official rules did not run, in the service's words (the first ruleset that did not). */
function notRunReason(result: ComplianceResult): string | null {
  return result.rulesets?.find((r) => !r.ran)?.reason ?? null;
}

/**
 * The official rules that ran, by name and version: the service's own mandatory-field check ("checked in
 * TypeScript", a developer's words) is not one of them.
 */
function officialRules(result: ComplianceResult): string {
  const official = (result.rulesets ?? []).filter((r) => r.ran && !r.id.startsWith('tier1'));
  return official.length > 0
    ? official.map((r) => `${r.label} ${r.version}`).join('; ')
    : result.ruleset_version;
}

/**
 * `ownDocument`: the findings are about a document of this account, so each is said by the field to fix
 * (its human name, never the XML's XPath) and in the console's language where the console knows the rule.
 * A received file's findings keep their location in that file: there is no form field to point at.
 */
export function ComplianceReport({
  result,
  ownDocument = false,
}: {
  result: ComplianceResult;
  ownDocument?: boolean;
}) {
  // A document of this account's: one line per rule and field (both checks report BR-DE-15, say).
  const violations = ownDocument ? distinctFindings(result.violations) : result.violations;
  const fatal = violations.filter((v) => v.severity === 'fatal').length;
  return (
    <div class="compliance">
      {result.valid && result.fully_checked ? (
        <Notice kind="ok">
          {t('Valid under the official rules ({version}).', { version: officialRules(result) })}
        </Notice>
      ) : result.valid ? (
        <Notice kind="info">
          {t('The built-in checks found no problem; the official rules did not run.')}
        </Notice>
      ) : (
        <Notice kind="warn">
          {fatal === 1 ? t('1 problem found.') : t('{n} problems found.', { n: fatal })}
        </Notice>
      )}
      {!result.fully_checked ? (
        <p class="hint">
          {t('The official rules did not run: {reason}', {
            reason: notRunReason(result) ?? t('no reason given'),
          })}
        </p>
      ) : null}
      {violations.length > 0 ? (
        <table class="list">
          <thead>
            <tr>
              <th scope="col">{t('Rule')}</th>
              <th scope="col">{t('Field')}</th>
              <th scope="col">{t('Problem')}</th>
            </tr>
          </thead>
          <tbody>
            {violations.map((violation, index) => (
              <tr key={index} class={violation.severity === 'warning' ? 'warning' : ''}>
                <td>
                  <code>{violation.rule}</code>
                  {violation.severity === 'warning' ? <Badge tone="warn">{t('warning')}</Badge> : null}
                </td>
                {ownDocument ? (
                  <>
                    <td>{fieldName(findingField(violation))}</td>
                    <td title={violation.message}>
                      {findingText({ ...violation, field: findingField(violation) })}
                    </td>
                  </>
                ) : (
                  <>
                    <td class="finding-path" title={violation.path}>
                      {readablePath(violation.path)}
                    </td>
                    <td>{violation.message}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

export function ComplianceCheck({ document }: { document: StoredDocument }) {
  const [profile, setProfile] = useState('xrechnung_ubl');
  const [result, setResult] = useState<ComplianceResult | null>(null);
  const action = useAction();
  const check = () =>
    action.run(async () =>
      setResult(
        await post<ComplianceResult>('/documents/validate-compliance', {
          profile,
          document_type: document.document_type,
          data: document.data,
        }),
      ),
    );
  return (
    <section class="card" aria-labelledby="compliance-heading">
      <h2 id="compliance-heading">{t('E-invoice compliance')}</h2>
      <div class="inline">
        <Select
          label={t('Profile')}
          value={profile}
          onChange={(value) => {
            setProfile(value);
            setResult(null);
          }}
          options={PROFILES}
        />
        <button type="button" disabled={action.busy} onClick={check}>
          {t('Check compliance')}
        </button>
      </div>
      <ErrorNotice error={action.error} />
      {result ? <ComplianceReport result={result} ownDocument /> : null}
    </section>
  );
}
