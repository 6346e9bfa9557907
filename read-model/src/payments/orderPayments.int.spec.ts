import { describe, expect, it } from 'vitest';
import type { OrderPlaced, ShopEvent } from '@toolforge/contracts';
import {
  orderCancelled,
  orderMoved,
  orderPaidByCard,
  orderPaymentFailed,
  orderPlaced,
  orderRefunded,
  paymentNotApplied,
} from '@toolforge/contracts/testing';
import type { StoredEvent } from '@toolforge/platform';
import { stored } from '@toolforge/platform/testing';
import type { SqlExecutor } from '@toolforge/platform/sql';
import { sqlOrderReader } from '../orders/orderReads.js';
import { project } from '../projection.js';
import { applyRowWrites } from '../rowWrites.js';
import { projectOneByOne, useEmptiedReadModel } from '../testing/emptiedReadModel.js';

const vise = { productId: 'p-vise', name: 'Bench Vise', priceCents: 10_00 };
/** 2 × 10.00 = 20.00, + 5 % = 21.00, + 50 = 71.00 */
const placedBy = (orderId: string) => orderPlaced(vise, { orderId, userId: 'u-ada', quantity: 2 });

/** Each order's events at their offsets of the order's topic, in the order given. */
const inLog = (events: readonly ShopEvent[]): StoredEvent[] => events.map((event, offset) => stored(event, offset));

describe('the orders’ payment columns', () => {
  const { emptied: readModel } = useEmptiedReadModel();

  /** One transaction for them all: an order's moves share one run, folded into one statement. */
  async function asOneBatch(sql: SqlExecutor, events: readonly StoredEvent[]): Promise<void> {
    await sql.transaction((tx) => applyRowWrites(tx, events.flatMap(project)));
  }

  interface PaymentRow {
    order_id: string;
    event_offsets: unknown[];
  }
  const rows = async (sql: SqlExecutor) =>
    (
      await sql.query<PaymentRow>(
        `select order_id, status, payment, paid_with, payment_reference, payment_failure, refunded_cents, event_offsets
           from orders order by order_id`,
      )
    ).rows;
  const answered = async (sql: SqlExecutor) => {
    const list = JSON.parse(await sqlOrderReader(sql).orderListOfUser('u-ada')) as Record<string, unknown>[];
    return Object.fromEntries(
      list.map((order) => [order._id, [order.status, order.paidWith, order.paymentReference, order.paymentFailure, order.refunded]]),
    ) as Record<string, unknown[]>;
  };

  const [declined, paid, cancelled, late, again] = ['o-declined', 'o-paid', 'o-cancelled', 'o-late', 'o-again'].map(placedBy) as [
    OrderPlaced,
    OrderPlaced,
    OrderPlaced,
    OrderPlaced,
    OrderPlaced,
  ];
  /** The orders of one customer, and what the provider said of their money, interleaved as a log interleaves them. */
  const history = inLog([
    declined,
    paid,
    orderPaymentFailed(declined.data, { reason: 'Your card was declined.' }),
    orderPaymentFailed(paid.data, { paymentId: 'pi_1', reason: 'Your card was declined.', providerEventId: 'evt_1' }),
    cancelled,
    orderPaymentFailed(declined.data, { paymentId: 'pi_2', reason: 'Your card has insufficient funds.', providerEventId: 'evt_2' }),
    orderPaidByCard(paid.data, { paymentId: 'pi_3' }),
    orderPaymentFailed(cancelled.data),
    orderCancelled(cancelled.data),
    late,
    orderCancelled(late.data),
    paymentNotApplied(late.data, { paymentId: 'pi_late' }),
    orderRefunded(late.data, { paymentId: 'pi_late', amountCents: 71_00 }),
    again,
    orderPaidByCard(again.data, { paymentId: 'pi_again' }),
    paymentNotApplied(again.data, { paymentId: 'pi_twice', because: 'already-paid' }),
    orderRefunded(again.data, { paymentId: 'pi_twice', amountCents: 71_00 }),
    orderCancelled(again.data),
    orderRefunded(again.data, { paymentId: 'pi_again', amountCents: 71_00 }),
  ]);

  it('shows how each order was paid, its last failure while it is pending, and what was refunded of it', async () => {
    const sql = await readModel();
    await projectOneByOne(sql, history);
    expect(await answered(sql)).toEqual({
      'o-declined': ['pending', null, null, 'Your card has insufficient funds.', 0],
      // The payment clears the failure before it.
      'o-paid': ['paid', 'card', 'pi_3', null, 0],
      // A cancelled order awaits no payment: its failure is no longer shown.
      'o-cancelled': ['cancelled', null, null, null, 0],
      // Not paid by the payment that came too late; refunded.
      'o-late': ['cancelled', null, null, null, 71],
      'o-again': ['cancelled', 'card', 'pi_again', null, 142],
    });
    const [view] = (await sqlOrderReader(sql).ordersOfUser('u-ada')).filter((order) => order.orderId === 'o-again');
    expect(view).toMatchObject({ paidWith: 'card', paymentReference: 'pi_again', paymentFailure: null, refundedCents: 142_00 });
    // Every event of an order's stream is in its offsets, for its history: the payments' too.
    const offsets = Object.fromEntries((await rows(sql)).map((row) => [row.order_id, row.event_offsets.map(Number)]));
    expect(offsets['o-late']).toEqual([9, 10, 11, 12]);
    expect(offsets['o-declined']).toEqual([0, 2, 5]);
  });

  it('leaves the rows as one by one when an order’s payments are folded into one statement', async () => {
    const inTurn = await readModel();
    await projectOneByOne(inTurn, history);
    const expected = await rows(inTurn);
    const sql = await readModel();
    await asOneBatch(sql, history);
    expect(await rows(sql)).toEqual(expected);
  });

  it('adds a refund delivered twice once, and applies no payment older than what the row records', async () => {
    const sql = await readModel();
    await projectOneByOne(sql, history);
    const before = await rows(sql);
    await projectOneByOne(sql, [history[12]!, history[18]!, history[5]!]);
    await asOneBatch(sql, [history[16]!, history[16]!, history[6]!]);
    expect(await rows(sql)).toEqual(before);
  });

  it('records an order marked paid offline, and one paid before the shop took payments, each as its event says', async () => {
    const sql = await readModel();
    const offline = placedBy('o-offline');
    const older = placedBy('o-older');
    const paidBefore = { ...orderMoved(older.data, 'OrderPaid'), data: { orderId: older.data.orderId, payment: null } };
    await projectOneByOne(sql, inLog([offline, older, orderMoved(offline.data, 'OrderPaid'), paidBefore]));
    expect(await answered(sql)).toEqual({
      'o-offline': ['paid', 'offline', 'TRANSFER-o-offline', null, 0],
      'o-older': ['paid', null, null, null, 0],
    });
  });
});
