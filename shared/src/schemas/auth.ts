import { z } from 'zod';
import { PASSWORD_MIN } from '../constants.js';
import { email, password, text } from './fields.js';

const MEMBER_EMAIL = 'Please enter a valid email address.';
const ADMIN_EMAIL = 'Enter a valid email';
const MEMBER_PASSWORD = 'Password must be at least 6 characters long.';
const ADMIN_PASSWORD = 'Password must be at least 6 characters';
const NAME = 'Name must be at least 2 characters.';

/**
 * The device token of an earlier sign-in of this browser or app (issue 19): a sign-in to the same
 * account with it is not refused for others' traffic. Unknown or expired tokens are ignored.
 */
export const deviceTokenInput = z.string().max(500).optional();

export const memberLoginSchema = z.object({
  email: email(MEMBER_EMAIL),
  password: z.string({ error: MEMBER_PASSWORD }).min(PASSWORD_MIN, MEMBER_PASSWORD),
  deviceToken: deviceTokenInput,
});

export const adminLoginSchema = z.object({
  email: email(ADMIN_EMAIL),
  password: z.string({ error: ADMIN_PASSWORD }).min(PASSWORD_MIN, ADMIN_PASSWORD),
  deviceToken: deviceTokenInput,
});

export const signupSchema = z.object({
  name: text(2, NAME, 100, 'Name cannot exceed 100 characters.'),
  email: email(MEMBER_EMAIL),
  password: password(PASSWORD_MIN, MEMBER_PASSWORD),
});

export const forgotPasswordSchema = z.object({
  email: email(ADMIN_EMAIL),
});

/** The reset form of both UIs: two fields that must match. */
export const resetPasswordFormSchema = z
  .object({
    password: password(PASSWORD_MIN, ADMIN_PASSWORD),
    confirmPassword: z.string({ error: ADMIN_PASSWORD }).min(PASSWORD_MIN, ADMIN_PASSWORD),
  })
  .refine((values) => values.password === values.confirmPassword, {
    error: "Passwords don't match",
    path: ['confirmPassword'],
  });

/** What the API accepts at POST /auth/reset-password/:token: confirmPassword is checked when sent. */
export const resetPasswordBodySchema = z
  .object({
    password: password(PASSWORD_MIN, ADMIN_PASSWORD),
    confirmPassword: z.string().optional(),
  })
  .refine((values) => values.confirmPassword === undefined || values.password === values.confirmPassword, {
    error: "Passwords don't match",
    path: ['confirmPassword'],
  });

/**
 * A password change while signed in (members and staff): the current password, then the new one by
 * the reset rules of SPEC (min 6, at most PASSWORD_MAX_BYTES) and its confirmation.
 */
/** A new password must be new: the printed one-time password above all (issue 55 item 10). */
export const NEW_PASSWORD_SAME = 'Choose a password other than your current one';

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password'),
    newPassword: password(PASSWORD_MIN, ADMIN_PASSWORD),
    confirmPassword: z.string({ error: ADMIN_PASSWORD }).min(PASSWORD_MIN, ADMIN_PASSWORD),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    error: "Passwords don't match",
    path: ['confirmPassword'],
  })
  .refine((values) => values.newPassword !== values.currentPassword, {
    error: NEW_PASSWORD_SAME,
    path: ['newPassword'],
  });

/** Closing one's own account (members' data rights): the password confirms it is really them. */
export const closeAccountSchema = z.object({
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(1000),
});

export const INVALID_RESET_TOKEN = 'Invalid reset token';

export type MemberLoginInput = z.infer<typeof memberLoginSchema>;
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;
export type SignupInput = z.infer<typeof signupSchema>;
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
