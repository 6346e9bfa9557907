import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { deadLetterMessages, type DeadLetterDryRunDto, type DeadLetterDto } from '@toolforge/contracts';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { signedInTestStore } from '../../test/testStore';
import { deadLetterCommands } from './commands';
import { DeadLetterActions } from './DeadLetterActions';

const letter: DeadLetterDto = {
  position: 'catalog.products/0/24',
  type: 'ProductAdded',
  error: 'new row for relation "products" violates check constraint (SQLSTATE 23514)',
  deadAt: '2026-11-28T15:00:00.000Z',
  event: { type: 'ProductAdded' },
};
const dryRun = (answer: Partial<DeadLetterDryRunDto>): DeadLetterDryRunDto => ({
  action: 'retry',
  position: letter.position,
  type: 'ProductAdded',
  event: { type: 'ProductAdded' },
  wouldApply: true,
  error: null,
  rows: [{ table: 'products', key: 'product_id = p-vise' }],
  ...answer,
});

async function actions(answers: Record<string, unknown>) {
  const server = fakeQueryServer(answers);
  const shop = await signedInTestStore({ admin: true });
  const user = userEvent.setup();
  render(
    <Provider store={shop.store}>
      <DeadLetterActions letter={letter} />
    </Provider>,
  );
  return { ...shop, server, user };
}

describe('a dead letter’s Retry… and Skip…', () => {
  it('shows the retry’s dry run, asks for a reason, then sends the retry with it and closes', async () => {
    const { user, commands } = await actions({
      '/operator/dead-letters/catalog.products/0/24/dry-run?action=retry': dryRun({}),
    });
    await user.click(screen.getByRole('button', { name: `Retry… ${letter.position}` }));
    const dialog = screen.getByRole('dialog', { name: `Retry the dead letter ${letter.position}` });
    await within(dialog).findByText(/The dry run went through/);
    expect(within(dialog).getByText('products: product_id = p-vise')).toBeDefined();

    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText(deadLetterMessages.reason)).toBeDefined();
    expect(commands.spyOf(deadLetterCommands.decide)).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Reason'), 'the check is fixed');
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(commands.spyOf(deadLetterCommands.decide)).toHaveBeenCalledWith(expect.any(String), 'retry', {
      topic: 'catalog.products',
      partition: 0,
      offset: 24,
      reason: 'the check is fixed',
    });
  });

  it('says a retry would be refused again, and Cancel closes without sending anything', async () => {
    const { user, commands } = await actions({
      '/operator/dead-letters/catalog.products/0/24/dry-run?action=retry': dryRun({
        wouldApply: false,
        error: 'still refused (SQLSTATE 23514)',
        rows: [],
      }),
    });
    await user.click(screen.getByRole('button', { name: `Retry… ${letter.position}` }));
    const dialog = screen.getByRole('dialog', { name: `Retry the dead letter ${letter.position}` });
    await within(dialog).findByText(/The dry run was refused/);
    expect(within(dialog).getByText('still refused (SQLSTATE 23514)')).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(commands.spyOf(deadLetterCommands.decide)).not.toHaveBeenCalled();
  });

  it('names what a skip leaves out, and sends the skip', async () => {
    const { user, commands } = await actions({
      '/operator/dead-letters/catalog.products/0/24/dry-run?action=skip': dryRun({ action: 'skip', rows: [] }),
    });
    await user.click(screen.getByRole('button', { name: `Skip… ${letter.position}` }));
    const dialog = screen.getByRole('dialog', { name: `Skip the dead letter ${letter.position}` });
    await within(dialog).findByText(/stays out of the read model/);
    await user.type(within(dialog).getByLabelText('Reason'), 'a test product');
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    await waitFor(() =>
      expect(commands.spyOf(deadLetterCommands.decide)).toHaveBeenCalledWith(
        expect.any(String),
        'skip',
        expect.objectContaining({ reason: 'a test product' }),
      ),
    );
  });
});
