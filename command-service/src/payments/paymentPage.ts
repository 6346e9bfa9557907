import type { FastifyRequest } from 'fastify';
import { paymentMessages, type PaymentStart } from '@toolforge/contracts';
import type { PaymentSettings } from '@toolforge/platform';
import { HttpError } from '@toolforge/platform/http';
import { PaymentProviderUnavailable, type PaymentProvider, type PaymentRequest } from '@toolforge/platform/payments';
import type { OrderState } from '../orders/order.js';
import type { OpenPages } from './openPages.js';

/** Card payments as the host hands them to the command side; absent: no card payments, orders are paid offline. */
export interface CardPayments {
  readonly provider: PaymentProvider;
  readonly settings: PaymentSettings;
  /** WEB_ORIGINS: where a customer's browser may call from, and so where the provider may send them back to. */
  readonly webOrigins: readonly string[];
}

/** An order to pay: its id and its total. */
export interface OrderToPay {
  readonly orderId: string;
  readonly totalCostCents: number;
}

/** Where in the web shop the provider sends the customer back: My Orders, which shows the order paid, or payable again. */
export const RETURN_PATH = '/myorders';

/**
 * What the provider's hosted page is opened with for `order`. The customer comes back to the shop:
 * SHOP_URL, else the web origin their browser called from, else the first web origin; never just any
 * Origin a request names, or the shop would send its customers wherever a forged request said.
 */
export function paymentRequestOf(
  payments: CardPayments,
  order: OrderToPay,
  request: FastifyRequest,
  idempotencyKey?: string,
): PaymentRequest {
  const shop = shopAddress(payments, request.headers.origin);
  const { orderId, totalCostCents } = order;
  return {
    orderId,
    amountCents: totalCostCents,
    currency: payments.settings.currency,
    description: `ToolForge order ${orderId.slice(0, 8)}`,
    customerEmail: request.user.email || undefined,
    successUrl: `${shop}${RETURN_PATH}?paid=${encodeURIComponent(orderId)}`,
    cancelUrl: `${shop}${RETURN_PATH}`,
    idempotencyKey,
  };
}

/**
 * Opens the provider's hosted pages where customers pay their orders, at the total the write model
 * holds of each (the shop's, never what a client said).
 */
export class PaymentPages {
  constructor(
    private readonly payments: CardPayments | undefined,
    private readonly orders: { get(orderId: string): OrderState | undefined },
    /** Where each page opened is noted, to be closed once its order no longer awaits payment. */
    private readonly openPages: Pick<OpenPages, 'opened'>,
  ) {}

  /**
   * The page of an order just placed, opened once the order is acknowledged (never in the writer's
   * turn: the provider's time is no command's). Under `page-<orderId>`, so a retried order or
   * checkout answers the same page. Null when payments are off or the provider fails: the order
   * stands, and My Orders opens a page later (POST /orders/:id/pay).
   */
  async forPlacedOrder(orderId: string, request: FastifyRequest): Promise<PaymentStart | null> {
    const order = this.orders.get(orderId);
    if (!this.payments || !order) return null;
    try {
      const page = await this.payments.provider.startPayment(
        paymentRequestOf(this.payments, { orderId, totalCostCents: order.totalCostCents }, request, `page-${orderId}`),
      );
      this.openPages.opened(orderId, page.sessionId);
      return { url: page.url };
    } catch (error) {
      request.log.warn({ err: error, orderId }, 'could not open a payment page for the order; it stands, payable later');
      return null;
    }
  }

  /** A new page for an order a customer pays again; 503 when payments are off or the provider fails. */
  async anotherFor(order: OrderToPay, request: FastifyRequest): Promise<PaymentStart> {
    if (!this.payments) throw new HttpError(503, paymentMessages.providerUnavailable);
    try {
      const page = await this.payments.provider.startPayment(paymentRequestOf(this.payments, order, request));
      this.openPages.opened(order.orderId, page.sessionId);
      return { url: page.url };
    } catch (error) {
      const log = error instanceof PaymentProviderUnavailable ? request.log.warn : request.log.error;
      log.call(request.log, { err: error, orderId: order.orderId }, 'could not open a payment page');
      throw new HttpError(503, paymentMessages.providerUnavailable);
    }
  }
}

function shopAddress({ settings, webOrigins }: CardPayments, origin: string | undefined): string {
  if (settings.shopUrl) return settings.shopUrl;
  if (origin !== undefined && webOrigins.includes(origin)) return origin;
  const first = webOrigins[0];
  if (first === undefined) throw new Error('neither SHOP_URL nor WEB_ORIGINS says where the web shop is');
  return first;
}
