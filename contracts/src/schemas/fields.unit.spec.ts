import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { validOrderBody, validProductForm } from '../testing/bodies.js';
import { loginSyncSchema, registerFormSchema } from './identity.js';
import { placeOrderSchema } from './order.js';
import { addProductSchema, productIdParamsSchema } from './product.js';
import { uidParamsSchema } from './query.js';
import { isPlainText } from './fields.js';

const NUL = '\u0000';
const RIGHT_TO_LEFT_OVERRIDE = '\u202E';

/** The message and the field of the first refusal. */
function firstRefusal(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  const issue = result.error?.issues[0];
  return issue && { field: issue.path.join('.'), message: issue.message };
}

describe('plain text', () => {
  it.each([
    ['NUL', NUL],
    ['escape', '\u001B[31m'],
    ['delete', '\u007F'],
    ['a C1 control', '\u0085'],
    ['a right-to-left override', RIGHT_TO_LEFT_OVERRIDE],
    ['a left-to-right isolate', '\u2066'],
    ['a zero-width space', '\u200B'],
    ['a byte-order mark', 'a\uFEFF'],
    ['a lone surrogate', '\uD800'],
  ])('refuses %s', (_what, text) => {
    expect(isPlainText(`Ada ${text} Smith`)).toBe(false);
    expect(isPlainText(`Ada ${text} Smith`, true)).toBe(false);
  });

  it('takes letters of every script, emoji and the joiners some scripts need', () => {
    for (const text of ['Zoë Ångström', 'Łódź', 'محمد', '山田太郎', 'क्‍ष', 'می‌خواهم', '👩‍🔧 Workshop']) {
      expect(isPlainText(text), text).toBe(true);
    }
  });

  it('takes line breaks and tabs only where a text may have several lines', () => {
    expect(isPlainText('1 Forge Lane\nSheffield')).toBe(false);
    expect(isPlainText('1 Forge Lane\r\nSheffield\tS1', true)).toBe(true);
  });
});

describe('the fields that carry text into events', () => {
  const order = validOrderBody;
  const product = validProductForm;

  it.each([
    ['shippingAddress', 'Shipping address must not contain control or invisible characters'],
    ['userName', 'User name must not contain control or invisible characters, tabs or line breaks'],
    ['productName', 'Product name must not contain control or invisible characters, tabs or line breaks'],
    ['productId', 'productId must not contain control or invisible characters, tabs or line breaks'],
    ['userId', 'userId must not contain control or invisible characters, tabs or line breaks'],
  ])('an order refuses NUL in %s, naming the field', (field, message) => {
    expect(firstRefusal(placeOrderSchema.safeParse({ ...order, [field]: `x${NUL}y` }))).toEqual({ field, message });
  });

  it('an order takes a shipping address on several lines', () => {
    expect(placeOrderSchema.parse({ ...order, shippingAddress: '1 Forge Lane\nSheffield' }).shippingAddress).toBe(
      '1 Forge Lane\nSheffield',
    );
  });

  it.each([
    ['name', 'Name must not contain control or invisible characters, tabs or line breaks'],
    ['model', 'Model must not contain control or invisible characters, tabs or line breaks'],
    ['imageUrl', 'Image URL must not contain control or invisible characters, tabs or line breaks'],
    ['description', 'Description must not contain control or invisible characters'],
  ])('a product refuses a right-to-left override in %s', (field, message) => {
    const patched = {
      ...product,
      [field]: `${product[field as 'name' | 'model' | 'imageUrl' | 'description']}${RIGHT_TO_LEFT_OVERRIDE}gpj.exe`,
    };
    expect(firstRefusal(addProductSchema.safeParse(patched))).toEqual({ field, message });
  });

  it('the sign-in sync refuses NUL in the name and in the email', () => {
    const login = { uid: 'u-1', name: 'Ada', email: 'ada@toolforge.test', loggedIn: true };
    expect(firstRefusal(loginSyncSchema.safeParse({ ...login, name: `Ada${NUL}` }))).toEqual({
      field: 'name',
      message: 'Name must not contain control or invisible characters, tabs or line breaks',
    });
    expect(firstRefusal(loginSyncSchema.safeParse({ ...login, email: `ada${NUL}@toolforge.test` }))).toEqual({
      field: 'email',
      message: messages.loginEmail,
    });
  });

  it('the register form refuses an invisible character in the full name', () => {
    const form = { fullName: `Ada${RIGHT_TO_LEFT_OVERRIDE}`, email: 'ada@toolforge.test', password: 'secret1', repassword: 'secret1' };
    expect(firstRefusal(registerFormSchema.safeParse(form))?.field).toBe('fullName');
  });

  it('ids in paths refuse control characters', () => {
    expect(uidParamsSchema.safeParse({ uid: `u${NUL}` }).success).toBe(false);
    expect(productIdParamsSchema.safeParse({ id: `p${NUL}` }).success).toBe(false);
    expect(uidParamsSchema.safeParse({ uid: 'Xa9ftGkq2cT0pVvN3sLwQm7Yb1E2' }).success).toBe(true);
  });
});
