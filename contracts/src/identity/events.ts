import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { featureEvents, type EventOf, type EventsOf } from '../eventDefinition.js';
import { email, id, personName, text } from '../eventFields.js';

/**
 * Why an account became an admin: ADMIN_EMAILS at its first sign-in, an admin's grant, or the
 * operator's break-glass grant on the host (`toolforge admins grant`, its actor `operator:<OS user>`).
 */
export const ADMIN_GRANT_REASONS = ['ADMIN_EMAILS', 'granted-by-admin', 'break-glass'] as const;
export type AdminGrantReason = (typeof ADMIN_GRANT_REASONS)[number];

/** The accounts: each account's events, on its own stream (its uid) of identity.users. */
export const userEvents = featureEvents(
  { topicName: 'users', topic: 'identity.users', streamKey: 'uid' },
  {
    UserSignedIn: z.strictObject({
      uid: id(LIMITS.uid),
      email,
      name: personName,
      photoURL: text(LIMITS.imageUrl).nullable(),
      emailVerified: z.boolean(),
    }),
    UserSignedOut: z.strictObject({ uid: id(LIMITS.uid) }),
    AdminGranted: z.strictObject({ uid: id(LIMITS.uid), email, reason: z.enum(ADMIN_GRANT_REASONS) }),
    AdminRevoked: z.strictObject({ uid: id(LIMITS.uid), email }),
    /**
     * The account was erased (docs/privacy.md): its data key is destroyed, so every personal value the
     * log holds of it is unreadable from now on. It holds no personal data itself; its actor is the
     * customer or `operator:<OS user>`. Its sessions end with it.
     */
    CustomerForgotten: z.strictObject({ uid: id(LIMITS.uid), by: z.enum(['customer', 'operator']) }),
  },
);

export type UserSignedIn = EventOf<typeof userEvents, 'UserSignedIn'>;
export type UserSignedOut = EventOf<typeof userEvents, 'UserSignedOut'>;
export type AdminGranted = EventOf<typeof userEvents, 'AdminGranted'>;
/** An admin took the role back (the revoking admin is the actor); it also ends the account's sessions. */
export type AdminRevoked = EventOf<typeof userEvents, 'AdminRevoked'>;
export type CustomerForgotten = EventOf<typeof userEvents, 'CustomerForgotten'>;
export type UserEvent = EventsOf<typeof userEvents>;
