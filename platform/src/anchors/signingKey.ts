import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileOnce } from '../fileOnce.js';
import { parseSigningKey } from './anchors.js';

/** The anchors' signing key is not what its file holds: a usage problem, said without a stack trace. */
export class SigningKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SigningKeyError';
  }
}

/**
 * The writer's Ed25519 key in `file` (PEM, PKCS #8), made there on the first start when the file
 * does not exist yet (writeFileOnce: two processes starting together end up with one key).
 */
export async function signingKeyIn(file: string): Promise<KeyObject> {
  const existing = await readKey(file);
  if (existing) return existing;
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ed25519');
  await writeFileOnce(file, privateKey.export({ format: 'pem', type: 'pkcs8' }) as string);
  return (await readKey(file))!;
}

/** The key in `file`, undefined when there is no such file. */
export async function readKey(file: string): Promise<KeyObject | undefined> {
  let pem: string;
  try {
    pem = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const key = parseSigningKey(pem);
  if (!key) throw new SigningKeyError(`AUDIT_SIGNING_KEY ${file} holds no Ed25519 private key (PEM, PKCS #8)`);
  return key;
}
