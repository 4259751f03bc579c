import { useTranslation } from 'react-i18next';
import type { Messages } from '../../content/types';
import './marquees.css';

/** Three strips of keywords scrolling without end; the second copy of each is for the eye only. */
export function Marquees() {
  const { t } = useTranslation();
  const lines = t('marquee.lines', { returnObjects: true }) as Messages['marquee']['lines'];

  return (
    <section className="marquees" aria-label={t('marquee.label')}>
      {lines.map(({ words }, index) => (
        <div
          key={index}
          className={`marquee marquee--${index % 2 ? 'reverse' : 'forward'} marquee--tone-${index + 1}`}
        >
          {/* Two identical tracks: moving by one track's width brings the loop back seamlessly. */}
          <div className="marquee__rail">
            <ul className="marquee__track">
              {words.map((word) => (
                <li key={word} className="marquee__item">
                  {word}
                </li>
              ))}
            </ul>
            <ul className="marquee__track" aria-hidden="true">
              {words.map((word) => (
                <li key={word} className="marquee__item">
                  {word}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ))}
    </section>
  );
}
