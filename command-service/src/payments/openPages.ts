import type { StoredEvent } from '@toolforge/platform';
import type { WriteModelPart } from '../shared/writeModel.js';

/** Closes one of an order's hosted pages at the provider; its failures are the closer's to report. */
export type ClosePage = (sessionId: string, orderId: string) => void;

/**
 * The hosted pages opened for orders still awaiting payment, so that the shop closes them once an
 * order awaits none (docs/payments.md#how-a-payment-goes): it was cancelled (by its customer, an admin, or its
 * reservation running out), or it was paid on one of its pages, and the others must take no second
 * payment. Closed once the event that ends the wait is stored, never on its way: an append that
 * fails closes nothing. Kept in memory, for the orders with a page only: a page opened before a
 * restart is left to expire at the provider, and a payment made there finds its order no longer
 * awaiting one (PaymentNotApplied) and is refunded.
 */
export class OpenPages implements WriteModelPart {
  private readonly pages = new Map<string, Set<string>>();
  private close: ClosePage | undefined;

  /**
   * @param awaitsPayment whether an order still awaits its payment (pending), as the write model has it now
   */
  constructor(private readonly awaitsPayment: (orderId: string) => boolean) {}

  /** How pages are closed: set by the writer that serves card payments; without it, nothing is closed. */
  closeWith(close: ClosePage | undefined): void {
    this.close = close;
  }

  /** A page was opened for `orderId`; one opened after its order stopped awaiting payment is closed at once. */
  opened(orderId: string, sessionId: string): void {
    if (!this.awaitsPayment(orderId)) {
      this.close?.(sessionId, orderId);
      return;
    }
    const pages = this.pages.get(orderId) ?? new Set<string>();
    pages.add(sessionId);
    this.pages.set(orderId, pages);
  }

  /** The pages of orders still awaiting payment (for the tests and the operators' curiosity). */
  openFor(orderId: string): readonly string[] {
    return [...(this.pages.get(orderId) ?? [])];
  }

  // The order's state is the orders' part's: nothing to fold here.
  apply(): void {}

  stored(event: StoredEvent): void {
    if (event.type !== 'OrderCancelled' && event.type !== 'OrderPaid') return;
    const { orderId } = event.data as { orderId: string };
    const pages = this.pages.get(orderId);
    if (!pages) return;
    this.pages.delete(orderId);
    // The page it was paid on is complete already: the provider leaves it as it is.
    for (const sessionId of pages) this.close?.(sessionId, orderId);
  }

  clear(): void {
    this.pages.clear();
  }
}
