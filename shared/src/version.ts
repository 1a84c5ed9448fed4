/**
 * The release this code is: the root package.json's `version` (and the desktop app's), named in
 * CHANGELOG.md. The console shows it in the account menu and the API in `app_info` of /api/metrics;
 * version.test.ts keeps the three equal.
 */
export const APP_VERSION = '1.0.0';
