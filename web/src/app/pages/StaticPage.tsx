import { useTranslation } from 'react-i18next';
import { consentCheckboxVersion } from '../../legal/consent';
import { OPERATOR } from '../../legal/documents';
import { SOCIAL_LINKS } from '../../lib/constants';
import type { Locale } from '../../lib/constants';
import type { PageKind } from '../seo';

export type StaticKind = Exclude<PageKind, 'home'>;

/**
 * The script-free service pages: 404, the no-JavaScript form's thank-you page, its refusal page,
 * the page for when no lead could be stored (the database failing over), and the page for a
 * studio that takes no form without a proof of work (--proof-required-for-forms), which offers
 * the studio's other addresses. Each says what happened and links back to the landing page, the
 * form's to the form.
 */
export function StaticPage({ kind, locale }: { kind: StaticKind; locale: Locale }) {
  const { t } = useTranslation();
  // Where the form asks for consent, a post without it (or with a text the server never had)
  // lands here too.
  const consentRule = consentCheckboxVersion(locale) ? [t('pages.formError.consentRule')] : [];
  const rules =
    kind === 'formError'
      ? [...consentRule, ...(t('pages.formError.rules', { returnObjects: true }) as string[])]
      : [];
  const toForm = kind === 'formError' || kind === 'formUnavailable';
  const back = toForm ? `/${locale}#contact` : `/${locale}`;

  return (
    <main className="static-page" id="main">
      <a className="static-page__brand" href={`/${locale}`}>
        {t('meta.siteName')}
      </a>
      <div className="static-page__card">
        <h1 className="static-page__title">{t(`pages.${kind}.heading`)}</h1>
        <p className="static-page__text">{t(`pages.${kind}.text`)}</p>
        {rules.length > 0 && (
          <ul className="static-page__rules">
            {rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        )}
        {kind === 'formError' && <p className="static-page__text">{t('pages.formError.retry')}</p>}
        {kind === 'formNeedsScript' && (
          <ul className="static-page__rules">
            <li>
              <a href={SOCIAL_LINKS.telegram}>{t('pages.formNeedsScript.telegram')}</a>
            </li>
            <li>
              <a href={`mailto:${OPERATOR.email}`}>{t('pages.formNeedsScript.email')}</a>
            </li>
          </ul>
        )}
        <a className="button button--primary static-page__back" href={back}>
          {t(toForm ? 'buttons.backToForm' : 'buttons.backToSite')}
        </a>
      </div>
    </main>
  );
}
