import { z } from 'zod';
import { FIELD_LABELS, LIMITS } from '../constants.js';
import { messages } from '../messages.js';
import { email, identifier, nullAsEmpty, password, plainText, requiredText } from './fields.js';

/** Login form (docs/architecture.md#9-the-products-rules). */
export const loginFormSchema = z.object({
  email: email(messages.loginEmail),
  password,
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Register form (docs/architecture.md#9-the-products-rules): the passwords must match before any account is created. */
export const registerFormSchema = z
  .object({
    fullName: requiredText({ label: FIELD_LABELS.fullName }, messages.fullName)
      .min(LIMITS.fullNameMin, messages.fullName)
      .max(LIMITS.fullNameMax, messages.fullName),
    email: email(messages.registerEmail),
    password,
    repassword: password,
  })
  .refine((form) => form.password === form.repassword, {
    message: messages.passwordMismatch,
    path: ['repassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** Reset password form (docs/architecture.md#9-the-products-rules). */
export const resetPasswordFormSchema = z.object({ email: email(messages.registerEmail) });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/**
 * POST /login body (docs/architecture.md#9-the-products-rules login sync). The Firebase ID token travels as the bearer; uid and
 * email must be the token's. Role fields are unknown fields here, so they are refused.
 */
export const loginSyncSchema = z.strictObject({
  uid: identifier('uid', LIMITS.uid),
  name: nullAsEmpty(plainText({ label: 'Name' }).max(LIMITS.displayName)),
  email: email(messages.loginEmail),
  loggedIn: z.literal(true),
});
export type LoginSyncInput = z.input<typeof loginSyncSchema>;

/** POST /logout body (docs/architecture.md#9-the-products-rules logout payload). */
export const logoutSchema = z.strictObject({
  uid: identifier('uid', LIMITS.uid),
  loggedIn: z.literal(false),
});
export type LogoutInput = z.input<typeof logoutSchema>;

/** The body of a role change: the account, by its email. */
const accountByEmail = z.strictObject({ email: email(messages.registerEmail) });

/** POST /makeadmin body: grant the admin role to the account with this email (docs/architecture.md#5-identity-and-roles). */
export const makeAdminSchema = accountByEmail;
export type MakeAdminInput = z.input<typeof makeAdminSchema>;

/** POST /revokeadmin body: take the admin role back from the account with this email. */
export const revokeAdminSchema = accountByEmail;
export type RevokeAdminInput = z.input<typeof revokeAdminSchema>;
