import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { validOrderBody } from '../testing/bodies.js';
import { idempotencyKeySchema, orderQuantitySchema, placeOrderSchema, shippingFormSchema } from './order.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('order quantity (docs/architecture.md#9-the-products-rules)', () => {
  const schema = orderQuantitySchema({ minOrder: 5, stock: 40 });

  it('accepts minOrder through stock', () => {
    expect(schema.parse('5')).toBe(5);
    expect(schema.parse(40)).toBe(40);
  });

  it('names the minimum and the maximum', () => {
    expect(firstMessage(schema.safeParse('4'))).toBe('Minimum order quantity is 5');
    expect(firstMessage(schema.safeParse('41'))).toBe('Maximum order quantity is 40');
  });

  it('requires a whole number', () => {
    expect(firstMessage(schema.safeParse(''))).toBe(messages.required);
    expect(firstMessage(schema.safeParse('6.5'))).toBe(messages.wholeQuantity);
    expect(firstMessage(schema.safeParse('-6'))).toBe(messages.wholeQuantity);
  });
});

describe('shipping address', () => {
  it('is required and at most 500 chars', () => {
    expect(firstMessage(shippingFormSchema.safeParse({ shippingAddress: ' ' }))).toBe(messages.required);
    expect(firstMessage(shippingFormSchema.safeParse({ shippingAddress: 'a'.repeat(500) }))).toBeUndefined();
    expect(firstMessage(shippingFormSchema.safeParse({ shippingAddress: 'a'.repeat(501) }))).toBe('Max length 500 chars');
  });
});

describe('POST /order body', () => {
  const order = validOrderBody;

  it('accepts the spec’s order fields', () => {
    expect(placeOrderSchema.parse(order)).toMatchObject({ totalCost: '155', orderQuantity: 10, status: 'pending' });
  });

  it('fills status and payment when left out', () => {
    const { status: _status, payment: _payment, ...rest } = order;
    expect(placeOrderSchema.parse(rest)).toMatchObject({ status: 'pending', payment: false });
  });

  it('refuses a paid or non-pending new order', () => {
    expect(firstMessage(placeOrderSchema.safeParse({ ...order, status: 'shipped' }))).toBe(messages.newOrderStatus);
    expect(firstMessage(placeOrderSchema.safeParse({ ...order, payment: true }))).toBe(messages.newOrderPayment);
  });

  it('refuses a quantity that is not a whole number', () => {
    expect(firstMessage(placeOrderSchema.safeParse({ ...order, orderQuantity: -1 }))).toBe(messages.wholeQuantity);
    expect(firstMessage(placeOrderSchema.safeParse({ ...order, orderQuantity: '07' }))).toBe(messages.wholeQuantity);
    expect(firstMessage(placeOrderSchema.safeParse({ ...order, orderQuantity: 2.5 }))).toBe(messages.wholeQuantity);
  });

  it('reads the spec client’s values: a null user name, the quantity as text, a floating-point total', () => {
    expect(placeOrderSchema.parse({ ...order, userName: null, orderQuantity: '10', totalCost: 4725.000000000001 })).toMatchObject({
      userName: '',
      orderQuantity: 10,
      totalCost: '4725.000000000001',
    });
  });

  it('leaves 0 to the product’s minimum, as the order form does', () => {
    expect(placeOrderSchema.parse({ ...order, orderQuantity: 0 })).toMatchObject({ orderQuantity: 0 });
  });

  it('requires the address and refuses unknown fields', () => {
    expect(firstMessage(placeOrderSchema.safeParse({ ...order, shippingAddress: '' }))).toBe(messages.required);
    expect(placeOrderSchema.safeParse({ ...order, discount: 90 }).success).toBe(false);
  });
});

describe('Idempotency-Key', () => {
  it('is 1 to 200 visible characters', () => {
    expect(idempotencyKeySchema.safeParse('6f1c6a1e-8d7b-4b56-9c1f-2a0d9d7c1b11').success).toBe(true);
    expect(firstMessage(idempotencyKeySchema.safeParse(''))).toBe(messages.idempotencyKeyFormat);
    expect(firstMessage(idempotencyKeySchema.safeParse('a b'))).toBe(messages.idempotencyKeyFormat);
    expect(firstMessage(idempotencyKeySchema.safeParse('k'.repeat(201)))).toBe(messages.idempotencyKeyFormat);
  });
});
