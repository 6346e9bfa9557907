import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EVENT_DATA_SCHEMAS } from './eventSchemas.js';
import { TOPIC_OF_EVENT } from './events.js';
import { PERSONAL_DATA, dataKeyOf, forgottenData, forgottenValue, mapPersonalData, withoutPersonalData } from './personalData.js';
import { FORMER_CUSTOMER } from './privacy/privacy.js';

/** The schema of the field at `path` of a data schema, or undefined when it has no such field (nullable and optional blocks entered). */
function fieldSchema(schema: z.ZodType, path: readonly string[]): z.ZodType | undefined {
  let node: z.ZodType | undefined = schema;
  for (const key of path) {
    while (node instanceof z.ZodNullable || node instanceof z.ZodOptional) node = node.unwrap() as z.ZodType;
    if (!(node instanceof z.ZodObject)) return undefined;
    node = (node.shape as Record<string, z.ZodType>)[key];
  }
  return node;
}

describe('the declaration of the events’ personal data', () => {
  it('has an entry for every event type of the shop, and none for a type it does not have', () => {
    expect(Object.keys(PERSONAL_DATA).sort()).toEqual(Object.keys(TOPIC_OF_EVENT).sort());
  });

  it('names fields each event’s data schema has, each once', () => {
    for (const [type, paths] of Object.entries(PERSONAL_DATA)) {
      expect(new Set(paths).size, type).toBe(paths.length);
      const schema = EVENT_DATA_SCHEMAS[type as keyof typeof EVENT_DATA_SCHEMAS] as z.ZodType;
      for (const path of paths) expect(fieldSchema(schema, path.split('.')), `${type} ${path}`).toBeDefined();
    }
  });

  it('maps the personal values by their paths and leaves the data given as it was; a field the data lacks stays absent', () => {
    const buyer = { userId: 'u-ada', name: 'Ada Lovelace', address: '12 Forge Lane' };
    const data = { orderId: 'o-1', buyer };
    const seen: string[] = [];
    const mapped = mapPersonalData('InvoiceIssued', data, (value, path) => {
      seen.push(path);
      return `sealed(${String(value)})`;
    });
    expect(mapped).toEqual({ orderId: 'o-1', buyer: { userId: 'u-ada', name: 'sealed(Ada Lovelace)', address: 'sealed(12 Forge Lane)' } });
    expect(seen).toEqual(['buyer.name', 'buyer.address']);
    expect(data.buyer).toBe(buyer);
    expect(buyer.name).toBe('Ada Lovelace');
    expect(withoutPersonalData('UserSignedIn', { uid: 'u-ada', email: 'ada@example.com' })).toEqual({ uid: 'u-ada', email: null });
  });

  it('keeps nothing of a type it does not know, and says so when asked to map one', () => {
    expect(withoutPersonalData('ShipmentTracked', { orderId: 'o-1', recipient: 'Ada Lovelace' })).toBeNull();
    expect(() => mapPersonalData('ShipmentTracked', {}, () => null)).toThrow(/ShipmentTracked: no such event type/);
  });

  it('names, for every event type with personal values, the customer whose key seals them', () => {
    for (const [type, paths] of Object.entries(PERSONAL_DATA)) {
      if (paths.length === 0) continue;
      const schema = EVENT_DATA_SCHEMAS[type as keyof typeof EVENT_DATA_SCHEMAS] as z.ZodType;
      const owners = [['uid'], ['userId'], ['buyer', 'userId']].filter((path) => fieldSchema(schema, path) !== undefined);
      expect(owners.length, `${type} names its customer`).toBeGreaterThan(0);
    }
    expect(dataKeyOf('OrderPlaced', { orderId: 'o-1', userId: 'u-ada', userName: 'Ada' })).toEqual({ uid: 'u-ada', purpose: 'personal' });
    expect(dataKeyOf('UserSignedIn', { uid: 'u-ada', email: 'ada@example.com' })).toEqual({ uid: 'u-ada', purpose: 'personal' });
    expect(dataKeyOf('InvoiceIssued', { buyer: { userId: 'u-ada', name: 'Ada' } })).toEqual({ uid: 'u-ada', purpose: 'invoices' });
    expect(dataKeyOf('CreditNoteIssued', { buyer: { userId: 'u-ada', name: 'Ada' } })).toEqual({ uid: 'u-ada', purpose: 'invoices' });
    // Nothing to seal: no key named.
    expect(dataKeyOf('OrderPaid', { orderId: 'o-1', userId: 'u-ada' })).toBeUndefined();
    expect(dataKeyOf('CustomerForgotten', { uid: 'u-ada', by: 'customer' })).toBeUndefined();
    expect(dataKeyOf('ShipmentTracked', { userId: 'u-ada' })).toBeUndefined();
  });

  it('reads an erased name as a former customer’s, a photo as none, and anything else as empty', () => {
    expect(forgottenValue('userName')).toBe(FORMER_CUSTOMER);
    expect(forgottenValue('buyer.name')).toBe(FORMER_CUSTOMER);
    expect(forgottenValue('name')).toBe(FORMER_CUSTOMER);
    expect(forgottenValue('photoURL')).toBeNull();
    expect(forgottenValue('email')).toBe('');
    expect(forgottenValue('shippingAddress')).toBe('');
    expect(forgottenValue('buyer.address')).toBe('');
    expect(forgottenValue('text')).toBe('');
  });

  it('reads an event’s data once forgotten: each personal value as forgottenValue, the rest as it was', () => {
    const data = { reviewId: 'r-1', productId: 'p-1', userId: 'u-ada', userName: 'Ada', rating: 4, text: 'Mine.' };
    expect(forgottenData('ReviewPosted', data)).toEqual({ ...data, userName: FORMER_CUSTOMER, text: '' });
    expect(data.userName).toBe('Ada');
    const buyer = { userId: 'u-ada', name: 'Ada', address: '1 Row' };
    expect(forgottenData('InvoiceIssued', { invoiceNumber: 'INV-1', buyer })).toEqual({
      invoiceNumber: 'INV-1',
      buyer: { userId: 'u-ada', name: FORMER_CUSTOMER, address: '' },
    });
  });
});
