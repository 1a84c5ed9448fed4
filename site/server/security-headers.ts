/**
 * Headers of every public page. The policy allows nothing but this origin: Vike's own inline
 * <script> tags carry JSON (type="application/json", never executed, so script-src does not apply)
 * and its client entry is an external module file, so no nonce and no 'unsafe-inline' are needed,
 * and a cached page needs no per-request value. Reset tokens travel in URLs: no Referer may leak them.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/**
 * The API reference (/api/docs): our page, its stylesheet and script, and Redoc's bundle, all from
 * this origin; the document it renders comes from /api/openapi.json (connect-src 'self'). No
 * 'unsafe-inline' and no 'unsafe-eval'. Redoc (2.5) inserts two <style> elements, each allowed by its
 * hash alone: styled-components' own, empty (it then adds its rules through the CSSOM, which
 * style-src does not govern), and perfect-scrollbar's stylesheet, whose text is fixed in the bundle.
 * A Redoc upgrade that changes that text shows as a CSP violation in site/e2e/api-docs.spec.ts.
 * Nothing else loads: no forms, no frames, no workers (Redoc's search, a blob: worker, is off).
 */
const API_DOCS_STYLE_HASHES = [
  // '' : styled-components' <style data-styled>
  'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
  // perfect-scrollbar 1.5's CSS (".ps{overflow:hidden!important;...", 6493 characters)
  'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc=',
];

export const API_DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'self' ${API_DOCS_STYLE_HASHES.map((hash) => `'${hash}'`).join(' ')}`,
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const API_DOCS_SECURITY_HEADERS: Record<string, string> = {
  ...PAGE_SECURITY_HEADERS,
  'Content-Security-Policy': API_DOCS_CONTENT_SECURITY_POLICY,
};
