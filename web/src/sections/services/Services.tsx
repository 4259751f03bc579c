import { useTranslation } from 'react-i18next';
import { SectionHeading, SectionShell } from '../../components/SectionShell';
import { DOCS_ELSEWHERE, DOCS_LINK_TARGET, docsUrl } from '../../lib/docs';
import { toLocale } from '../../lib/locale';
import type { Service } from '../../content/types';
import { CHIP_STAGGER_MS, CHIP_TEXT_COLOR } from './services';
import { useStaggeredReveal } from './useStaggeredReveal';
import './services.css';

/** What we offer: a coloured chip per service, each a plain link to its docs page (works without JS). */
export function Services() {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const services = t('whatWeOffer.services', { returnObjects: true }) as Service[];
  const { ref, shown, armed } = useStaggeredReveal(services.length, CHIP_STAGGER_MS);

  return (
    <SectionShell id="services">
      <SectionHeading
        section="services"
        title={t('whatWeOffer.title')}
        lead={t('whatWeOffer.lead')}
      />
      <ul ref={ref} className={`services__chips${armed ? ' services__chips--armed' : ''}`}>
        {services.map((service, index) => (
          <li
            key={service.slug || service.name}
            className={`services__chip${index < shown ? ' services__chip--visible' : ''}`}
          >
            <a
              className="services__link"
              href={docsUrl(service.slug, locale)}
              {...DOCS_LINK_TARGET}
              style={{ backgroundColor: service.color, color: CHIP_TEXT_COLOR }}
            >
              {service.name}
              <span className="services__arrow" aria-hidden="true">
                {DOCS_ELSEWHERE ? '↗' : '→'}
              </span>
              {DOCS_ELSEWHERE && <span className="services__sr">{t('whatWeOffer.newTab')}</span>}
            </a>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
