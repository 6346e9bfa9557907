import type { Logger } from '@toolforge/platform';
import type { Delivery } from './ledger.js';
import { newId, unixSeconds, type StripeEvent, type WebhookEndpoint } from './objects.js';
import { signatureHeader } from './signature.js';

export interface WebhookSettings {
  /** The endpoints registered now (an endpoint deleted meanwhile gets no more attempts). */
  endpoints(): readonly WebhookEndpoint[];
  /** What every event is signed with: the provider's one signing secret. */
  secret: string;
  /** How long the late test card's webhooks wait. */
  lateMs: number;
  /** The waits before each retry of a failed delivery; after the last, the delivery is given up. */
  retryDelaysMs: readonly number[];
  logger: Logger;
}

/** Stripe waits at most this long for an endpoint's answer; so do we. */
const ANSWER_TIMEOUT_MS = 10_000;

/** The event of `type` about `object`, as of now (later changes to the object are not in it). */
interface Happened {
  readonly id: string;
  readonly created: number;
  readonly type: string;
  readonly object: object;
}

/**
 * Webhook delivery (docs/payments.md#webhooks): each event is POSTed as JSON to every endpoint that
 * subscribes to it, signed as Stripe signs (signature.ts). A delivery that fails (not 2xx, a
 * redirect, no answer) is tried again after each of `retryDelaysMs`, then given up and logged.
 * Deliveries never hold up the request that caused them: the hosted page redirects at once.
 */
export class WebhookDeliveries {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly closing = new AbortController();

  constructor(private readonly settings: WebhookSettings) {}

  publish(type: string, object: object, delivery: Delivery): void {
    const event: Happened = { id: newId('evt'), created: unixSeconds(), type, object: structuredClone(object) };
    const endpoints = this.settings.endpoints().filter((endpoint) => subscribes(endpoint, type));
    for (const endpoint of endpoints) {
      const first = () => this.attempt(event, endpoint.id, endpoints.length, 0);
      if (delivery === 'now') this.track(first());
      // The late card: the same event twice, both after the delay (a duplicate the shop applies once).
      else for (let copy = 0; copy < 2; copy++) this.later(this.settings.lateMs, first);
    }
  }

  /** Stops every delivery under way or waiting; none starts after. */
  async close(): Promise<void> {
    this.closing.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.inFlight);
  }

  private async attempt(event: Happened, endpointId: string, pending: number, attempt: number): Promise<void> {
    const endpoint = this.settings.endpoints().find((registered) => registered.id === endpointId);
    if (!endpoint || this.closing.signal.aborted) return;
    const body = JSON.stringify(asDelivered(event, endpoint, pending));
    let failure: string;
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader(body, this.settings.secret, unixSeconds()),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([this.closing.signal, AbortSignal.timeout(ANSWER_TIMEOUT_MS)]),
      });
      await response.body?.cancel();
      if (response.ok) return;
      failure = `answered ${response.status}`;
    } catch (error) {
      if (this.closing.signal.aborted) return;
      failure = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    }
    const details = { eventId: event.id, type: event.type, url: endpoint.url, attempt: attempt + 1, failure };
    const delay = this.settings.retryDelaysMs[attempt];
    if (delay === undefined) {
      this.settings.logger.error(details, 'webhook delivery given up');
      return;
    }
    this.settings.logger.warn({ ...details, retryInMs: delay }, 'webhook delivery failed; trying again');
    this.later(delay, () => this.attempt(event, endpointId, pending, attempt + 1));
  }

  private later(ms: number, run: () => Promise<void>): void {
    if (this.closing.signal.aborted) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(run());
    }, ms);
    this.timers.add(timer);
  }

  private track(delivery: Promise<void>): void {
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
  }
}

function subscribes(endpoint: WebhookEndpoint, type: string): boolean {
  return endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(type);
}

/** The event as this endpoint receives it: in the API version it was created with. */
function asDelivered(event: Happened, endpoint: WebhookEndpoint, pending: number): StripeEvent {
  return {
    id: event.id,
    object: 'event',
    api_version: endpoint.api_version,
    created: event.created,
    data: { object: event.object },
    livemode: false,
    pending_webhooks: pending,
    request: { id: null, idempotency_key: null },
    type: event.type,
  };
}
