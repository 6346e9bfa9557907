// Types for mail-catcher.mjs, a plain ESM script shared with the Makefile, so TypeScript callers are checked.
export const MAIL_CATCHER_SMTP_PORT: number;
export const MAIL_CATCHER_WEB_PORT: number;
/** SMTP_URL for a shop that mails the catcher. */
export const MAIL_CATCHER_SMTP_URL: string;
/** The catcher's web inbox. */
export const MAIL_CATCHER_WEB_URL: string;
export function isRunning(): Promise<boolean>;
/** Resolves true if this call started the catcher, false when one already answered. */
export function startMailCatcher(): Promise<boolean>;
/** False when this project had not started a catcher. */
export function stopMailCatcher(): Promise<boolean>;
