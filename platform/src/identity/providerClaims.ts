import { LIMITS, email, isPlainText, messages } from '@toolforge/contracts';
import { HttpError } from '../http/errorReplies.js';
import type { VerifiedIdentity } from './identityProvider.js';

/** The claims of a verified ID token the shop reads (Firebase's names). */
export interface IdTokenClaims {
  readonly uid: string;
  readonly email?: unknown;
  readonly email_verified?: unknown;
  readonly name?: unknown;
  readonly picture?: unknown;
  readonly exp: number;
  readonly auth_time: number;
}

/** The longest picture address kept: longer ones are dropped, as a product's image address would be refused. */
const PICTURE_MAX = LIMITS.imageUrl;
const PICTURE_ADDRESS = /^https:\/\/\S+$/;
const ADDRESS = email(messages.registerEmail);

/**
 * The identity a verified ID token speaks for, its claims held to the rules a request body is held
 * to (docs/security.md, "Identity provider claims"). Whoever controls an account at the provider
 * writes its claims (a display name can be any text), and they reach events, the read model, the
 * admin's pages and the projector: a NUL in a name once failed other customers' orders. So the
 * claims that only decorate are cleaned (a name loses its hidden characters and is cut to the
 * limit; a picture that is no plain https address is dropped), and the ones the shop keys on are
 * refused with a 403 naming the claim (a uid or an address that is not plain text within its limit).
 */
export function identityFromClaims(claims: IdTokenClaims): VerifiedIdentity {
  if (claims.uid.length > LIMITS.uid || !isPlainText(claims.uid)) throw new HttpError(403, messages.unusableIdentityClaim('uid'));
  return {
    uid: claims.uid,
    email: addressOf(claims.email),
    emailVerified: claims.email_verified === true,
    name: cleanName(claims.name),
    picture: pictureOf(claims.picture),
    expiresAt: claims.exp,
    authTime: claims.auth_time,
  };
}

function addressOf(claim: unknown): string | null {
  if (claim === undefined || claim === null) return null;
  // Checked for its length first: the schema's pattern then only ever sees a short text.
  if (typeof claim !== 'string' || claim.length > LIMITS.email) throw new HttpError(403, messages.unusableIdentityClaim('email'));
  const parsed = ADDRESS.safeParse(claim);
  if (!parsed.success) throw new HttpError(403, messages.unusableIdentityClaim('email'));
  return parsed.data;
}

/**
 * The display name without the characters no shop text may hold (line breaks become spaces), cut
 * to the display name's limit; null when nothing is left.
 */
export function cleanName(claim: unknown): string | null {
  if (typeof claim !== 'string') return null;
  let clean = '';
  // By code point: a lone surrogate is one element here, and is dropped like any hidden character.
  for (const character of claim.slice(0, LIMITS.displayName * 4)) {
    if (isPlainText(character)) clean += character;
    else if (isPlainText(character, true)) clean += ' ';
  }
  const name = [...clean.replace(/ {2,}/g, ' ').trim()].slice(0, LIMITS.displayName).join('').trim();
  return name === '' ? null : name;
}

function pictureOf(claim: unknown): string | null {
  if (typeof claim !== 'string' || claim.length > PICTURE_MAX || !PICTURE_ADDRESS.test(claim) || !isPlainText(claim)) return null;
  return claim;
}
