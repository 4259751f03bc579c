interface LinkedTextProps {
  /** Copy with one `<link>…</link>` span, so each language keeps its own word order. */
  message: string;
  href: string;
  /** Given, the link opens in a new tab and says so to screen readers in these words. */
  newTab?: string;
  className?: string;
}

const LINK = /^(.*)<link>(.*)<\/link>(.*)$/s;

/** A sentence with a link inside it, the link's words taken from the sentence's own copy. */
export function LinkedText({ message, href, newTab, className }: LinkedTextProps) {
  const [, before, words, after] = LINK.exec(message) ?? [message, message, '', ''];
  if (!words) return <>{message}</>;
  return (
    <>
      {before}
      <a
        className={className}
        href={href}
        {...(newTab !== undefined && { target: '_blank', rel: 'noopener' })}
      >
        {words}
        {newTab !== undefined && <span className="visually-hidden"> {newTab}</span>}
      </a>
      {after}
    </>
  );
}
