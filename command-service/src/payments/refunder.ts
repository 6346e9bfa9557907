import type { LogWriterStatus } from '@toolforge/platform';
import type { PaymentProvider } from '@toolforge/platform/payments';
import { CommandRejected } from '../shared/decider.js';
import type { Payments } from './payments.js';
import type { OwedRefund } from './paymentStates.js';

export interface RefunderDeps {
  payments: Pick<Payments, 'owedRefunds' | 'recordRefund' | 'onOwed'>;
  provider: Pick<PaymentProvider, 'refund'>;
  /** Whether this process is still the log's writer: one that is not must not decide anything. */
  writer?: LogWriterStatus;
  logger: { info(details: object, message: string): void; warn(details: object, message: string): void };
  /** The first wait after a pass that could not refund everything, doubled after each such pass up to `longestRetryMs`. */
  firstRetryMs?: number;
  longestRetryMs?: number;
}

export const FIRST_RETRY_MS = 1_000;
export const LONGEST_RETRY_MS = 60_000;

/** The provider's idempotency key of a payment's refund: asked again (a crash, a retry), the provider refunds nothing twice. */
export function refundKey(paymentId: string): string {
  return `refund-${paymentId}`;
}

/**
 * Sends back what the shop owes (the write model's owed refunds: payments not applied, and the card
 * payment of an order cancelled after it was paid) through the provider, and records each refund on
 * the order's stream (OrderRefunded, by the shop: actor null). Like the reservation sweeper it is a
 * process of the writer: it runs at start (what was owed when the service stopped, a crash between
 * a refund and its record included, which the refund's idempotency key makes safe), then whenever
 * a refund comes to be owed. A refund the provider could not make stays owed and is tried again,
 * later and later (up to a minute apart), never dropped.
 */
export class Refunder {
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private retryMs: number;

  constructor(private readonly deps: RefunderDeps) {
    this.retryMs = this.firstRetryMs;
  }

  /** Refunds what is owed now, then whenever more is. */
  start(): void {
    this.deps.payments.onOwed(() => this.kick());
    this.kick();
  }

  /** Stops; resolves once a pass under way has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.deps.payments.onOwed(undefined);
    clearTimeout(this.timer);
    await this.running;
  }

  /** A pass soon: now, or right after the one under way. */
  kick(): void {
    if (this.stopped || this.deps.writer?.writerLost) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.run().finally(() => (this.running = undefined));
  }

  /** Refunds every owed refund once; resolves to how many could not be refunded. */
  async refundOwed(): Promise<number> {
    let failed = 0;
    let refunded = 0;
    for (const owed of this.deps.payments.owedRefunds()) {
      if (this.stopped || this.deps.writer?.writerLost) break;
      try {
        await this.refundOne(owed);
        refunded += 1;
      } catch (error) {
        // No longer owed (refunded by a pass before, or its order's grounds moved): nothing is lost.
        if (error instanceof CommandRejected) continue;
        failed += 1;
        this.deps.logger.warn({ err: error, ...owed }, 'could not refund a payment the shop owes back; trying again later');
      }
    }
    if (refunded > 0) this.deps.logger.info({ refunded }, 'refunded payments the shop owed back');
    return failed;
  }

  private async refundOne(owed: OwedRefund): Promise<void> {
    const { orderId, paymentId, amountCents } = owed;
    const refund = await this.deps.provider.refund({ orderId, paymentId, amountCents, idempotencyKey: refundKey(paymentId) });
    await this.deps.payments.recordRefund(owed, refund);
  }

  private async run(): Promise<void> {
    let failed: number;
    do {
      this.again = false;
      failed = await this.refundOwed().catch((error: unknown) => {
        this.deps.logger.warn({ err: error }, 'the refunds’ pass failed');
        return 1;
      });
    } while (this.again && !this.stopped);
    if (failed === 0) {
      this.retryMs = this.firstRetryMs;
      return;
    }
    if (this.stopped || this.deps.writer?.writerLost) return;
    this.timer = setTimeout(() => this.kick(), this.retryMs);
    // A process with nothing else to do ends: the refunder never keeps it alive.
    this.timer.unref();
    this.retryMs = Math.min(this.retryMs * 2, this.deps.longestRetryMs ?? LONGEST_RETRY_MS);
  }

  private get firstRetryMs(): number {
    return this.deps.firstRetryMs ?? FIRST_RETRY_MS;
  }
}
