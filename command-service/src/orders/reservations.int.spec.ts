import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPIRED_REASON, TOPICS } from '@toolforge/contracts';
import { openEmbeddedPostgres, type EmbeddedPostgres as PGlite } from '@toolforge/platform/pglite';
import { readEvents } from '@toolforge/platform/testing';
import { startCommandService, type CommandHarness } from '../test/harness.js';

const MINUTE = 60_000;

/**
 * RESERVATION_TTL across restarts: command services started one after another on the same
 * embedded database (the log survives them), each with a clock the test sets ahead.
 */
describe('reservations that run out unpaid', () => {
  let db: PGlite;
  const running: CommandHarness[] = [];
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);

  beforeAll(async () => {
    db = await openEmbeddedPostgres(null);
  });
  afterAll(async () => {
    for (const shop of running) await shop.close();
    await db.close();
  });

  /** A command service on the shared database, with this RESERVATION_TTL. */
  async function start(reservationTtlMs: number) {
    const shop = await startCommandService({ db, clock, reservationTtlMs });
    running.push(shop);
    await shop.app.ready();
    return shop;
  }
  async function stop(shop: CommandHarness) {
    running.splice(running.indexOf(shop), 1);
    await shop.close();
  }
  /** Every cancellation of this order in the log (read through the service running now). */
  const cancellationsOf = async (orderId: string) =>
    (await readEvents(running.at(-1)!.log, { topics: [TOPICS.orders] })).filter(
      (event) => event.type === 'OrderCancelled' && event.streamId === orderId,
    );
  const expectExpiredOnce = async (orderId: string) => {
    const cancellations = await cancellationsOf(orderId);
    expect(cancellations).toHaveLength(1);
    expect(cancellations[0]).toMatchObject({ data: { reason: EXPIRED_REASON, by: null }, meta: { actor: null } });
  };

  it('cancels an expired reservation exactly once, across a restart', async () => {
    const first = await start(300);
    const admin = await first.admin();
    const customer = await first.customer('Expiring Customer');
    const productId = await first.addProduct(admin);
    const orderId = await first.placeOrder(customer, productId, 5);
    // The sweeper wakes when the order is due.
    await vi.waitFor(async () => expect(await cancellationsOf(orderId)).toHaveLength(1), { timeout: 15_000, interval: 100 });
    await stop(first);

    offset += 60 * MINUTE;
    const second = await start(300);
    // An order placed after the restart runs out too: once it has, the sweeps that could have
    // cancelled the first order again (at start, then on waking) are over.
    const again = await second.login(customer);
    const later = await second.placeOrder(again, productId, 5);
    await vi.waitFor(async () => expect(await cancellationsOf(later)).toHaveLength(1), { timeout: 15_000, interval: 100 });
    await expectExpiredOnce(orderId);
    await expectExpiredOnce(later);
    await stop(second);
  });

  it('cancels at start what ran out while the service was down, once, and never a paid order', async () => {
    const first = await start(30 * MINUTE);
    const admin = await first.admin();
    const customer = await first.customer('Away Customer');
    const productId = await first.addProduct(admin);
    const unpaid = await first.placeOrder(customer, productId, 5);
    const paid = await first.placeOrder(customer, productId, 5);
    const pay = await first.send({
      method: 'POST',
      url: `/orders/${paid}/status`,
      token: admin.accessToken,
      payload: { status: 'paid', reference: 'TRANSFER-1' },
    });
    expect(pay.statusCode).toBe(200);
    await stop(first);

    // Down for 31 minutes: the unpaid order ran out meanwhile.
    offset += 31 * MINUTE;
    const second = await start(30 * MINUTE);
    await vi.waitFor(async () => expect(await cancellationsOf(unpaid)).toHaveLength(1), { timeout: 15_000, interval: 100 });
    await stop(second);

    offset += 24 * 60 * MINUTE;
    const third = await start(300);
    const again = await third.login(customer);
    const marker = await third.placeOrder(again, productId, 5);
    await vi.waitFor(async () => expect(await cancellationsOf(marker)).toHaveLength(1), { timeout: 15_000, interval: 100 });
    await expectExpiredOnce(unpaid);
    expect(await cancellationsOf(paid)).toEqual([]);
    await stop(third);
  });
});
