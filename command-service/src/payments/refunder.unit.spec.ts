import { describe, expect, it, vi } from 'vitest';
import { PaymentProviderUnavailable, type Refund, type RefundRequest } from '@toolforge/platform/payments';
import { CommandRejected } from '../shared/decider.js';
import type { OwedRefund } from './paymentStates.js';
import { Refunder, refundKey } from './refunder.js';

const silent = { info: () => undefined, warn: () => undefined };

/** The write model's owed refunds and the provider, as the refunder sees them; the provider fails `failures` times first. */
function refunderWith(owed: OwedRefund[], { failures = 0, writerLost = false } = {}) {
  const recorded: { owed: OwedRefund; refund: Refund }[] = [];
  const asked: RefundRequest[] = [];
  let listener: (() => void) | undefined;
  let failing = failures;
  const payments = {
    owedRefunds: () => owed.filter((refund) => !recorded.some((done) => done.owed.paymentId === refund.paymentId)),
    recordRefund: (refund: OwedRefund, made: Refund) => {
      recorded.push({ owed: refund, refund: made });
      return Promise.resolve();
    },
    onOwed: (heard: (() => void) | undefined) => (listener = heard),
  };
  const provider = {
    refund: (request: RefundRequest): Promise<Refund> => {
      asked.push(request);
      if (failing > 0) {
        failing -= 1;
        return Promise.reject(new PaymentProviderUnavailable('the payment provider could not be reached'));
      }
      return Promise.resolve({ refundId: `re_${request.paymentId}`, amountCents: request.amountCents });
    },
  };
  const refunder = new Refunder({
    payments,
    provider,
    logger: silent,
    writer: { writerLost: writerLost ? 'fenced by a newer instance' : null, onWriterLost: () => () => undefined },
    firstRetryMs: 20,
    longestRetryMs: 80,
  });
  return { refunder, recorded, asked, owed, kick: () => listener?.(), hasListener: () => listener !== undefined };
}

const owedOf = (orderId: string, paymentId: string, amountCents = 155_00): OwedRefund => ({ orderId, paymentId, amountCents });

describe('Refunder', () => {
  it('refunds at start every payment owed back, under the payment’s idempotency key, and records each', async () => {
    const shop = refunderWith([owedOf('o1', 'pi_1'), owedOf('o2', 'pi_2', 7)]);
    shop.refunder.start();
    await vi.waitFor(() => expect(shop.recorded).toHaveLength(2));
    expect(shop.asked).toEqual([
      { orderId: 'o1', paymentId: 'pi_1', amountCents: 155_00, idempotencyKey: 'refund-pi_1' },
      { orderId: 'o2', paymentId: 'pi_2', amountCents: 7, idempotencyKey: 'refund-pi_2' },
    ]);
    expect(shop.recorded.map(({ refund }) => refund)).toEqual([
      { refundId: 're_pi_1', amountCents: 155_00 },
      { refundId: 're_pi_2', amountCents: 7 },
    ]);
    expect(refundKey('pi_9')).toBe('refund-pi_9');
    await shop.refunder.stop();
  });

  it('refunds what comes to be owed later, when the write model says so', async () => {
    const shop = refunderWith([]);
    shop.refunder.start();
    await vi.waitFor(() => expect(shop.hasListener()).toBe(true));
    shop.owed.push(owedOf('o3', 'pi_3'));
    shop.kick();
    await vi.waitFor(() => expect(shop.recorded.map(({ owed }) => owed.paymentId)).toEqual(['pi_3']));
    await shop.refunder.stop();
  });

  it('keeps a refund the provider could not make, and tries it again later until it is made, once', async () => {
    const shop = refunderWith([owedOf('o1', 'pi_1')], { failures: 3 });
    shop.refunder.start();
    await vi.waitFor(() => expect(shop.recorded).toHaveLength(1), { timeout: 2_000 });
    // Asked four times, each under the same key: the provider refunds it once whatever happened before.
    expect(shop.asked.map((request) => request.idempotencyKey)).toEqual(Array(4).fill('refund-pi_1'));
    await shop.refunder.stop();
  });

  it('leaves a refund the write model no longer owes (refused when recorded) without trying it again', async () => {
    const recordRefund = vi.fn(() => Promise.reject(new CommandRejected('conflict', 'not owed back')));
    const refunder = new Refunder({
      payments: { owedRefunds: () => [owedOf('o1', 'pi_1')], recordRefund, onOwed: () => undefined },
      provider: { refund: () => Promise.resolve({ refundId: 're_1', amountCents: 1 }) },
      logger: silent,
      firstRetryMs: 5,
    });
    expect(await refunder.refundOwed()).toBe(0);
    expect(recordRefund).toHaveBeenCalledTimes(1);
  });

  it('refunds nothing once stopped, nor in a process that is no longer the writer', async () => {
    const stopped = refunderWith([owedOf('o1', 'pi_1')]);
    await stopped.refunder.stop();
    stopped.refunder.start();
    stopped.kick();
    const lost = refunderWith([owedOf('o1', 'pi_1')], { writerLost: true });
    lost.refunder.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped.asked).toEqual([]);
    expect(lost.asked).toEqual([]);
    await lost.refunder.stop();
  });
});
