import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import canonicalize from 'canonicalize';

/**
 * A signed checkpoint of the log (docs/audit-trail.md#anchors): at `offset` of a topic partition of
 * the log `log` (its identity), the chain's hash is `hash`. Kept outside the log, signed by the
 * writer: a chain rewritten from some event on no longer meets the anchors after it.
 */
export interface Anchor {
  /** The log's identity (IdentifiedLog): anchors of another log are not this one's. */
  readonly log: string;
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
  readonly hash: string;
  readonly signedAt: string;
  /** `genesis`: signed at the writer's first start with the chain, over the events written before it. */
  readonly kind: 'genesis' | 'checkpoint';
}

export interface SignedAnchor extends Anchor {
  /** Ed25519 over the RFC 8785 encoding of the anchor's other fields, base64. */
  readonly signature: string;
}

const PUBLIC_KEY_PREFIX = 'ed25519:';

function signedBytes(anchor: Anchor): Buffer {
  const { log, topic, partition, offset, hash, signedAt, kind } = anchor;
  return Buffer.from(canonicalize({ log, topic, partition, offset, hash, signedAt, kind })!);
}

export function signAnchor(anchor: Anchor, privateKey: KeyObject): SignedAnchor {
  return { ...anchor, signature: sign(null, signedBytes(anchor), privateKey).toString('base64') };
}

/** Whether the anchor was signed by the key's owner, as it stands. */
export function anchorSignedBy(anchor: SignedAnchor, publicKey: KeyObject): boolean {
  try {
    return verify(null, signedBytes(anchor), publicKey, Buffer.from(anchor.signature, 'base64'));
  } catch {
    return false;
  }
}

/** The public key as `toolforge status` prints it and `audit verify --public-key` takes it: `ed25519:` and the raw key in base64. */
export function publicKeyText(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  return `${PUBLIC_KEY_PREFIX}${raw.toString('base64')}`;
}

/** The public key of a text publicKeyText made, or undefined when it is none. */
export function parsePublicKey(text: string): KeyObject | undefined {
  if (!text.startsWith(PUBLIC_KEY_PREFIX)) return undefined;
  const raw = Buffer.from(text.slice(PUBLIC_KEY_PREFIX.length), 'base64');
  if (raw.length !== 32) return undefined;
  try {
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
  } catch {
    return undefined;
  }
}

/** The private key of a PEM text, if it is an Ed25519 one. */
export function parseSigningKey(pem: string): KeyObject | undefined {
  try {
    const key = createPrivateKey(pem);
    return key.asymmetricKeyType === 'ed25519' ? key : undefined;
  } catch {
    return undefined;
  }
}
