import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga } from 'redux-saga';
import { describe, expect, it, vi } from 'vitest';
import type { Acknowledgement, AddProductResponse } from '@toolforge/contracts';
import type { ShopDeps } from '../app/deps';
import { positionRecorded } from './readAfterSlice';
import { toastShown } from '../components/toasts/toastSlice';
import { CommandRefused, type Answer } from './commandClient';
import { sendCommand, type CommandFlow } from './commandFlow';
import { shopApi } from './shopApi';

const started = { type: 'test/started' };
const ended = { type: 'test/ended' };
const added = (productId: string) => ({ type: 'test/added', payload: productId });
const failed = (message: string, fields?: Record<string, string>) => ({ type: 'test/failed', payload: { message, fields } });

const acknowledgedAnswer: AddProductResponse = { acknowledged: true, position: 'catalog.products/0/7', productId: 'p-7' };

/** The flow of an add-product-like command, every step given, answering `answer`. */
function flowAnswering(answer: () => Promise<Answer<AddProductResponse>>): CommandFlow<AddProductResponse> {
  return {
    started,
    send: vi.fn(answer),
    invalidates: ['Product'],
    acknowledged: (acknowledged) => [added(acknowledged.productId)],
    successText: (acknowledged) => `${acknowledged.productId} was added`,
    navigateTo: (acknowledged) => `/product/${acknowledged.productId}`,
    notAcknowledged: 'Not added',
    failed: (message, refusal) => [failed(message, refusal?.fields)],
    ended,
  };
}

/** Runs the flow against a state whose user holds `api-token`, recording every action it puts. */
async function run<T extends Acknowledgement>(flow: CommandFlow<T>) {
  const dispatched: UnknownAction[] = [];
  const navigate = vi.fn<ShopDeps['navigate']>();
  const navigateAway = vi.fn<ShopDeps['navigateAway']>();
  const deps = { navigate, navigateAway } as Partial<ShopDeps> as ShopDeps;
  const state = { auth: { session: { accessToken: 'api-token' } } };
  const holds = await runSaga(
    { dispatch: (action: UnknownAction) => dispatched.push(action), getState: () => state },
    sendCommand<T>,
    deps,
    flow,
  ).toPromise<boolean>();
  // Toasts carry a random id: compare them by kind and text.
  const actions = dispatched.map((action) =>
    action.type === toastShown.type ? { ...action, payload: { ...(action.payload as object), id: 'toast' } } : action,
  );
  return { holds, actions, navigate, navigateAway };
}

const toast = (kind: 'success' | 'error', text: string) => ({ ...toastShown({ kind, text }), payload: { id: 'toast', kind, text } });

describe('sendCommand: one way for every command of the web app', () => {
  it('acknowledged: pending, the call with the API token, the position, the reads again, the feature, a toast, then where to go', async () => {
    const flow = flowAnswering(() => Promise.resolve(acknowledgedAnswer));

    const { holds, actions, navigate } = await run(flow);

    expect(holds).toBe(true);
    expect(flow.send).toHaveBeenCalledWith('api-token');
    expect(actions).toEqual([
      started,
      positionRecorded('catalog.products/0/7'),
      shopApi.util.invalidateTags(['Product']),
      added('p-7'),
      toast('success', 'p-7 was added'),
      ended,
    ]);
    expect(navigate).toHaveBeenCalledWith('/product/p-7');
  });

  it('acknowledged without a position (an edit that changed nothing): no position kept and nothing read again', async () => {
    const flow = flowAnswering(() => Promise.resolve({ acknowledged: true, productId: 'p-7' } as Answer<AddProductResponse>));

    const { holds, actions } = await run(flow);

    expect(holds).toBe(true);
    expect(actions).toEqual([started, added('p-7'), toast('success', 'p-7 was added'), ended]);
  });

  it('not acknowledged: the flow says its own message, keeps no position and goes nowhere', async () => {
    const { holds, actions, navigate } = await run(flowAnswering(() => Promise.resolve({ acknowledged: false } as never)));

    expect(holds).toBe(false);
    expect(actions).toEqual([started, failed('Not added'), ended]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("refused: the server's message and its field messages; never answered: the error's own text", async () => {
    const refused = await run(
      flowAnswering(() => Promise.reject(new CommandRefused('Max length is 100 chars', 400, { name: 'Max length is 100 chars' }))),
    );
    expect(refused.holds).toBe(false);
    expect(refused.actions).toEqual([started, failed('Max length is 100 chars', { name: 'Max length is 100 chars' }), ended]);

    const lost = await run(flowAnswering(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(lost.actions).toEqual([started, failed('Failed to fetch'), ended]);
  });

  it('a refusal the flow counts as already done holds, without a failure or a position', async () => {
    const flow: CommandFlow<Acknowledgement> = {
      send: () => Promise.reject(new CommandRefused('Your session has ended', 401)),
      notAcknowledged: 'Not closed',
      failed: (message) => [failed(message)],
      alreadyDone: (refusal) => refusal.statusCode === 401,
    };

    const { holds, actions } = await run(flow);

    expect(holds).toBe(true);
    expect(actions).toEqual([]);
  });

  it('leaves the shop last for the address the flow gives, after going where it says in the shop; null stays', async () => {
    const order = { ...flowAnswering(() => Promise.resolve(acknowledgedAnswer)), leaveFor: () => 'https://pay.example/cs_1' };
    const leaving = await run(order);
    expect(leaving.navigate).toHaveBeenCalledWith('/product/p-7');
    expect(leaving.navigateAway).toHaveBeenCalledWith('https://pay.example/cs_1');
    expect(leaving.navigate.mock.invocationCallOrder[0]).toBeLessThan(leaving.navigateAway.mock.invocationCallOrder[0]!);

    const staying = await run({ ...order, leaveFor: () => null });
    expect(staying.navigate).toHaveBeenCalledTimes(1);
    expect(staying.navigateAway).not.toHaveBeenCalled();

    const refused = await run({ ...order, send: () => Promise.reject(new CommandRefused('No', 409)) });
    expect(refused.navigateAway).not.toHaveBeenCalled();
  });

  it('sends the bearer the flow gives instead of the API token (the login sync sends the ID token)', async () => {
    const flow = { ...flowAnswering(() => Promise.resolve(acknowledgedAnswer)), bearer: () => Promise.resolve('id-token') };

    await run(flow);

    expect(flow.send).toHaveBeenCalledWith('id-token');
  });
});
