import { describe, expect, it } from 'vitest';
import { DEV_NONCE_ENV, detectRuntime } from './runtime';

const NONCE = 'abcdefghijklmnopqrstuvwx';

describe('detectRuntime', () => {
  it('is production when packaged, whatever the environment says', () => {
    expect(
      detectRuntime({
        isPackaged: true,
        env: { ELECTRON_RENDERER_URL: 'http://localhost:5173', [DEV_NONCE_ENV]: NONCE },
      }),
    ).toEqual({ development: false, devServer: null });
  });

  it('trusts the dev server announced by electron-vite on this computer', () => {
    expect(
      detectRuntime({
        isPackaged: false,
        env: { ELECTRON_RENDERER_URL: 'http://localhost:5173', [DEV_NONCE_ENV]: NONCE },
      }),
    ).toEqual({ development: true, devServer: { origin: 'http://localhost:5173', nonce: NONCE } });
  });

  it('refuses a dev server that is not plain http on loopback', () => {
    for (const url of ['https://evil.example', 'http://192.168.1.5:5173', 'file:///tmp/x', 'http://user@localhost:1']) {
      expect(detectRuntime({ isPackaged: false, env: { ELECTRON_RENDERER_URL: url } }).devServer, url).toBeNull();
    }
  });

  it('is development without a dev server when run unpacked from the build', () => {
    expect(detectRuntime({ isPackaged: false, env: {} })).toEqual({ development: true, devServer: null });
  });

  it('ignores a nonce that could break out of the policy', () => {
    const env = { ELECTRON_RENDERER_URL: 'http://127.0.0.1:5173', [DEV_NONCE_ENV]: "x' 'unsafe-inline" };
    expect(detectRuntime({ isPackaged: false, env }).devServer).toEqual({
      origin: 'http://127.0.0.1:5173',
      nonce: null,
    });
  });
});
