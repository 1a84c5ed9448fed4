import { describe, expect, it } from 'vitest';
import { DEVICE_TOKENS_KEY, deviceTokenFor, keepDeviceToken, type DeviceTokenStorage } from './device-tokens.js';

function memoryStorage(): DeviceTokenStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return { values, get: (key) => values.get(key) ?? null, set: (key, value) => void values.set(key, value) };
}

describe('kept device tokens', () => {
  it('keeps one token per account, by address whatever its case, the newest five', () => {
    const storage = memoryStorage();
    keepDeviceToken(storage, 'Ana@Example.org', 'token-a');
    keepDeviceToken(storage, 'ben@example.org', 'token-b');
    keepDeviceToken(storage, 'ana@example.org ', 'token-a2');
    expect(deviceTokenFor(storage, 'ANA@example.org')).toBe('token-a2');
    expect(deviceTokenFor(storage, 'ben@example.org')).toBe('token-b');
    expect(deviceTokenFor(storage, 'cy@example.org')).toBeUndefined();
    for (let index = 0; index < 5; index += 1) keepDeviceToken(storage, `p${index}@example.org`, `t${index}`);
    expect(JSON.parse(storage.values.get(DEVICE_TOKENS_KEY)!)).toHaveLength(5);
    expect(deviceTokenFor(storage, 'ana@example.org')).toBeUndefined();
  });

  it('survives a damaged value, no storage and a storage that refuses writes', () => {
    const storage = memoryStorage();
    storage.values.set(DEVICE_TOKENS_KEY, '{not json');
    expect(deviceTokenFor(storage, 'a@example.org')).toBeUndefined();
    keepDeviceToken(storage, 'a@example.org', 'token');
    expect(deviceTokenFor(storage, 'a@example.org')).toBe('token');
    expect(deviceTokenFor(null, 'a@example.org')).toBeUndefined();
    const refusing = {
      get: () => null,
      set: () => {
        throw new Error('quota');
      },
    };
    expect(() => keepDeviceToken(refusing, 'a@example.org', 'token')).not.toThrow();
  });
});
