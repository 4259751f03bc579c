import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionHeading, SectionShell } from '../../components/SectionShell';
import { noteWhenSeen } from '../../funnel/watch';
import { CaseCard } from './CaseCard';
import type { CaseItem } from '../../lib/cases';
import { useCaseHighlight } from './useCaseHighlight';
import { usePinnedTitleFade } from './usePinnedTitleFade';
import './cases.css';

/** The case showcase: a pinned, fading title beside the cards on wide screens. */
export function Cases() {
  const { t } = useTranslation();
  // The cases are data in the locale files: each language's list, with its own words.
  const cases = t('cases.items', { returnObjects: true }) as CaseItem[];
  const list = useRef<HTMLOListElement>(null);
  const title = usePinnedTitleFade(list);
  const { cards, active } = useCaseHighlight(cases.length);
  const section = useRef<HTMLElement>(null);
  // The funnel's `cases` step: the visitor got as far as the cases.
  useEffect(() => (section.current ? noteWhenSeen(section.current, 'cases') : undefined), []);

  return (
    <SectionShell id="cases" ref={section}>
      <div className="cases__aside">
        <div ref={title} className="cases__pinned">
          <SectionHeading section="cases" title={t('cases.title')} lead={t('cases.lead')} />
        </div>
      </div>
      <ol ref={list} className="cases__list">
        {cases.map((item, index) => (
          <li key={item.id} className="cases__item">
            <CaseCard
              item={item}
              active={index === active}
              ref={(el) => {
                cards.current[index] = el;
              }}
            />
          </li>
        ))}
      </ol>
    </SectionShell>
  );
}
