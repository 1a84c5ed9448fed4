export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false" className="logo-mark">
      <circle cx="20" cy="20" r="20" className="logo-mark__disc" />
      <path d="M11.5 25.5c0-8.2 5.6-13.7 17-14.5-.7 11-6.4 16.5-14.6 16.5" className="logo-mark__leaf" />
      <path d="M11.5 25.5c3.3-4.3 6.6-7 11-9.2" className="logo-mark__vein" />
    </svg>
  );
}

/** The name comes from the caller: the header, hydrated alone on the home page, does not load the site's texts. */
export function Logo({ name }: { name: string }) {
  return (
    <a href="/" className="logo">
      <LogoMark />
      <span className="logo__text">
        <span className="logo__name">{name}</span>
      </span>
    </a>
  );
}
