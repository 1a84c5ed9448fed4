/**
 * TOTP through otplib (RFC 6238: SHA-1, 6 digits, 30-second steps, what authenticator apps use) and the
 * QR code through qrcode. Nothing here is hand-written crypto: this file only picks the settings.
 */
import { generateSecret, generateURI, verify } from 'otplib';

export const PERIOD_S = 30;

export function newTotpSecret(): string {
  // 20 bytes (160 bits), RFC 4226's recommended length.
  return generateSecret({ length: 20 });
}

export function otpauthUri(issuer: string, account: string, secret: string): string {
  return generateURI({ issuer, label: account, secret, period: PERIOD_S });
}

/** The QR code of the URI as an SVG data URL (the console's CSP allows data: images). */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  // Loaded on first use (a two-factor set-up, rare): with its PNG encoder it is ~1 MB of heap at start.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step the code belongs to, or null. Codes of the step before and after now are accepted
 * (±1 step: a phone clock a little off, a code typed as it changes); a step at or before `lastStep`
 * (a code already accepted, or an older one) is refused, so a seen code cannot be replayed.
 */
export async function acceptedStep(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: PERIOD_S,
    epochTolerance: PERIOD_S,
    ...(lastStep !== null && { afterTimeStep: lastStep }),
  });
  // The TOTP result carries the step (the HOTP one of the same union does not).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
