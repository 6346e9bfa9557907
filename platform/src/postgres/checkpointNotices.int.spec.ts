import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/postgres.js';
import { CheckpointAnnouncer, listenForCheckpoints, type CheckpointNotices } from './checkpointNotices.js';

describe('checkpoint notices (PostgreSQL LISTEN/NOTIFY)', () => {
  let database: TestDatabase;
  let notices: CheckpointNotices;
  let heard = 0;
  beforeAll(async () => {
    database = await createTestDatabase(inject('postgresUrl'));
    notices = await listenForCheckpoints(database.url, () => (heard += 1), { retryMs: 50 });
  });
  afterAll(async () => {
    await notices.close();
    await database.drop();
  });

  it('calls the listener for an announcement, and for several in a row at least once more', async () => {
    const announcer = new CheckpointAnnouncer(database.sql);
    const before = heard;
    announcer.announce();
    await vi.waitFor(() => expect(heard).toBeGreaterThan(before), { timeout: 5000, interval: 10 });
    const after = heard;
    for (let i = 0; i < 5; i += 1) announcer.announce();
    await vi.waitFor(() => expect(heard).toBeGreaterThan(after), { timeout: 5000, interval: 10 });
  });

  it('listens again after its connection is cut, and says something may have moved meanwhile', async () => {
    const cut = await database.sql.query<{ cut: boolean }>(
      "select pg_terminate_backend(pid) as cut from pg_stat_activity where application_name = 'toolforge-checkpoint-notices' and datname = current_database()",
    );
    expect(cut.rows.map((row) => row.cut)).toEqual([true]);
    const before = heard;
    // Called once the connection is back…
    await vi.waitFor(() => expect(heard).toBeGreaterThan(before), { timeout: 5000, interval: 10 });
    // …and listening again: an announcement is heard.
    await vi.waitFor(
      async () => {
        const listening = await database.sql.query(
          "select 1 from pg_stat_activity where application_name = 'toolforge-checkpoint-notices' and datname = current_database()",
        );
        expect(listening.rows).toHaveLength(1);
      },
      { timeout: 5000, interval: 20 },
    );
    const reconnected = heard;
    new CheckpointAnnouncer(database.sql).announce();
    await vi.waitFor(() => expect(heard).toBeGreaterThan(reconnected), { timeout: 5000, interval: 10 });
  });
});
