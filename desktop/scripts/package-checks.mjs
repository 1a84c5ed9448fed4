// electron-builder's beforePack hook (electron-builder.yml): refuses to package without an https
// update feed, and says which signing and notarization will happen for the platform being packed,
// or why it is skipped. electron-builder reads the signing and notarization secrets from the same
// environment variables itself; this hook only makes their absence visible instead of silent.

/** The update feed the packaged app will trust: https only, no credentials, query or fragment. */
export function checkUpdateFeed(address) {
  if (!address) {
    throw new Error('NPO_UPDATE_URL is not set: set it to the https address where the release/ files are published.');
  }
  let url;
  try {
    url = new URL(address);
  } catch {
    throw new Error('NPO_UPDATE_URL is not a valid address.');
  }
  if (url.protocol !== 'https:') {
    throw new Error(
      `NPO_UPDATE_URL must start with https:// (an update feed over ${url.protocol} could be replaced in transit).`,
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new Error('NPO_UPDATE_URL must be a plain https address, without a user name, query or fragment.');
  }
  return url.href;
}

const has = (env, ...names) => names.every((name) => Boolean(env[name]));

/**
 * What happens to code signing for one platform with these environment variables: one line each
 * for signing and (on macOS) notarization, starting with "signing", "notarizing" or "skipped".
 */
export function describeSigning(platform, env) {
  if (platform === 'win32') {
    return [
      has(env, 'WIN_CSC_LINK') || has(env, 'CSC_LINK')
        ? 'signing the Windows installer and app with the certificate in WIN_CSC_LINK (or CSC_LINK)'
        : 'skipped Windows signing: WIN_CSC_LINK (or CSC_LINK) and its password WIN_CSC_KEY_PASSWORD ' +
          '(or CSC_KEY_PASSWORD) are not set; an unsigned installer warns on install and its updates ' +
          'are not signature-checked',
    ];
  }
  if (platform === 'darwin') {
    const signing =
      has(env, 'CSC_LINK') || has(env, 'CSC_NAME')
        ? 'signing the macOS app with the Developer ID in CSC_LINK (or CSC_NAME)'
        : 'skipped macOS signing: CSC_LINK (with CSC_KEY_PASSWORD) or CSC_NAME is not set';
    const notarizing =
      has(env, 'APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER') ||
      has(env, 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID') ||
      has(env, 'APPLE_KEYCHAIN', 'APPLE_KEYCHAIN_PROFILE')
        ? 'notarizing the macOS app with Apple'
        : 'skipped macOS notarization: set APPLE_API_KEY, APPLE_API_KEY_ID and APPLE_API_ISSUER, or ' +
          'APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID, or APPLE_KEYCHAIN and APPLE_KEYCHAIN_PROFILE';
    return [signing, notarizing];
  }
  return ['skipped signing: Linux AppImage and deb packages are not code-signed'];
}

/** electron-builder calls this before packing each platform and architecture. */
export async function beforePack(context) {
  checkUpdateFeed(process.env.NPO_UPDATE_URL);
  for (const line of describeSigning(context.electronPlatformName, process.env)) console.log(`  • ${line}`);
}
