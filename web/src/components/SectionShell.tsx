import type { ReactNode, Ref } from 'react';
import './SectionShell.css';

const titleId = (id: string) => `${id}-title`;

interface SectionShellProps {
  /**
   * The section's anchor, which is also its CSS block: the section gets the class `id`, its
   * column `${id}__inner`, and its landmark is named by the heading `${id}-title`.
   */
  id: string;
  children: ReactNode;
  /** The section element, for a section that watches itself come into view. */
  ref?: Ref<HTMLElement>;
}

/** The frame every content section shares: a landmark named by its heading, a centred column. */
export function SectionShell({ id, children, ref }: SectionShellProps) {
  return (
    <section ref={ref} id={id} className={`section-shell ${id}`} aria-labelledby={titleId(id)}>
      <div className={`section-shell__inner ${id}__inner`}>{children}</div>
    </section>
  );
}

interface SectionHeadingProps {
  /** The id of the SectionShell this heading names. */
  section: string;
  title: string;
  lead: string;
}

/** A section's h2, which names its landmark, and the lead paragraph under it. */
export function SectionHeading({ section, title, lead }: SectionHeadingProps) {
  return (
    <>
      <h2 id={titleId(section)} className={`section-title ${section}__title`}>
        {title}
      </h2>
      <p className={`section-lead ${section}__lead`}>{lead}</p>
    </>
  );
}
