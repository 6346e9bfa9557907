import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { releaseLockFile, takeLockFile, type Claimant } from './lockFile.js';

/** Pids the tests make up: the contenders are alive, the holders they find are not. */
const DEAD = 999_000;
const claimant = (pid: number): Claimant => ({ pid, lockToken: randomUUID(), claimToken: randomUUID() });
const written = (pid: number, token: string) => `${pid}\n${token}\n`;

describe('takeLockFile', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolforge-lockfile-'));
    file = join(dir, 'toolforge.lock');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('lets exactly one of the processes that find the same dead holder take its lock over', async () => {
    // Many rounds, so that the contenders' steps interleave in many ways (their file operations run on libuv's threads):
    // the removal this replaced let two of them win in a round or more of 40 most times.
    for (let round = 0; round < 150; round += 1) {
      await writeFile(file, written(DEAD, randomUUID()));
      const contenders = [1, 2, 3, 4, 5, 6].map((pid) => claimant(pid));
      const alive = (pid: number) => pid !== DEAD;

      const outcomes = await Promise.all(contenders.map((contender) => takeLockFile(file, contender, alive)));

      const winners = contenders.filter((_, index) => outcomes[index] === undefined);
      expect(winners).toHaveLength(1);
      const [winner] = winners;
      // Every other one was told who holds it, and the lock says so.
      expect(outcomes.filter((outcome) => outcome !== undefined)).toEqual(Array(5).fill(winner!.pid));
      expect(await readFile(file, 'utf8')).toBe(written(winner!.pid, winner!.lockToken));
      expect(await readdir(dir)).toEqual(['toolforge.lock']);
      await releaseLockFile(file, winner!.lockToken);
    }
  });

  it('takes over a lock whose taker-over died before it was done', async () => {
    const stale = randomUUID();
    await writeFile(file, written(DEAD, stale));
    // The claim a process made on that lock, then died.
    await writeFile(`${file}.claim-${stale}`, written(DEAD + 1, randomUUID()));
    const taker = claimant(1);

    expect(await takeLockFile(file, taker, (pid) => pid < DEAD)).toBeUndefined();
    expect(await readFile(file, 'utf8')).toBe(written(1, taker.lockToken));
    expect(await readdir(dir)).toEqual(['toolforge.lock']);
  });

  it('waits for a live process taking a dead holder’s lock over, and then finds it the holder', async () => {
    const stale = randomUUID();
    await writeFile(file, written(DEAD, stale));
    const claim = `${file}.claim-${stale}`;
    await writeFile(claim, written(2, randomUUID()));
    const finishing = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await rm(file);
      await writeFile(file, written(2, randomUUID()));
      await rm(claim);
    })();

    expect(await takeLockFile(file, claimant(1), (pid) => pid < DEAD)).toBe(2);
    await finishing;
  });

  it('takes over a lock an earlier ToolForge wrote (a pid alone) once its holder is dead', async () => {
    await writeFile(file, String(DEAD));
    const taker = claimant(1);

    expect(await takeLockFile(file, taker, (pid) => pid < DEAD)).toBeUndefined();
    expect(await readFile(file, 'utf8')).toBe(written(1, taker.lockToken));
  });

  it('releases only its own lock', async () => {
    const taker = claimant(1);
    await takeLockFile(file, taker, () => true);
    await releaseLockFile(file, randomUUID());
    expect(await readFile(file, 'utf8')).toBe(written(1, taker.lockToken));
    await releaseLockFile(file, taker.lockToken);
    expect(await readdir(dir)).toEqual([]);
  });
});
