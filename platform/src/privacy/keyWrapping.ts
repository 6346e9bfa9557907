import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileOnce } from '../fileOnce.js';

/**
 * The KMS seam (docs/privacy.md#the-key-store-and-a-kms): the customers' data keys are kept wrapped
 * (encrypted) by a key-encryption key that never sits beside them. This port is what a cloud KMS
 * implements (AWS KMS Encrypt/Decrypt, Google Cloud KMS, Vault's transit engine): wrap a data key on
 * its creation, unwrap it when it is used; the key store and every reader are unchanged. The
 * adapter here wraps with a master key kept in a file (PRIVACY_MASTER_KEY).
 */
export interface KeyWrapping {
  /** What names the key-encryption key, kept beside each wrapped key: a store may hold keys of several. */
  readonly keyName: string;
  wrap(dataKey: Buffer, keyId: string): Promise<Buffer>;
  /** Throws when the wrapped key is not one this key-encryption key wrapped for `keyId`. */
  unwrap(wrapped: Buffer, keyId: string): Promise<Buffer>;
}

export const DATA_KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Wrapping with a 256-bit master key in this process (AES-256-GCM, the data key's id as associated
 * data). Its name is its fingerprint, so that a process given another master key says so.
 */
export function masterKeyWrapping(masterKey: Buffer): KeyWrapping {
  if (masterKey.length !== DATA_KEY_BYTES) throw new MasterKeyError(`a master key is ${DATA_KEY_BYTES} bytes, not ${masterKey.length}`);
  const keyName = `local:${createHash('sha256').update(masterKey).digest('hex').slice(0, 16)}`;
  return {
    keyName,
    wrap(dataKey, keyId) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', masterKey, nonce);
      cipher.setAAD(Buffer.from(keyId, 'utf8'));
      const wrapped = Buffer.concat([cipher.update(dataKey), cipher.final()]);
      return Promise.resolve(Buffer.concat([nonce, cipher.getAuthTag(), wrapped]));
    },
    unwrap(wrapped, keyId) {
      const decipher = createDecipheriv('aes-256-gcm', masterKey, wrapped.subarray(0, NONCE_BYTES));
      decipher.setAAD(Buffer.from(keyId, 'utf8'));
      decipher.setAuthTag(wrapped.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      try {
        return Promise.resolve(Buffer.concat([decipher.update(wrapped.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]));
      } catch {
        return Promise.reject(
          new MasterKeyError(
            `the data key ${keyId} was not wrapped by this process's master key ${keyName} (PRIVACY_MASTER_KEY): every process of the shop needs the same one`,
          ),
        );
      }
    },
  };
}

/** The master key's file is unusable, or a data key was wrapped by another: said without a stack trace. */
export class MasterKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MasterKeyError';
  }
}

/**
 * The master key in `file` (32 random bytes, base64), made there, owner-only, when the file does not
 * exist yet (writeFileOnce: processes starting together on one machine get one key). The shop's
 * processes on other machines need a copy of it (docs/privacy.md#the-key-store-and-a-kms): one that
 * made a key of its own opens nothing, and says so (masterKeyWrapping's fingerprint).
 */
export async function masterKeyIn(file: string): Promise<Buffer> {
  const existing = await readMasterKey(file);
  if (existing) return existing;
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFileOnce(file, `${randomBytes(DATA_KEY_BYTES).toString('base64')}\n`);
  return (await readMasterKey(file))!;
}

async function readMasterKey(file: string): Promise<Buffer | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== DATA_KEY_BYTES || !/^[A-Za-z0-9+/]+=*$/.test(text.trim())) {
    throw new MasterKeyError(`PRIVACY_MASTER_KEY ${file} holds no master key (${DATA_KEY_BYTES} bytes, base64)`);
  }
  return key;
}

/**
 * The master key's wrapping for a reader that only opens keys (the operators' tool): the file is read
 * when a key is first opened, never made; a log with nothing sealed needs none.
 */
export function readingWrapping(file: string): KeyWrapping {
  let wrapping: Promise<KeyWrapping> | undefined;
  const loaded = () =>
    (wrapping ??= readMasterKey(file).then((key) => {
      if (!key)
        throw new MasterKeyError(`PRIVACY_MASTER_KEY ${file} does not exist: the shop's master key is needed to read its customers' data`);
      return masterKeyWrapping(key);
    }));
  return {
    keyName: 'reader',
    wrap: () => Promise.reject(new MasterKeyError('this process only reads the customers’ keys')),
    unwrap: async (wrapped, keyId) => (await loaded()).unwrap(wrapped, keyId),
  };
}
