import { organisationName } from '@npo/shared';
import { usePageContext } from 'vike-react/usePageContext';

/** Canonical URL and Open Graph tags on PUBLIC_URL (vike-react adds title, description, og:title, og:description). */
export default function Head() {
  const pageContext = usePageContext();
  const base = (pageContext.publicUrl ?? '').replace(/\/+$/, '');
  const isError = Boolean(pageContext.is404 || pageContext.errorWhileRendering || pageContext.abortStatusCode);
  const url = `${base}${pageContext.urlPathname}`;
  return (
    <>
      {/* The site follows the system's scheme (styles/tokens.css): the browser's own parts and its bar too. */}
      <meta name="color-scheme" content="light dark" />
      <meta name="theme-color" media="(prefers-color-scheme: light)" content="#0d5c4a" />
      <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#15211d" />
      {!isError && <link rel="canonical" href={url} />}
      {(isError || pageContext.config.noindex) && <meta name="robots" content="noindex" />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={organisationName} />
      {!isError && <meta property="og:url" content={url} />}
      <meta property="og:image" content={`${base}/og-image.jpg`} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:image:alt" content={`${organisationName}: dietitians and nutritionists worldwide`} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
