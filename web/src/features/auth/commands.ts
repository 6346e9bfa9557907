import type { Acknowledgement, LoginResponse, LoginSyncInput, LogoutInput } from '@toolforge/contracts';
import { command } from '../../api/command';

/** The identity commands (docs/architecture.md#5-identity-and-roles): login is sent with the identity provider's ID token. */
export const authCommands = {
  login: command<[body: LoginSyncInput], LoginResponse>((body) => ({ method: 'POST', path: '/login', body })),
  logout: command<[body: LogoutInput], Acknowledgement>((body) => ({ method: 'POST', path: '/logout', body })),
};
