import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('config', () => {
  it('talks to localhost:5000 and the Auth emulator by default', () => {
    expect(readConfig({} as ImportMetaEnv, {})).toEqual({
      commandApi: 'http://localhost:5000',
      queryApi: 'http://localhost:5000',
      operatorApi: 'http://localhost:5000',
      authEmulator: 'http://127.0.0.1:9099',
      cardPayments: true,
      firebase: { apiKey: 'demo-api-key', authDomain: 'demo-toolforge.firebaseapp.com', projectId: 'demo-toolforge' },
    });
  });

  it('takes the build’s VITE_* values, and the host’s run-time values over them', () => {
    const env = {
      VITE_COMMAND_API: 'http://commands.example/',
      VITE_QUERY_API: 'http://queries.example',
      VITE_OPERATOR_API: 'http://console.example/',
      VITE_AUTH_EMULATOR: 'off',
      VITE_CARD_PAYMENTS: 'off',
    } as ImportMetaEnv;
    expect(readConfig(env, {})).toMatchObject({
      commandApi: 'http://commands.example',
      queryApi: 'http://queries.example',
      operatorApi: 'http://console.example',
      authEmulator: null,
      cardPayments: false,
    });
    // The host says whether its shop takes card payments.
    expect(readConfig(env, { cardPayments: true }).cardPayments).toBe(true);
    expect(
      readConfig(env, { commandApi: 'http://localhost:5200', queryApi: 'http://localhost:5200', operatorApi: 'http://localhost:5203' }),
    ).toMatchObject({
      commandApi: 'http://localhost:5200',
      queryApi: 'http://localhost:5200',
      operatorApi: 'http://localhost:5203',
    });
  });
});
