import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, messages } from '@toolforge/contracts';
import { adminGranted, adminRevoked, userSignedIn } from '@toolforge/contracts/testing';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { readConfig, type StoredEvent } from '@toolforge/platform';
import { connectToRunningShop } from './operatorSocket/client.js';
import { connectToShop } from './shopConnection.js';
import { freePort, launchMakeStart, logWriter, readEvents, type LaunchedProcess } from '@toolforge/platform/testing';
import { runCli } from './cli.suite.js';

/**
 * `toolforge admins grant` against the built `make start` (scripts/start.mjs) holding the data dir
 * (docs/operators.md): a rogue admin revoked the shop's other admin, ADMIN_EMAILS does not grant a
 * revoked account again, and the operator on the host grants the role back through the shop's
 * operators' socket, the running shop's command side deciding it.
 */
const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const BOSS = { uid: 'u-boss', email: 'boss@toolforge.test' };
const ROGUE = { uid: 'u-rogue', email: 'rogue@toolforge.test' };
const OPERATOR = `operator:${userInfo().username}`;

/** The rogue admin's work: the boss (an ADMIN_EMAILS admin) made them an admin, and they revoked the boss. */
async function rogueHistory(dataDir: string): Promise<void> {
  const db = await openEmbeddedPostgres(dataDir, 'log');
  try {
    const append = logWriter(await PgliteEventLog.open(db));
    await append(userSignedIn({ ...BOSS, emailVerified: true }, { actor: BOSS.uid }));
    await append({ ...adminGranted(BOSS.uid, BOSS.email), data: { ...BOSS, reason: 'ADMIN_EMAILS' } });
    await append(userSignedIn({ ...ROGUE, emailVerified: true }, { actor: ROGUE.uid }));
    await append(adminGranted(ROGUE.uid, ROGUE.email, { actor: BOSS.uid }));
    await append(adminRevoked(BOSS.uid, BOSS.email, { actor: ROGUE.uid }));
  } finally {
    await db.close();
  }
}

describe('toolforge admins grant while make start runs on the data dir', { timeout: 60_000 }, () => {
  let dataDir: string;
  let shop: LaunchedProcess;
  let env: NodeJS.ProcessEnv;

  /** The accounts' events as the running shop's log holds them, read through its socket as the tool reads them (the e-mail addresses opened). */
  async function accountEvents(): Promise<StoredEvent[]> {
    const reader = await connectToShop(readConfig(env), { readModel: false });
    try {
      return await readEvents(reader.log, { topics: [TOPICS.users] });
    } finally {
      await reader.close();
    }
  }

  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'embedded/dist/index.js'))) throw new Error('build first: npx tsc -b (make test does)');
    dataDir = await mkdtemp(join(tmpdir(), 'toolforge-grant-'));
    env = { DATA_DIR: dataDir };
    await rogueHistory(dataDir);
    // Ports of its own: it runs beside the other make start tests.
    const apiPort = await freePort();
    let webPort = await freePort();
    while (webPort === apiPort) webPort = await freePort();
    shop = launchMakeStart({
      dataDir,
      apiPort,
      webPort,
      // The boss's address is configured: configuration alone does not undo a revocation.
      env: { ADMIN_EMAILS: BOSS.email },
    });
    await shop.waitUntilReady({ output: 'Press Ctrl-C to stop.' }, { timeoutMs: 90_000 });
  }, 120_000);
  afterAll(async () => {
    shop?.kill();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('makes the revoked admin an admin again: an AdminGranted (break-glass) with the operator as actor, in the log and the read model', async () => {
    const granted = await runCli(['admins', 'grant', 'Boss@Toolforge.test', '--format', 'json'], env);
    expect(granted.stderr).toBe('');
    expect(granted.code).toBe(0);
    const answer = JSON.parse(granted.stdout) as { uid: string; email: string; actor: string; position: string };
    expect(answer).toEqual({ ...BOSS, actor: OPERATOR, position: expect.stringMatching(/^identity\.users\/0\/\d+$/) });

    const last = (await accountEvents()).at(-1)!;
    expect(last).toMatchObject({ type: 'AdminGranted', data: { ...BOSS, reason: 'break-glass' }, meta: { actor: OPERATOR } });
    expect(`${last.position.topic}/${last.position.partition}/${last.position.offset}`).toBe(answer.position);

    // The running shop's write model took it: a second grant is refused as for an admin.
    const again = await runCli(['admins', 'grant', BOSS.email], env);
    expect({ code: again.code, stdout: again.stdout }).toEqual({ code: 2, stdout: '' });
    expect(again.stderr).toBe(`toolforge: the running shop refused: ${messages.alreadyAdmin}\n`);

    // The operator's line in the log's listing, and the projected role.
    const list = await runCli(['events', 'list', '--type', 'AdminGranted', '--format', 'json'], env);
    expect((JSON.parse(list.stdout) as { actor: string; summary: string }[]).at(-1)).toMatchObject({
      actor: OPERATOR,
      summary: `admin "${BOSS.email}" (break-glass)`,
    });
    const reader = (await connectToRunningShop(dataDir))!;
    try {
      await expect
        .poll(async () => (await reader.readModel.query('select admin from users where uid = $1', [BOSS.uid])).rows)
        .toEqual([{ admin: true }]);
    } finally {
      await reader.close();
    }
  });

  it('refuses an address no account of the shop has, with exit code 2 and why, appending nothing', async () => {
    const before = (await accountEvents()).length;
    const { code, stdout, stderr } = await runCli(['admins', 'grant', 'nobody@toolforge.test'], env);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toBe(
      'toolforge: the running shop refused: No account of this shop has the address nobody@toolforge.test: ' +
        'its owner must sign in to the shop once before it can be made an admin\n',
    );
    expect(await accountEvents()).toHaveLength(before);
  });

  it('refuses what is no address before asking the shop (a usage error, exit code 2)', async () => {
    const { code, stderr } = await runCli(['admins', 'grant', 'boss at toolforge'], env);
    expect(code).toBe(2);
    expect(stderr).toContain('expected an e-mail address');
  });

  it('says services mode has no grant yet (exit code 2), and writes nothing to Kafka', async () => {
    const { code, stdout, stderr } = await runCli(['admins', 'grant', BOSS.email], { ...env, KAFKA_BROKERS: '127.0.0.1:1' });
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toMatch(/^toolforge: admins grant is not available in services mode yet/);
  });

  it('tells the operator to start the shop once it is stopped (exit code 2): the grant is the running shop’s to decide', async () => {
    expect(await shop.stop({ signal: 'SIGINT', graceMs: 30_000 })).toBe(0);
    const { code, stdout, stderr } = await runCli(['admins', 'grant', BOSS.email], env);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toBe(
      `toolforge: the embedded shop in ${dataDir} is not running (nothing answers on its operators’ socket): ` +
        'the grant is decided by the running shop, so start it (make start), then run the grant again\n',
    );
  });
});
