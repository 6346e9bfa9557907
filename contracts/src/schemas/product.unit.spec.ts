import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { validProductForm } from '../testing/bodies.js';
import { addProductSchema, type AddProductInput } from './product.js';

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
