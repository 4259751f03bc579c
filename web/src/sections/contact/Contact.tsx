import { useTranslation } from 'react-i18next';
import { SectionHeading, SectionShell } from '../../components/SectionShell';
import type { Lead } from './contactApi';
import { ContactForm } from './ContactForm';
import './contact.css';

interface ContactProps {
  /** Called once a lead has been accepted by the server. */
  onSend?: (lead: Lead) => void;
}

/** The feedback form section the header's Hire us button scrolls to. */
export function Contact({ onSend }: ContactProps) {
  const { t } = useTranslation();
  const steps = t('feedbackForm.steps', { returnObjects: true }) as string[];
  return (
    <SectionShell id="contact">
      <div className="contact__intro">
        <SectionHeading
          section="contact"
          title={t('feedbackForm.title')}
          lead={t('feedbackForm.lead')}
        />
        <h3 className="contact__steps-title">{t('feedbackForm.stepsTitle')}</h3>
        <ol className="contact__steps">
          {steps.map((step) => (
            <li key={step} className="contact__step">
              {step}
            </li>
          ))}
        </ol>
      </div>
      <ContactForm onSend={onSend} />
    </SectionShell>
  );
}
