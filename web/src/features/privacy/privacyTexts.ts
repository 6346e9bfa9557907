import { FORMER_CUSTOMER } from '@toolforge/contracts';

/** My Profile's "Your data" texts where contracts have none (contracts' messages have the server's). */

export const YOUR_DATA = 'Your data';
export const DOWNLOAD_MY_DATA = 'Download my data';
export const ERASE_MY_ACCOUNT = 'Erase my account';
/** The name the data export is saved under, as GET /me/data's content-disposition names it. */
export const MY_DATA_FILE_NAME = 'toolforge-my-data.json';
export const MY_DATA_NOT_DOWNLOADED = 'Your data could not be downloaded. Please try again.';
export const ERASE_DIALOG_TITLE = 'Erase your account?';
export const ERASING = 'Erasing your account...';
export const ACCOUNT_NOT_ERASED = 'Your account was not erased. Please try again.';
/** A Google account cannot prove a fresh sign-in with a password, which the erasure asks for. */
export const ERASE_GOOGLE_ACCOUNT = 'Your account signs in with Google: to have it erased, please contact us.';

export const YOUR_DATA_INTRO = 'Save a copy of everything the shop holds about you, or erase your account and your personal data.';

/** What erasing the account does, said plainly before the customer confirms it. */
export const ERASURE_CONSEQUENCES = [
  'Your name, e-mail address, shipping addresses and the rest of your personal data are erased, and you are signed out.',
  'Your orders are kept for the shop’s accounts, without your name or address.',
  'Your invoices and credit notes are kept for as long as the law requires.',
  `Your reviews stay, shown as “${FORMER_CUSTOMER}”.`,
  'This cannot be undone: the account can never sign in again.',
] as const;
