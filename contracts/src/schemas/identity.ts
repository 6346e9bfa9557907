import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { messages } from '../messages.js';
import { email, password, requiredText } from './fields.js';

/** Login form (SPEC §5). */
export const loginFormSchema = z.object({
  email: email(messages.loginEmail),
  password,
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Register form (SPEC §5): the passwords must match before any account is created. */
export const registerFormSchema = z
  .object({
    fullName: requiredText(messages.fullName)
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

/** Reset password form (SPEC §5). */
export const resetPasswordFormSchema = z.object({ email: email(messages.registerEmail) });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/**
 * POST /login body (SPEC §3 login sync). The Firebase ID token travels as the bearer; uid and
 * email must be the token's. Role fields are unknown fields here, so they are refused.
 */
export const loginSyncSchema = z.strictObject({
  uid: requiredText().max(128),
  name: z.string().trim().max(LIMITS.displayName).default(''),
  email: email(messages.loginEmail),
  loggedIn: z.literal(true),
});
export type LoginSyncInput = z.input<typeof loginSyncSchema>;

/** POST /logout body (SPEC §3 logout payload). */
export const logoutSchema = z.strictObject({
  uid: requiredText().max(128),
  loggedIn: z.literal(false),
});
export type LogoutInput = z.input<typeof logoutSchema>;

/** POST /makeadmin body: grant the admin role to the account with this email (DESIGN §5). */
export const makeAdminSchema = z.strictObject({ email: email(messages.registerEmail) });
export type MakeAdminInput = z.input<typeof makeAdminSchema>;
