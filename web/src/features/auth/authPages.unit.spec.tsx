import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@toolforge/contracts';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { renderShop } from '../../test/renderShop';

describe('login page', () => {
  it('shows the spec’s messages on blur', async () => {
    const { user } = renderShop('/login');
    await user.type(await screen.findByLabelText('Email'), 'ada@forge');
    await user.tab();
    expect(await screen.findByText('Enter a valid email')).toBeTruthy();

    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.tab();
    expect(await screen.findByText('Password should be at least 6 chars long')).toBeTruthy();
  });

  it("shows the identity provider's message under the form", async () => {
    const shop = renderShop('/login');
    shop.identity.addAccount('ada@toolforge.test', 'secret1');
    await shop.user.type(await screen.findByLabelText('Email'), 'ada@toolforge.test');
    await shop.user.type(screen.getByLabelText('Password'), 'wrong12');
    await shop.user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Firebase: Error (auth/invalid-credential).')).toBeTruthy();
    expect(shop.commands.login).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor of a protected page to /login and back there after login', async () => {
    fakeQueryServer({ '/productscount': { count: 0 }, '/products?page=0&size=10': [] });
    const shop = renderShop('/allproducts');
    shop.identity.addAccount('ada@toolforge.test', 'secret1', { displayName: 'Ada Smith' });

    await shop.user.type(await screen.findByLabelText('Email'), 'ada@toolforge.test');
    expect(shop.router.state.location.pathname).toBe('/login');
    await shop.user.type(screen.getByLabelText('Password'), 'secret1');
    await shop.user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'All Products' })).toBeTruthy();
    expect(shop.router.state.location.pathname).toBe('/allproducts');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/userdashboard');
    expect(screen.getByText('Ada Smith')).toBeTruthy();
  });
});

describe('register page', () => {
  it("says password didn't match and creates no account", async () => {
    const shop = renderShop('/register');
    await shop.user.type(await screen.findByLabelText('Full name'), 'Grace Lee');
    await shop.user.type(screen.getByLabelText('Email'), 'grace@toolforge.test');
    await shop.user.type(screen.getByLabelText('Password'), 'secret1');
    await shop.user.type(screen.getByLabelText('Repeat password'), 'secret2');
    await shop.user.tab();

    expect(await screen.findByText("password didn't match")).toBeTruthy();
    await shop.user.click(screen.getByRole('button', { name: 'Register' }));
    expect(shop.identity.steps).toEqual([]);
  });

  it('wants a full name of 2 to 50 chars and a valid email address', async () => {
    const { user } = renderShop('/register');
    await user.type(await screen.findByLabelText('Full name'), 'G');
    await user.tab();
    expect(await screen.findByText(messages.fullName)).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'grace');
    await user.tab();
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
  });
});

describe('reset password page', () => {
  it("checks the email and toasts 'Sending password reset link to your email'", async () => {
    const shop = renderShop('/resetpassword');
    shop.identity.addAccount('ada@toolforge.test', 'secret1');
    await shop.user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();

    await shop.user.type(screen.getByLabelText('Email'), 'ada@toolforge.test');
    await shop.user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(messages.resetLinkSent)).toBeTruthy();
    await waitFor(() => expect(shop.identity.sentResets).toEqual(['ada@toolforge.test']));
  });
});
