import { TOPICS, messages, paymentMessages } from '@toolforge/contracts';
import type { PaymentNotice, Refund } from '@toolforge/platform/payments';
import type { OrderStates } from '../orders/orderStates.js';
import { streamOf, type CommandHandler } from '../shared/commandHandler.js';
import { CommandRejected } from '../shared/decider.js';
import { judgeNotice, paymentDecider, type NoticeOutcome, type OrderMoney, type PaymentCommand } from './decide.js';
import type { OwedRefund, PaymentStates } from './paymentStates.js';

export interface PaymentsDeps {
  handler: CommandHandler;
  orders: OrderStates;
  payments: PaymentStates;
  /** SHOP_CURRENCY: money in another currency pays no order. */
  currency: string;
}

/** An order a customer may pay now: pending, and theirs. */
export interface PayableOrder {
  readonly orderId: string;
  readonly totalCostCents: number;
}

/**
 * The shop's side of card payments: what the provider's webhooks report is decided on the order's
 * stream, by the shop itself (actor null), like every command through the one handler; the refunds
 * the provider made are recorded the same way.
 */
export class Payments {
  /** An order and its payments, as the write model has them at the command's turn. */
  private readonly money: { get(orderId: string): OrderMoney };

  constructor(private readonly deps: PaymentsDeps) {
    this.money = { get: (orderId) => ({ order: deps.orders.get(orderId), payments: deps.payments.get(orderId) }) };
  }

  /**
   * Applies a verified notice to the order it names, and says what it came to (for the webhook's
   * log); an order the shop does not know is left alone.
   */
  async applyNotice(notice: Extract<PaymentNotice, { kind: 'succeeded' | 'failed' }>): Promise<NoticeOutcome> {
    const { orderId } = notice;
    // Not one of the shop's orders: no stream is named after what a payment's metadata says.
    if (orderId === null || !this.deps.orders.has(orderId)) return 'unknown-order';
    let outcome: NoticeOutcome = 'unknown-order';
    await this.deps.handler.handle(
      streamOf(TOPICS.orders, orderId, this.money),
      (state) => {
        const verdict = judgeNotice({ notice: { ...notice, orderId }, currency: this.deps.currency }, state);
        outcome = verdict.outcome;
        return verdict.events;
      },
      { actor: null },
    );
    return outcome;
  }

  /** Records a refund the provider made of a payment the shop owed back (once per payment). */
  async recordRefund(owed: OwedRefund, refund: Refund): Promise<void> {
    const { orderId, paymentId } = owed;
    const command: PaymentCommand = {
      type: 'RecordRefund',
      data: { orderId, paymentId, refundId: refund.refundId, amountCents: refund.amountCents },
    };
    await this.deps.handler.handle(streamOf(TOPICS.orders, orderId, this.money), (state) => paymentDecider.decide(command, state), {
      actor: null,
    });
  }

  owedRefunds(): OwedRefund[] {
    return this.deps.payments.owedRefunds();
  }

  onOwed(listener: (() => void) | undefined): void {
    this.deps.payments.onOwed(listener);
  }

  /**
   * The order `uid` asks to pay, as the write model has it now: refused when there is no such order
   * (404), when it is another customer's (403), or when it no longer awaits payment (409). Read
   * outside the writer's turn: a page opened for an order cancelled meanwhile is paid into a refund.
   */
  payableOrder(uid: string, orderId: string): PayableOrder {
    const order = this.deps.orders.get(orderId);
    if (!order) throw new CommandRejected('not-found', messages.orderNotFound);
    if (order.userId !== uid) throw new CommandRejected('forbidden', messages.forbiddenOtherOrder);
    if (order.status !== 'pending') throw new CommandRejected('conflict', paymentMessages.notAwaitingPayment);
    return { orderId, totalCostCents: order.totalCostCents };
  }
}
