/** Two-factor sign-in for staff (issue 11): what the account and settings routes answer. */

/** POST /api/account/two-factor/setup: the new secret, not enabled until a code confirms it. */
export interface TwoFactorSetup {
  /** Base32, for typing into an authenticator app that cannot scan. */
  secret: string;
  /** otpauth://totp/... — what the QR code holds. */
  uri: string;
  /** The QR code as an SVG data URL, drawn by the server so the console ships no QR library. */
  qrCode: string;
}

/** Recovery codes: shown once, when two-factor is enabled or the codes are renewed. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

/** GET /api/account/two-factor: the caller's own status. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** Unused recovery codes left. */
  recoveryCodesLeft: number;
  /** Whether a super admin requires two-factor for all staff (then it cannot be turned off). */
  required: boolean;
}

/** GET/PUT /api/admin/settings/security (super admins). */
export interface SecuritySettings {
  requireTwoFactor: boolean;
}

export const RECOVERY_CODE_COUNT = 10;
/** How long the challenge of the first sign-in step may wait for its code. */
export const TWO_FACTOR_CHALLENGE_TTL_S = 5 * 60;
