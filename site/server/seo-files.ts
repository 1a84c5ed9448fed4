/** robots.txt and sitemap.xml, with absolute URLs on PUBLIC_URL (never on the Host header). */

/** The public pages worth indexing; the auth screens are left out on purpose. */
export const SITEMAP_PATHS = [
  '/',
  '/join-us',
  '/why-join-us',
  '/connect',
  '/directory',
  '/privacy-policy',
  '/terms-of-service',
];

function absolute(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /reset-password',
    // An imported member's first link: its token chooses the account's password.
    'Disallow: /welcome',
    'Disallow: /account/',
    // Its links carry a member's signed token.
    'Disallow: /unsubscribe',
    // A waitlist offer's link: its token takes a place.
    'Disallow: /activities/accept',
    '',
    `Sitemap: ${absolute(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

/** `morePaths`: the pages of the listed professionals of the directory (/directory/<slug>). */
export function sitemapXml(publicUrl: string, morePaths: readonly string[] = []): string {
  const urls = [...SITEMAP_PATHS, ...morePaths].map(
    (path) => `  <url><loc>${escapeXml(absolute(publicUrl, path))}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
