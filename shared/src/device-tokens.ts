/**
 * The device tokens a browser or the console keeps (issue 19): one per account that signed in here,
 * by e-mail address, at most MAX_KEPT, as one JSON value under DEVICE_TOKENS_KEY. A token is no
 * credential (it opens nothing, it only keeps this device's sign-ins from being refused for others'
 * traffic), so it stays when the person signs out.
 */
export const DEVICE_TOKENS_KEY = 'deviceTokens';
const MAX_KEPT = 5;

export interface DeviceTokenStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

function readAll(storage: DeviceTokenStorage | null): [string, string][] {
  try {
    const value = JSON.parse(storage?.get(DEVICE_TOKENS_KEY) ?? '[]') as unknown;
    return Array.isArray(value)
      ? value.filter(
          (entry): entry is [string, string] =>
            Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

const keyOf = (email: string) => email.trim().toLowerCase();

/** The token kept for this account, if any. */
export function deviceTokenFor(storage: DeviceTokenStorage | null, email: string): string | undefined {
  return readAll(storage).find(([address]) => address === keyOf(email))?.[1];
}

/** Keeps the token of a sign-in (the newest first); a storage that refuses the write changes nothing. */
export function keepDeviceToken(storage: DeviceTokenStorage | null, email: string, token: string | undefined): void {
  if (!storage || !token) return;
  const others = readAll(storage).filter(([address]) => address !== keyOf(email));
  try {
    storage.set(DEVICE_TOKENS_KEY, JSON.stringify([[keyOf(email), token], ...others].slice(0, MAX_KEPT)));
  } catch {
    // Storage full or switched off: this device is then simply not known next time.
  }
}
