import { describe, expect, it } from 'vitest';
import { describeRefusal, isDeadlock, refusesTheEvent, withoutNul } from './deadLetters.js';

describe('dead letters', () => {
  it('blame the event for data exceptions and integrity violations only', () => {
    // A NUL in text, a bad timestamp, a missing field, a broken check.
    for (const code of ['22021', '22007', '23502', '23514']) expect(refusesTheEvent({ code })).toBe(true);
    // The connection, the server going down, a serialization failure, a deadlock, no code at all.
    for (const code of ['08006', '57P01', '40001', '40P01', undefined, 23502]) expect(refusesTheEvent({ code })).toBe(false);
    expect(refusesTheEvent(new Error('connection terminated'))).toBe(false);
    expect(refusesTheEvent(undefined)).toBe(false);
  });

  it('tell a deadlock (applied again) from every other failure', () => {
    expect(isDeadlock({ code: '40P01' })).toBe(true);
    for (const error of [{ code: '40001' }, { code: '22021' }, new Error('deadlock detected'), undefined])
      expect(isDeadlock(error)).toBe(false);
  });

  it('keep the database’s words and escape NUL', () => {
    expect(describeRefusal({ message: 'invalid byte sequence for encoding "UTF8": 0x00', code: '22021' })).toBe(
      'invalid byte sequence for encoding "UTF8": 0x00 (SQLSTATE 22021)',
    );
    expect(withoutNul('Claw\u0000Hammer')).toBe('Claw\\u0000Hammer');
  });
});
