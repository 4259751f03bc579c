import { useTranslation } from 'react-i18next';
import { SectionHeading, SectionShell } from '../../components/SectionShell';
import { srcSet } from '../../lib/images';
import { toLocale } from '../../lib/locale';
import { BENTO_TILES, bentoImageBase } from './bento';
import './about.css';

interface BentoItem {
  alt: string;
}

/** Who we are: a short introduction and a bento grid of six pictures in the reader's language. */
export function About() {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const items = t('bento.items', { returnObjects: true }) as BentoItem[];

  return (
    <SectionShell id="about">
      <SectionHeading section="about" title={t('whoWeAre.title')} lead={t('whoWeAre.lead')} />
      <ul className="about__grid">
        {BENTO_TILES.map((tile, index) => {
          const base = bentoImageBase(locale, index);
          return (
            <li key={index} className={`about__tile about__tile--${tile.shape}`}>
              <picture>
                <source type="image/avif" srcSet={srcSet(base, 'avif')} sizes={tile.sizes} />
                <source type="image/webp" srcSet={srcSet(base, 'webp')} sizes={tile.sizes} />
                <img
                  className="about__image"
                  src={`${base}-960.webp`}
                  alt={items[index]?.alt ?? ''}
                  width={tile.width}
                  height={tile.height}
                  loading="lazy"
                  decoding="async"
                />
              </picture>
            </li>
          );
        })}
      </ul>
    </SectionShell>
  );
}
