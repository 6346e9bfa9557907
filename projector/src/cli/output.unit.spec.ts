import { describe, expect, it } from 'vitest';
import { textTable } from './output.js';

describe('textTable', () => {
  it('pads columns to their widest cell', () => {
    expect(
      textTable(
        ['ID', 'REASON'],
        [
          ['o-1', 'too late'],
          ['order-22', ''],
        ],
      ),
    ).toBe('ID        REASON\no-1       too late\norder-22\n');
  });

  it('never sends a control character of a cell to the terminal', () => {
    const table = textTable(['REASON'], [['\u001b[2Jcleared\nsecond line\u009b']]);
    expect(table).toBe('REASON\n\\u001b[2Jcleared\\u000asecond line\\u009b\n');
  });
});
