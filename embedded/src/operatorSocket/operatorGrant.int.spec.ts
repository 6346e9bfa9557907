import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '@toolforge/platform/http';
import type { AdminGrant, GrantAdminRequest } from '@toolforge/platform/operatorSocket';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import type { PGlite } from '@toolforge/platform/pglite';
import { grantAdminThroughRunningShop } from '@toolforge/projector';
import { serveOperatorSocket, type OperatorSocket } from './server.js';

/** The break-glass grant's one route on the operators' socket: the host hands it the command side's grant. */
describe('the operators’ socket’s admin grant', () => {
  let db: PGlite;
  let log: PgliteEventLog;
  const dataDirs: string[] = [];
  const sockets: OperatorSocket[] = [];
  /** What the command side was asked, in order. */
  const asked: GrantAdminRequest[] = [];
  const grantAdmin: AdminGrant = (request) => {
    asked.push(request);
    if (request.email !== 'boss@toolforge.test')
      return Promise.reject(new HttpError(404, `No account of this shop has the address ${request.email}`));
    return Promise.resolve({ uid: 'u1', email: request.email, actor: `operator:${request.operator}`, position: 'identity.users/0/7' });
  };

  async function serving(withGrant: boolean): Promise<string> {
    const dataDir = await mkdtemp(join(tmpdir(), 'toolforge-grant-'));
    dataDirs.push(dataDir);
    sockets.push(await serveOperatorSocket({ dataDir, readModel: db, log, ...(withGrant ? { grantAdmin } : {}) }));
    return dataDir;
  }

  beforeAll(async () => {
    db = await openEmbeddedPostgres(null);
    log = await PgliteEventLog.open(db);
  });
  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    await db?.close();
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
  });

  it('hands the request to the command side’s grant and answers what it appended', async () => {
    const dataDir = await serving(true);
    expect(await grantAdminThroughRunningShop(dataDir, { email: 'boss@toolforge.test', operator: 'alice' })).toEqual({
      uid: 'u1',
      email: 'boss@toolforge.test',
      actor: 'operator:alice',
      position: 'identity.users/0/7',
    });
    expect(asked.at(-1)).toEqual({ email: 'boss@toolforge.test', operator: 'alice' });
  });

  it('answers the command side’s refusal with its status and message', async () => {
    const dataDir = await serving(true);
    await expect(grantAdminThroughRunningShop(dataDir, { email: 'nobody@toolforge.test', operator: 'alice' })).rejects.toMatchObject({
      name: 'OperatorSocketRefusal',
      status: 404,
      message: 'No account of this shop has the address nobody@toolforge.test',
    });
  });

  it('refuses a request that is no address, an operator’s name that is no line of text, or another field (400), unasked', async () => {
    const dataDir = await serving(true);
    const before = asked.length;
    for (const request of [
      { email: 'not-an-address', operator: 'alice' },
      { email: 'boss@toolforge.test', operator: 'alice\nroot' },
      { email: 'boss@toolforge.test', operator: '' },
      { email: 'boss@toolforge.test', operator: 'alice', reason: 'ADMIN_EMAILS' },
    ]) {
      await expect(grantAdminThroughRunningShop(dataDir, request as GrantAdminRequest), JSON.stringify(request)).rejects.toMatchObject({
        status: 400,
      });
    }
    expect(asked).toHaveLength(before);
  });

  it('is not served by a socket the host handed no grant (the route is unknown there)', async () => {
    const dataDir = await serving(false);
    await expect(grantAdminThroughRunningShop(dataDir, { email: 'boss@toolforge.test', operator: 'alice' })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('answers undefined where nothing answers: the shop is not running', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'toolforge-grant-'));
    dataDirs.push(dataDir);
    expect(await grantAdminThroughRunningShop(dataDir, { email: 'boss@toolforge.test', operator: 'alice' })).toBeUndefined();
  });
});
