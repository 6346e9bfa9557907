import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './FormDialog';

describe('a form dialog', () => {
  it('keeps the focus in its field while a button is pressed, so the blur’s error line cannot move the button away', () => {
    const onClose = vi.fn();
    render(
      <FormDialog title="Skip the letter" submitLabel="Skip" onSubmit={(event) => event.preventDefault()} onClose={onClose}>
        <label htmlFor="reason">Reason</label>
        <input id="reason" />
      </FormDialog>,
    );
    const field = screen.getByLabelText('Reason');
    expect(document.activeElement).toBe(field);
    // fireEvent answers false when a handler prevented the press's default (moving the focus).
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Close' }))).toBe(false);
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Skip' }))).toBe(false);
    expect(fireEvent.mouseDown(field)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
