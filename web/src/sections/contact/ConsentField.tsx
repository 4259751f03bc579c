import { useTranslation } from 'react-i18next';
import { LinkedText } from '../../components/LinkedText';
import { legalPath } from '../../legal/consent';
import type { Locale } from '../../lib/constants';
import './ConsentField.css';

interface ConsentFieldProps {
  locale: Locale;
  /** The version of the consent text this page shows: what a ticked box sends. */
  version: string;
  checked: boolean;
  /** The server's or the form's reason, once the form was sent without a valid consent. */
  error?: string;
  onChange: (checked: boolean) => void;
}

const ERROR_ID = 'contact-consent-error';

/**
 * The separate, unticked consent checkbox Russian law asks for (152-FZ), its label linking to
 * the consent text. `required` keeps the browser from posting it unticked with scripts off.
 * Unlike the text fields, it says in words why it is marked: a red box alone is easy to miss.
 */
export function ConsentField({ locale, version, checked, error, onChange }: ConsentFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="contact-form__consent">
      <input
        id="contact-consent"
        className={`contact-form__checkbox${error ? ' contact-form__checkbox--invalid' : ''}`}
        type="checkbox"
        name="consent"
        value={version}
        required
        checked={checked}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? ERROR_ID : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label className="contact-form__consent-label" htmlFor="contact-consent">
        {/* A new tab, so the words typed into the form are still there after reading. */}
        <LinkedText
          message={t('feedbackForm.consent')}
          href={legalPath(locale, 'consent')}
          newTab={t('navigation.newTab')}
        />
      </label>
      {/* Always present, so screen readers hear the words when they appear. */}
      <p id={ERROR_ID} className="contact-form__consent-error" aria-live="polite">
        {error &&
          t(
            error === 'unknown_version'
              ? 'feedbackForm.consentOutdated'
              : 'feedbackForm.consentRequired',
          )}
      </p>
    </div>
  );
}
