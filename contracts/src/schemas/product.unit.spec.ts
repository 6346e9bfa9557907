import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { validProductForm } from '../testing/bodies.js';
import { pricingMessages } from '../catalog/pricing.js';
import { addProductSchema, updateProductSchema, type AddProductInput } from './product.js';

const valid: AddProductInput = validProductForm;

/** The message zod gives for one field when `patch` is applied to a valid product. */
function messageFor(patch: Record<string, unknown>): string | undefined {
  const result = addProductSchema.safeParse({ ...valid, ...patch });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('add product schema (docs/architecture.md#9-the-products-rules)', () => {
  it('accepts a valid product and normalises numbers', () => {
    const parsed = addProductSchema.parse({ ...valid, price: 24.5, stock: 120, minOrder: 2 });
    expect(parsed).toMatchObject({ price: '24.5', stock: 120, minOrder: 2, name: 'Claw Hammer 16 oz' });
  });

  it.each(['name', 'category', 'model', 'imageUrl', 'price', 'stock', 'minOrder', 'description'])('requires %s', (field) => {
    expect(messageFor({ [field]: undefined })).toBe(messages.required);
    expect(messageFor({ [field]: '' })).toBe(messages.required);
  });

  it('treats a blank name as missing', () => {
    expect(messageFor({ name: '   ' })).toBe(messages.required);
  });

  it('limits the name to 100 chars', () => {
    expect(messageFor({ name: 'x'.repeat(100) })).toBeUndefined();
    expect(messageFor({ name: 'x'.repeat(101) })).toBe('Max length is 100 chars');
  });

  it('limits the model to 50 chars', () => {
    expect(messageFor({ model: 'm'.repeat(50) })).toBeUndefined();
    expect(messageFor({ model: 'm'.repeat(51) })).toBe('Max length is 50 chars');
  });

  it('limits the image URL to 1500 chars and says 1500', () => {
    const url = (length: number) => `https://img.example/${'a'.repeat(length - 20)}`;
    expect(messageFor({ imageUrl: url(1500) })).toBeUndefined();
    expect(messageFor({ imageUrl: url(1501) })).toBe('Max length is 1500 chars');
  });

  it('takes only http(s) or root-relative image addresses', () => {
    expect(messageFor({ imageUrl: 'https://cdn.example/a.png' })).toBeUndefined();
    expect(messageFor({ imageUrl: 'javascript:alert(1)' })).toBe(messages.imageUrlFormat);
  });

  it('refuses protocol-relative addresses, which browsers load from another host', () => {
    expect(messageFor({ imageUrl: '/images/products/a.svg' })).toBeUndefined();
    expect(messageFor({ imageUrl: '//evil.example/a.png' })).toBe(messages.imageUrlFormat);
    expect(messageFor({ imageUrl: '/\\evil.example/a.png' })).toBe(messages.imageUrlFormat);
  });

  it('refuses a minimum order above the stock, on the minimum', () => {
    const result = addProductSchema.safeParse({ ...valid, stock: '5', minOrder: '6' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['minOrder'], message: messages.minOrderAboveStock });
    expect(messageFor({ stock: '6', minOrder: '6' })).toBeUndefined();
  });

  it.each(['0', '7', '24.5', '24.50', 1999])('accepts the price %j', (price) => {
    expect(messageFor({ price })).toBeUndefined();
  });

  it.each(['-1', '01', 'abc', '1.234', '1..2', -5])('refuses the price %j', (price) => {
    expect(messageFor({ price })).toBe('price should be positive integer or decimal number');
  });

  it('caps the price so totals stay exact', () => {
    expect(messageFor({ price: '9999999.99' })).toBeUndefined();
    expect(messageFor({ price: '10000000' })).toBe(messages.priceTooHigh);
  });

  it.each(['0', '-3', '03', '1.5', 'ten'])('refuses the stock %j', (stock) => {
    expect(messageFor({ stock })).toBe('Quantity should not be negative');
  });

  it.each(['0', '-1', '1.5'])('refuses the minimum order %j', (minOrder) => {
    expect(messageFor({ minOrder })).toBe('Minimum order quantity should not be negative');
  });

  it('caps stock and minimum order', () => {
    expect(messageFor({ stock: '999999' })).toBeUndefined();
    expect(messageFor({ stock: '1000000' })).toBe(messages.quantityTooHigh);
    expect(messageFor({ minOrder: '1000000' })).toBe(messages.quantityTooHigh);
  });

  it('wants a description of 30 to 500 chars', () => {
    expect(messageFor({ description: 'd'.repeat(29) })).toBe('Must be at least 30 chars. long');
    expect(messageFor({ description: 'd'.repeat(30) })).toBeUndefined();
    expect(messageFor({ description: 'd'.repeat(500) })).toBeUndefined();
    expect(messageFor({ description: 'd'.repeat(501) })).toBe('Should be less than 500 chars.');
  });

  it('takes only the three categories', () => {
    for (const category of ['hand-tool', 'machine-tool', 'power-tool']) {
      expect(messageFor({ category })).toBeUndefined();
    }
    expect(messageFor({ category: 'garden-tool' })).toBe(messages.category);
  });

  it('refuses unknown fields', () => {
    const result = addProductSchema.safeParse({ ...valid, admin: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});

describe('the quantity ladder and the pack size (catalog/pricing.ts)', () => {
  it('sells a product without them at its price, in units of one', () => {
    expect(addProductSchema.parse(valid)).toMatchObject({ priceTiers: [], packSize: 1 });
  });

  it('reads each step as text or number, keeping its price in cents', () => {
    const parsed = addProductSchema.parse({
      ...valid,
      price: '50',
      minOrder: '2',
      packSize: '2',
      priceTiers: [
        { minQuantity: '10', unitPrice: '42.00' },
        { minQuantity: 50, unitPrice: 38.5 },
      ],
    });
    expect(parsed).toMatchObject({
      packSize: 2,
      priceTiers: [
        { minQuantity: 10, unitPriceCents: 42_00 },
        { minQuantity: 50, unitPriceCents: 38_50 },
      ],
    });
  });

  it('shows a broken ladder under the field that breaks it', () => {
    const broken = addProductSchema.safeParse({
      ...valid,
      price: '50',
      minOrder: '2',
      priceTiers: [{ minQuantity: '10', unitPrice: '60' }],
    });
    expect(broken.error?.issues).toEqual([expect.objectContaining({ path: ['priceTiers'], message: pricingMessages.tiersFalling })]);
    const minimum = addProductSchema.safeParse({ ...valid, minOrder: '3', packSize: '2' });
    expect(minimum.error?.issues).toEqual([
      expect.objectContaining({ path: ['minOrder'], message: pricingMessages.minOrderPackMultiple(2) }),
    ]);
  });

  it.each([
    ['a pack of none', { packSize: '0' }, pricingMessages.packSize],
    ['a step of half a unit', { priceTiers: [{ minQuantity: '2.5', unitPrice: '1' }] }, pricingMessages.tierQuantity],
    ['a step at a negative price', { priceTiers: [{ minQuantity: '10', unitPrice: '-1' }] }, pricingMessages.tierPrice],
    ['a step with a field of its own', { priceTiers: [{ minQuantity: '10', unitPrice: '1', note: 'x' }] }, undefined],
    [
      'more than ten steps',
      { priceTiers: Array.from({ length: 11 }, (_, i) => ({ minQuantity: 10 + i, unitPrice: '1' })) },
      pricingMessages.tiersTooMany,
    ],
  ])('refuses %s', (_, patch, message) => {
    const result = addProductSchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    if (message) expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('leaves the ladder and the pack as they are when an edit does not name them', () => {
    const { stock: _stock, ...editForm } = valid;
    void _stock;
    const edit = updateProductSchema.parse(editForm);
    expect(edit.priceTiers).toBeUndefined();
    expect(edit.packSize).toBeUndefined();
    expect(updateProductSchema.parse({ ...editForm, packSize: '4', minOrder: '8' })).toMatchObject({ packSize: 4, minOrder: 8 });
  });
});
