import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { renderShop } from '../../test/renderShop';
import { signedInTestStore } from '../../test/testStore';

describe('my profile', () => {
  it('shows the name, email, role and sign-in method, and renames the user', async () => {
    fakeQueryServer({});
    const shop = await signedInTestStore();
    const { user } = renderShop('/userdashboard', { shop });

    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeTruthy();
    expect(screen.getByText('ada@toolforge.test')).toBeTruthy();
    expect(screen.getByText('Customer')).toBeTruthy();
    expect(screen.getByText('Email and password')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Initials of Ada' }).textContent).toBe('A');

    const name = screen.getByLabelText('Display name');
    await user.clear(name);
    await user.type(name, 'A');
    await user.tab();
    expect(await screen.findByText('Full name should be 2 to 50 chars long')).toBeTruthy();
    await user.type(name, 'da Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save name' }));

    expect(await screen.findByText('Your profile was updated')).toBeTruthy();
    expect(shop.identity.currentUser()!.displayName).toBe('Ada Lovelace');
    expect(screen.getAllByText('Ada Lovelace').length).toBeGreaterThan(0);
  });

  it('lists My Profile, My Orders (for this uid) and Add Review', async () => {
    fakeQueryServer({ '/orders/u-7': [] });
    const { user } = renderShop('/userdashboard/profile', { shop: await signedInTestStore() });
    const side = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(side.textContent).toBe('My ProfileMy OrdersAdd Review');
    await user.click(screen.getByRole('link', { name: 'My Orders' }));
    expect(await screen.findByText(/You have no orders yet/)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Add Review' }));
    expect(await screen.findByRole('heading', { name: 'Add Review' })).toBeTruthy();
  });
});
