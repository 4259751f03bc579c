interface BrandMarkProps {
  /** Id of the gradient; unique per use, since the header and the preloader share one page. */
  gradientId: string;
  className?: string;
  /** Rendered size in px; CSS may override it through className. */
  size?: number;
}

/** The studio's "M" mark, decorative: the brand name beside it carries the meaning. */
export function BrandMark({ gradientId, className, size }: BrandMarkProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 32 32"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path
        d="M8 22V10l8 7 8-7v12"
        fill="none"
        stroke="#0a0a12"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="32" y2="32">
          <stop stopColor="#8b6cff" />
          <stop offset="1" stopColor="#2ee6a6" />
        </linearGradient>
      </defs>
    </svg>
  );
}
