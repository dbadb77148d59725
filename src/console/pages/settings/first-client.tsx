// An office's way to its first client. A first start's account is an office (docs/office.md), but a small
// firm alone in it has no use for an "Office" in its menu: until a client exists, the page is offered here.
import { t } from '../../i18n';
import { href } from '../../router';

export function FirstClient() {
  return (
    <section class="card" aria-labelledby="first-client-heading">
      <h2 id="first-client-heading">{t('Clients (for tax offices)')}</h2>
      <p>
        {t(
          'Do you keep the books of other firms? Add each client as an account of its own. Once you have one, the menu shows the Office page with all your clients.',
        )}
      </p>
      <a href={href('office')}>{t('Add a client firm')}</a>
    </section>
  );
}
