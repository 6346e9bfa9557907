import { PRIVACY_PATHS, type Acknowledgement, type EraseAccountInput } from '@toolforge/contracts';
import { command } from '../../api/command';

/** The customer's erasure of their own account (docs/privacy.md): the API token is the bearer, a fresh sign-in's ID token the body. */
export const privacyCommands = {
  eraseAccount: command<[body: EraseAccountInput], Acknowledgement>((body) => ({ method: 'POST', path: PRIVACY_PATHS.erase, body })),
};
