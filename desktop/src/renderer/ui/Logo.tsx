/** The organisation's mark: a leaf in a circle, drawn inline (no image request, crisp at any size). */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false" className="logo-mark">
      <circle cx="16" cy="16" r="16" fill="#238551" />
      <path d="M10 21c0-7 5-11 13-11-0.5 7.5-4.5 12-11 12 2-3 4.5-5.5 7-7-3 1.3-5.9 3.5-8 6z" fill="#ffffff" />
    </svg>
  );
}

export function Wordmark() {
  return (
    <span className="wordmark">
      <Logo />
      <span className="wordmark-text">
        <span className="wordmark-name">Global Nutrition Network</span>
        <span className="wordmark-sub">Admin Console</span>
      </span>
    </span>
  );
}
