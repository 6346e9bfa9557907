import type { PlaceOrderInput, PlaceOrderResponse } from '@toolforge/contracts';
import { command } from '../../api/command';

/** The customer's order, placed once however often it is sent. */
export const orderCommands = {
  placeOrder: command<[body: PlaceOrderInput, idempotencyKey: string], PlaceOrderResponse>((body, idempotencyKey) => ({
    method: 'POST',
    path: '/order',
    body,
    idempotencyKey,
  })),
};
