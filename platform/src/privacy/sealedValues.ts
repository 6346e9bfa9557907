import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * One personal value of an event, sealed (docs/privacy.md#how-values-are-sealed): AES-256-GCM under
 * the customer's data key, a fresh 96-bit nonce each time, and the place it was written for as
 * associated data (the event's id, type and field), so that a sealed value copied into another event
 * or field does not open there. Written in the event's data where the clear value was, as an object,
 * which no personal value in clear is (they are all texts), so a reader never mistakes one for the other.
 */
export interface SealedValue {
  /** "1." and base64url of nonce (12 bytes) ‖ tag (16 bytes) ‖ ciphertext. */
  readonly $sealed: string;
}

const VERSION = '1.';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** Where a value was sealed: what it is bound to. */
export interface SealedPlace {
  readonly eventId: string;
  readonly type: string;
  readonly path: string;
}

export function isSealed(value: unknown): value is SealedValue {
  return typeof value === 'object' && value !== null && typeof (value as { $sealed?: unknown }).$sealed === 'string';
}

export function sealValue(key: Buffer, value: string, place: SealedPlace): SealedValue {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(associatedData(place));
  const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return { $sealed: VERSION + Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64url') };
}

/** The value in clear; throws UnopenableValue when the key or the place is not the one it was sealed with, or it was altered. */
export function openValue(key: Buffer, value: SealedValue, place: SealedPlace): string {
  if (!value.$sealed.startsWith(VERSION)) throw new UnopenableValue(place, 'not sealed in a version this build reads');
  const bytes = Buffer.from(value.$sealed.slice(VERSION.length), 'base64url');
  if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new UnopenableValue(place, 'too short to be sealed');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
    decipher.setAAD(associatedData(place));
    decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new UnopenableValue(place, 'its key, its place or its bytes are not those it was sealed with');
  }
}

function associatedData({ eventId, type, path }: SealedPlace): Buffer {
  return Buffer.from(JSON.stringify([eventId, type, path]), 'utf8');
}

/** A sealed value that does not open: altered in the log, or sealed for another place or under another key. */
export class UnopenableValue extends Error {
  constructor(place: SealedPlace, why: string) {
    super(`the sealed ${place.path} of ${place.type} ${place.eventId} does not open: ${why}`);
    this.name = 'UnopenableValue';
  }
}
