import { describe, expect, it } from 'vitest';
import { orderEmailResendRequested } from '@toolforge/contracts/testing';
import { stored } from '@toolforge/platform/testing';
import { project, projectOrRefuse } from '../projection.js';

const at = (offset: number) => ({ partition: 0, offset });

describe('order e-mails projection', () => {
  it('projects an e-mail sent again as a move of the order’s stream that changes nothing of it: its history shows it', () => {
    expect(project(stored(orderEmailResendRequested('o-1', 'paid'), 11))).toEqual([
      { kind: 'moveOrder', move: { orderId: 'o-1', status: null, paid: false, logPosition: at(11) } },
    ]);
    const unknown = { ...orderEmailResendRequested('o-1', 'paid'), data: { orderId: 'o-1', email: 'spam' } };
    expect(projectOrRefuse(stored(unknown as never, 11))).toMatchObject({ writes: [], refused: expect.stringContaining('data.email') });
  });
});
