import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lead } from './contactApi';
import { CONTACT_ENDPOINT, type ContactField } from './fields';
import { LinkedText } from '../../components/LinkedText';
import { consentCheckboxVersion, legalPath } from '../../legal/consent';
import { toLocale } from '../../lib/locale';
import { ConsentField } from './ConsentField';
import { POPUP_FADE_MS } from './popup';
import { useContactForm } from './useContactForm';
import './ContactForm.css';

interface ContactFormProps {
  /** Called with the lead once the server has accepted it (202): the spec's send event. */
  onSend?: (lead: Lead) => void;
}

const FIELDS: {
  field: ContactField;
  autoComplete: string;
  multiline?: boolean;
  inputMode?: 'email';
}[] = [
  { field: 'name', autoComplete: 'name' },
  { field: 'social', autoComplete: 'off' },
  { field: 'email', autoComplete: 'email', inputMode: 'email' },
  { field: 'message', autoComplete: 'off', multiline: true },
];

/** Nothing to subscribe to: only the server and hydration snapshots differ. */
const noSubscription = () => () => {};

/**
 * The lead form. With JavaScript it validates and posts JSON; without, the same markup posts
 * form-urlencoded to the same endpoint and the server answers with a confirmation page.
 */
export function ContactForm({ onSend }: ContactFormProps) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const consentVersion = consentCheckboxVersion(locale);
  const {
    form,
    values,
    website,
    setWebsite,
    consent,
    tick,
    invalid,
    status,
    popup,
    change,
    submit,
    prepare,
  } = useContactForm(locale, consentVersion, onSend);
  // The server's HTML keeps the browser's own `required` checks; once hydrated, ours take over.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  return (
    <form
      ref={form}
      className="contact-form"
      method="post"
      action={CONTACT_ENDPOINT}
      noValidate={hydrated}
      onSubmit={submit}
      // The first focus inside the form fetches its checks, so they are there by the time it is
      // sent.
      onFocus={prepare}
    >
      <input type="hidden" name="locale" value={locale} />
      {FIELDS.map(({ field, autoComplete, multiline, inputMode }) => {
        const props = {
          id: `contact-${field}`,
          name: field,
          required: true,
          autoComplete,
          placeholder: t(`feedbackForm.${field}Placeholder`),
          className: `contact-form__input${invalid[field] ? ' contact-form__input--invalid' : ''}`,
          'aria-invalid': !!invalid[field] || undefined,
          value: values[field],
        };
        return (
          <div key={field} className={`contact-form__field contact-form__field--${field}`}>
            <label className="contact-form__label" htmlFor={props.id}>
              {t(`feedbackForm.${field}`)}
            </label>
            {multiline ? (
              <textarea {...props} rows={5} onChange={(e) => change(field, e.target.value)} />
            ) : (
              <input
                {...props}
                type="text"
                inputMode={inputMode}
                onChange={(e) => change(field, e.target.value)}
              />
            )}
          </div>
        );
      })}
      {/* Humans never see or reach this field; bots that fill it are dropped by the server. */}
      <div className="contact-form__trap">
        <label htmlFor="contact-website">{t('feedbackForm.honeypot')}</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
        />
      </div>
      {consentVersion && (
        <ConsentField
          locale={locale}
          version={consentVersion}
          checked={consent}
          error={invalid.consent}
          onChange={tick}
        />
      )}
      <div className="contact-form__footer">
        <button className="contact-form__submit" type="submit" disabled={status === 'sending'}>
          {status === 'sending' ? t('feedbackForm.sending') : t('feedbackForm.submit')}
        </button>
        <p className="contact-form__note">
          {/* A new tab, like the consent text's: what is typed stays in the form. */}
          <LinkedText
            message={t('feedbackForm.note')}
            href={legalPath(locale, 'privacy')}
            newTab={t('navigation.newTab')}
          />
        </p>
      </div>
      {status === 'failed' && (
        <p className="contact-form__error" role="alert">
          {t('feedbackForm.error')}
        </p>
      )}
      <div className="contact-form__status" role="status">
        {popup > 0 && (
          <p
            key={popup}
            className="contact-form__popup"
            style={{ animationDuration: `${POPUP_FADE_MS}ms` }}
          >
            {t('feedbackForm.success')}
          </p>
        )}
      </div>
    </form>
  );
}
