import { describe, expect, it } from 'vitest';
import { messages, type Acknowledgement, type ApiError } from '@toolforge/contracts';
import { tokenClaims } from '@toolforge/platform/testing';
import { useShop, validProduct } from '../test/harness.js';

describe('POST /addproduct, DELETE /deleteproduct/:id, POST /makeadmin', () => {
  const given = useShop();

  const addProduct = (body: object, token = given.admin.accessToken) =>
    given.shop.send({ method: 'POST', url: '/addproduct', token, payload: body });

  it('adds a product for an admin and acknowledges it with its id and position', async () => {
    const response = await addProduct(validProduct);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      acknowledged: true,
      productId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      position: expect.stringMatching(/^catalog\.products\/0\/\d+$/),
    });
  });

  it.each([
    [{ name: '' }, messages.required],
    [{ name: 'n'.repeat(101) }, 'Max length is 100 chars'],
    [{ model: undefined }, messages.required],
    [{ model: 'm'.repeat(51) }, 'Max length is 50 chars'],
    [{ imageUrl: '' }, messages.required],
    [{ imageUrl: `/${'i'.repeat(1500)}` }, 'Max length is 1500 chars'],
    [{ imageUrl: 'data:image/png;base64,AAAA' }, messages.imageUrlFormat],
    [{ price: '-1' }, 'price should be positive integer or decimal number'],
    [{ price: '012' }, 'price should be positive integer or decimal number'],
    [{ price: '10000000' }, messages.priceTooHigh],
    [{ stock: '-5' }, 'Quantity should not be negative'],
    [{ stock: '0' }, 'Quantity should not be negative'],
    [{ minOrder: '-1' }, 'Minimum order quantity should not be negative'],
    [{ description: 'too short' }, 'Must be at least 30 chars. long'],
    [{ description: 'd'.repeat(501) }, 'Should be less than 500 chars.'],
    [{ category: 'garden-tool' }, messages.category],
    [{ category: undefined }, messages.required],
  ])('refuses %j with “%s” and appends nothing', async (patch, message) => {
    const before = await given.shop.eventCount();
    const response = await addProduct({ ...validProduct, ...patch });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
    expect(await given.shop.eventCount()).toBe(before);
  });

  it('names every bad field for the form', async () => {
    const response = await addProduct({ ...validProduct, name: '', price: 'x' });
    expect(response.json<ApiError>().fields).toEqual({
      name: messages.required,
      price: 'price should be positive integer or decimal number',
    });
  });

  it('refuses unknown fields', async () => {
    const response = await addProduct({ ...validProduct, stockReserved: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toMatch(/Unrecognized key/);
  });

  it('deletes a product once; then it is unknown (404, not acknowledged)', async () => {
    const productId = await given.shop.addProduct(given.admin);
    const first = await given.shop.send({ method: 'DELETE', url: `/deleteproduct/${productId}`, token: given.admin.accessToken });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ acknowledged: true, position: expect.stringMatching(/^catalog\.products\/0\/\d+$/) });

    const before = await given.shop.eventCount();
    const again = await given.shop.send({ method: 'DELETE', url: `/deleteproduct/${productId}`, token: given.admin.accessToken });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ statusCode: 404, error: 'Not Found', message: messages.productNotFound });
    expect(again.json<Acknowledgement>().acknowledged).toBeUndefined();
    expect(await given.shop.eventCount()).toBe(before);
  });

  it('answers 404 for a product that never existed', async () => {
    const response = await given.shop.send({ method: 'DELETE', url: '/deleteproduct/no-such-product', token: given.admin.accessToken });
    expect(response.statusCode).toBe(404);
  });

  it('lets an admin grant admin by email, after which that account may manage products', async () => {
    const clerk = await given.shop.customer('Shop Clerk');
    expect((await addProduct(validProduct, clerk.accessToken)).statusCode).toBe(403);

    const grant = await given.shop.send({
      method: 'POST',
      url: '/makeadmin',
      token: given.admin.accessToken,
      payload: { email: clerk.email },
    });
    expect(grant.statusCode).toBe(200);
    expect(grant.json()).toEqual({ acknowledged: true, position: expect.stringMatching(/^identity\.users\/0\/\d+$/) });

    // The role is the log's word: the clerk's existing token works as an admin's at once.
    expect((await addProduct(validProduct, clerk.accessToken)).statusCode).toBe(200);
    // A new sign-in carries the claim for the web.
    const again = await given.shop.login(clerk);
    expect(tokenClaims(again.accessToken).admin).toBe(true);
  });

  it('refuses to grant admin twice, or to an unknown email', async () => {
    const twice = await given.shop.send({
      method: 'POST',
      url: '/makeadmin',
      token: given.admin.accessToken,
      payload: { email: given.admin.email },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ApiError>().message).toBe(messages.alreadyAdmin);
    const unknown = await given.shop.send({
      method: 'POST',
      url: '/makeadmin',
      token: given.admin.accessToken,
      payload: { email: 'nobody-here@toolforge.test' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiError>().message).toBe(messages.userNotFound);
  });

  it('validates the make-admin email', async () => {
    const response = await given.shop.send({ method: 'POST', url: '/makeadmin', token: given.admin.accessToken, payload: { email: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe('Enter a valid email address');
  });

  it('does not let a customer act as an admin', async () => {
    expect((await addProduct(validProduct, given.customer.accessToken)).statusCode).toBe(403);
  });
});
