import type { UserEvent } from '@toolforge/contracts';

export interface UserState {
  readonly uid: string;
  readonly email: string;
  readonly name: string;
  readonly admin: boolean;
  readonly signedIn: boolean;
}

export function evolveUser(state: UserState | undefined, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserSignedIn':
      return {
        uid: event.data.uid,
        email: event.data.email,
        name: event.data.name,
        admin: state?.admin ?? false,
        signedIn: true,
      };
    case 'UserSignedOut':
      return { ...(state ?? { uid: event.data.uid, email: '', name: '', admin: false }), signedIn: false };
    case 'AdminGranted':
      return { ...(state ?? { uid: event.data.uid, email: event.data.email, name: '', signedIn: false }), admin: true };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
