import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseForm } from './formEncoding.js';
import type { LocalLedger } from './ledger.js';
import { PAGE_HEADERS, closedPage, missingPage, paymentPage, successUrl, type CardField, type PageProblem } from './paymentPage.js';
import { cardOutcome } from './testCards.js';

type WithSession = { Params: { sessionId: string } };

/** A form of three short fields: far more than it needs. */
const FORM_LIMIT_BYTES = 8 * 1024;

/**
 * The hosted payment page (docs/payments.md#test-cards): `GET /pay/:sessionId` shows an open
 * session's page; `POST` takes the card's fields as a plain HTML form (no JavaScript) and decides
 * by the test card: paid, 303 to the shop's success page (the webhooks follow on their own); declined,
 * the page again with the card's message, the session still open for another card; an incorrect
 * card or field, the page again, nothing happened. A paid or expired session takes no payment.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function hostedPageRoutes(app: FastifyInstance, deps: { ledger: LocalLedger }): Promise<void> {
  const { ledger } = deps;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );
  const page = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(html);

  app.get<WithSession>('/pay/:sessionId', (request, reply) => {
    const found = ledger.findSession(request.params.sessionId);
    if (!found) return page(reply, 404, missingPage());
    if (found.session.status !== 'open') return page(reply, 200, closedPage(found.session));
    return page(reply, 200, paymentPage(found.session, found.lineItems));
  });

  app.post<WithSession>('/pay/:sessionId', (request, reply) => {
    const found = ledger.findSession(request.params.sessionId);
    if (!found) return page(reply, 404, missingPage());
    if (found.session.status !== 'open') return page(reply, 409, closedPage(found.session));
    const form = parseForm(typeof request.body === 'string' ? request.body : '');
    const typed = (field: CardField) => {
      const value = Object.hasOwn(form, field) ? form[field] : undefined;
      return typeof value === 'string' ? value.slice(0, 100) : '';
    };
    const again = (problem: PageProblem, status = 400) => page(reply, status, paymentPage(found.session, found.lineItems, problem));
    const outcome = cardOutcome(typed('card'));
    if (outcome.kind === 'incorrect') return again({ message: outcome.message, field: 'card' });
    const problem = fieldProblem(typed('expiry'), typed('cvc'));
    if (problem) return again(problem);
    const attempt = ledger.pay(found.session.id, outcome);
    if (attempt.kind === 'paid') return reply.redirect(successUrl(attempt.session), 303);
    if (attempt.kind === 'declined') return again({ message: attempt.message, field: 'card' }, 402);
    return page(reply, 409, closedPage(attempt.session));
  });
}

/** Stripe's test mode takes any expiry date not yet past and any three or four digits as the CVC. */
function fieldProblem(expiry: string, cvc: string, now = new Date()): PageProblem | undefined {
  const date = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  const month = Number(date?.[1]);
  if (!date || month < 1 || month > 12) return { message: 'Your card’s expiration date is incomplete.', field: 'expiry' };
  const year = date[2]!.length === 2 ? 2000 + Number(date[2]) : Number(date[2]);
  if (year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1) {
    return { message: 'Your card’s expiration date is in the past.', field: 'expiry' };
  }
  if (!/^\s*\d{3,4}\s*$/.test(cvc)) return { message: 'Your card’s security code is incomplete.', field: 'cvc' };
  return undefined;
}
