import { createHmac } from 'node:crypto';

/**
 * Stripe's `Stripe-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with
 * the endpoint's signing secret, exactly as Stripe signs, so that `stripe.webhooks.constructEvent`
 * verifies it (and refuses it under another secret, or once it is older than its tolerance).
 */
export function signatureHeader(body: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
