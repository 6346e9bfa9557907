import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventLog } from '@toolforge/platform';
import { FORMER_CUSTOMER, PRIVACY_PATHS, RECENT_SIGN_IN_SECONDS, messages, type ShopEvent } from '@toolforge/contracts';
import type { ForgetCustomer } from '@toolforge/platform/operatorSocket';
import { readEvents, signIn } from '@toolforge/platform/testing';
import { startCommandService, type CommandHarness, type SignedIn } from '../test/harness.js';

/** A log for one suite's command service, and what to do when the suite ends. */
export interface SuiteLog {
  readonly log?: EventLog;
  close(): Promise<void>;
}

/**
 * The right to erasure on the command side (docs/privacy.md#erasure), on each log: the customer's
 * personal values are sealed in the log, the erasure is refused while an order is open, asks for a
 * recent sign-in, destroys the key (the log then reads them as forgotten), and the account signs in
 * no more. `openLog` gives the log (none: an in-memory embedded one of the harness's own).
 */
export function erasureSuite(label: string, openLog: () => Promise<SuiteLog>): void {
  describe(`erasing a customer (${label})`, () => {
    let shop: CommandHarness;
    let admin: SignedIn;
    let ada: SignedIn;
    let bob: SignedIn;
    let productId: string;
    let forget: ForgetCustomer | undefined;
    /** How far ahead of the real clock the command service's runs (a sign-in made to look old). */
    let ahead = 0;
    const ADDRESS = '12 Forge Lane, Sheffield S1 2AB';

    let suiteLog: SuiteLog;

    beforeAll(async () => {
      suiteLog = await openLog();
      shop = await startCommandService({
        log: suiteLog.log,
        withKeyStore: true,
        clock: () => new Date(Date.now() + ahead),
        onErasure: (handed) => (forget = handed),
      });
      admin = await shop.admin();
      ada = await shop.customer('Ada Lovelace');
      bob = await shop.customer('Bob Smith');
      productId = await shop.addProduct(admin);
    });
    afterAll(async () => {
      await shop.close();
      await suiteLog.close();
    });

    const erase = (who: SignedIn, idToken: string) =>
      shop.send({ method: 'POST', url: PRIVACY_PATHS.erase, token: who.accessToken, payload: { idToken } });
    const order = async (who: SignedIn) =>
      shop.send({
        method: 'POST',
        url: '/order',
        token: who.accessToken,
        payload: {
          productId,
          userId: who.uid,
          userName: who.displayName,
          productName: 'Cordless Drill 18V',
          totalCost: 102.5,
          status: 'pending',
          payment: false,
          shippingAddress: ADDRESS,
          orderQuantity: 5,
        },
      });
    const storedText = async () => JSON.stringify(await readEvents(shop.storedLog, { asWritten: true }));

    it('keeps every personal value out of the log as stored, and reads it back in clear', async () => {
      const placed = await order(ada);
      expect(placed.statusCode, placed.body).toBe(200);
      const stored = await storedText();
      for (const clear of [ada.email, 'Ada Lovelace', 'Forge Lane']) expect(stored).not.toContain(clear);
      const read = (await readEvents(shop.log)).find((event) => event.type === 'OrderPlaced');
      expect(read?.data).toMatchObject({ userId: ada.uid, userName: 'Ada Lovelace', shippingAddress: ADDRESS });
    });

    it('is refused while an order is neither delivered nor cancelled, and without a recent sign-in of the same account', async () => {
      const before = await shop.eventCount();
      const open = await erase(ada, await signIn(ada.email, ada.password));
      expect(open.statusCode).toBe(409);
      expect(open.json()).toMatchObject({ message: messages.eraseWithOpenOrders });
      const [orderId] = (await readEvents(shop.log)).filter((event) => event.type === 'OrderPlaced').map((event) => event.streamId);
      const cancelled = await shop.send({
        method: 'POST',
        url: `/orders/${orderId}/cancel`,
        token: ada.accessToken,
        payload: { reason: 'Ordered twice, sorry — Ada' },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);

      const fresh = await signIn(ada.email, ada.password);
      ahead = (RECENT_SIGN_IN_SECONDS + 60) * 1000;
      const stale = await erase(ada, fresh);
      ahead = 0;
      expect(stale.statusCode).toBe(403);
      expect(stale.json()).toMatchObject({ message: messages.eraseNeedsRecentSignIn });
      const someoneElses = await erase(ada, await signIn(bob.email, bob.password));
      expect(someoneElses.statusCode).toBe(403);
      expect(someoneElses.json()).toMatchObject({ message: messages.forbiddenOtherUser });
      const forged = await erase(ada, 'not-an-id-token');
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toMatchObject({ message: messages.eraseNeedsRecentSignIn });
      const unsigned = await shop.send({ method: 'POST', url: PRIVACY_PATHS.erase, payload: { idToken: fresh } });
      expect(unsigned.statusCode).toBe(401);
      const malformed = await shop.send({
        method: 'POST',
        url: PRIVACY_PATHS.erase,
        token: ada.accessToken,
        payload: { idToken: fresh, uid: bob.uid },
      });
      expect(malformed.statusCode).toBe(400);
      // Nothing was appended for the refusals but the cancellation.
      expect(await shop.eventCount()).toBe(before + 1);
    });

    it('destroys the key: the log reads the customer as forgotten, the others as they were; the account signs in no more', async () => {
      const bobsOrder = await order(bob);
      expect(bobsOrder.statusCode).toBe(200);
      const erased = await erase(ada, await signIn(ada.email, ada.password));
      expect(erased.statusCode, erased.body).toBe(200);
      expect(erased.json()).toMatchObject({ acknowledged: true, position: expect.stringMatching(/^identity\.users\//) });

      const events = await readEvents(shop.log);
      const forgotten = events.find((event) => event.type === 'CustomerForgotten');
      expect(forgotten?.data).toEqual({ uid: ada.uid, by: 'customer' });
      expect(forgotten?.meta.actor).toBe(ada.uid);
      const adas = events.filter((event) => JSON.stringify(event.data).includes(ada.uid));
      const text = JSON.stringify(adas);
      for (const clear of [ada.email, 'Ada Lovelace', 'Forge Lane', 'Ordered twice']) expect(text).not.toContain(clear);
      const placed = adas.find(
        (event): event is Extract<ShopEvent, { type: 'OrderPlaced' }> & typeof event => event.type === 'OrderPlaced',
      );
      // What the audit needs is still there, in clear.
      expect(placed?.data).toMatchObject({ userId: ada.uid, userName: FORMER_CUSTOMER, shippingAddress: '', totalCostCents: 10250 });
      expect(adas.find((event) => event.type === 'UserSignedIn')?.data).toMatchObject({ uid: ada.uid, email: '', name: FORMER_CUSTOMER });
      expect(
        events.find((event) => event.type === 'OrderPlaced' && event.streamId === bobsOrder.json<{ orderId: string }>().orderId)?.data,
      ).toMatchObject({ userName: 'Bob Smith', shippingAddress: ADDRESS });

      // Disabled at the identity provider: its ID token no longer verifies, and its API token was ended with its sessions.
      const again = await shop.postLogin({
        token: ada.idToken,
        payload: { uid: ada.uid, name: ada.displayName, email: ada.email, loggedIn: true },
      });
      expect(again.statusCode).toBe(401);
      expect(
        (await shop.send({ method: 'POST', url: '/logout', token: ada.accessToken, payload: { uid: ada.uid, loggedIn: false } }))
          .statusCode,
      ).toBe(401);
    });

    it('is the operator’s too: an account erased already appends nothing, one the log never knew is 404', async () => {
      expect(forget).toBeDefined();
      const before = await shop.eventCount();
      await expect(forget!({ uid: ada.uid, operator: 'root' })).resolves.toEqual({ uid: ada.uid, actor: 'operator:root', position: null });
      expect(await shop.eventCount()).toBe(before);
      await expect(forget!({ uid: 'no-such-uid', operator: 'root' })).rejects.toMatchObject({
        statusCode: 404,
        message: messages.accountNotFound,
      });
      const bobsOpen = forget!({ uid: bob.uid, operator: 'root' });
      await expect(bobsOpen).rejects.toMatchObject({ statusCode: 409, message: messages.eraseWithOpenOrders });
    });
  });
}
