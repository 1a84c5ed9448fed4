/** Inputs of two-factor sign-in: six-digit codes (spaces allowed, as apps show "123 456") and recovery codes. */
import { z } from 'zod';
import { deviceTokenInput } from './auth.js';

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';
export const RECOVERY_CODE_MESSAGE = 'Enter one of your recovery codes';

export const totpCode = z
  .string({ error: TOTP_CODE_MESSAGE })
  .max(20, TOTP_CODE_MESSAGE)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE));

/** Letters and digits in groups; case, spaces and dashes do not matter. */
export const recoveryCode = z
  .string({ error: RECOVERY_CODE_MESSAGE })
  .max(40, RECOVERY_CODE_MESSAGE)
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, RECOVERY_CODE_MESSAGE));

const challenge = z.string({ error: 'The sign-in challenge is missing' }).min(1).max(2000);

/** The second sign-in step: the challenge with either a code or a recovery code (exactly one). */
export const twoFactorLoginSchema = z
  .object({
    challenge,
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
    deviceToken: deviceTokenInput,
  })
  .refine((input) => (input.code === undefined) !== (input.recoveryCode === undefined), {
    error: 'Enter the code from your authenticator app, or a recovery code',
    path: ['code'],
  });

export const twoFactorCodeSchema = z.object({ code: totpCode });

export const twoFactorDisableSchema = z.object({
  password: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(1000),
  code: totpCode,
});

export const securitySettingsSchema = z.object({
  requireTwoFactor: z.boolean({ error: 'requireTwoFactor must be true or false' }),
});

export type TwoFactorLoginInput = z.infer<typeof twoFactorLoginSchema>;
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableSchema>;
