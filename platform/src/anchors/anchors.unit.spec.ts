import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anchorSignedBy, parsePublicKey, publicKeyText, signAnchor, type Anchor } from './anchors.js';
import { ANCHORS_FILE, FolderAnchorStore } from './anchorStore.js';
import { anchorSettings } from './settings.js';
import { SigningKeyError, signingKeyIn } from './signingKey.js';

const ANCHOR: Anchor = {
  log: 'the embedded log 1',
  topic: 'sales.orders',
  partition: 0,
  offset: 41,
  hash: 'a'.repeat(64),
  signedAt: '2026-11-28T10:00:00.000Z',
  kind: 'checkpoint',
};

describe('an anchor', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');

  it('is signed over every field, and its signature fails once any of them changes', () => {
    const signed = signAnchor(ANCHOR, privateKey);
    expect(anchorSignedBy(signed, publicKey)).toBe(true);
    for (const change of [{ offset: 42 }, { hash: 'b'.repeat(64) }, { kind: 'genesis' as const }, { log: 'another' }, { partition: 1 }]) {
      expect(anchorSignedBy({ ...signed, ...change }, publicKey), JSON.stringify(change)).toBe(false);
    }
    expect(anchorSignedBy({ ...signed, signature: 'not base64 at all' }, publicKey)).toBe(false);
    expect(anchorSignedBy(signed, generateKeyPairSync('ed25519').publicKey)).toBe(false);
  });

  it('is checked with the public key as status prints it, and refuses a text that is no such key', () => {
    const text = publicKeyText(privateKey);
    expect(text).toMatch(/^ed25519:[A-Za-z0-9+/]{43}=$/);
    expect(publicKeyText(publicKey)).toBe(text);
    expect(anchorSignedBy(signAnchor(ANCHOR, privateKey), parsePublicKey(text)!)).toBe(true);
    for (const bad of ['', 'ed25519:', 'ed25519:AAAA', `rsa:${text.slice(8)}`, text.slice(0, -4)])
      expect(parsePublicKey(bad), bad).toBeUndefined();
  });
});

describe('the anchors’ folder and the signing key', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolforge-anchors-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps anchors in the order added, one a line, and reads a line that is none apart', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const store = new FolderAnchorStore(join(dir, 'anchors'));
    expect(await store.read()).toEqual({ anchors: [], unreadable: [] });
    const first = signAnchor(ANCHOR, privateKey);
    const second = signAnchor({ ...ANCHOR, offset: 50 }, privateKey);
    await Promise.all([store.add([first]), store.add([second])]);
    await writeFile(join(dir, 'anchors', ANCHORS_FILE), '{"log":"x"}\nnot json\n', { flag: 'a' });
    const read = await store.read();
    expect(read.anchors).toEqual([first, second]);
    expect(read.unreadable.map((line) => line.line)).toEqual([3, 4]);
    expect((await stat(join(dir, 'anchors', ANCHORS_FILE))).mode & 0o777).toBe(0o600);
  });

  it('makes the key owner-only on first use, then keeps it; refuses a file that holds none', async () => {
    const file = join(dir, 'keys', 'audit.pem');
    const [made, again] = await Promise.all([signingKeyIn(file), signingKeyIn(file)]);
    expect(publicKeyText(made)).toBe(publicKeyText(again));
    expect(publicKeyText(await signingKeyIn(file))).toBe(publicKeyText(made));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    await writeFile(
      join(dir, 'rsa.pem'),
      generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }),
    );
    await expect(signingKeyIn(join(dir, 'rsa.pem'))).rejects.toBeInstanceOf(SigningKeyError);
  });

  it('reads its settings beside the data by default, and refuses a count that is none', () => {
    const problem = (message: string) => new Error(message);
    expect(anchorSettings({}, '/srv/shop', problem)).toEqual({
      dir: '/srv/shop/audit-anchors',
      signingKeyFile: '/srv/shop/audit-signing-key.pem',
      everyEvents: 1000,
      everySeconds: 10,
    });
    expect(anchorSettings({ AUDIT_ANCHORS: '/worm/anchors', AUDIT_ANCHOR_EVENTS: '50' }, '/srv/shop', problem)).toMatchObject({
      dir: '/worm/anchors',
      everyEvents: 50,
    });
    expect(() => anchorSettings({ AUDIT_ANCHOR_SECONDS: '0' }, '/srv/shop', problem)).toThrow(
      /AUDIT_ANCHOR_SECONDS should be a whole number/,
    );
    expect(() => anchorSettings({ AUDIT_ANCHOR_EVENTS: '1e3' }, '/srv/shop', problem)).toThrow(/AUDIT_ANCHOR_EVENTS/);
  });
});
