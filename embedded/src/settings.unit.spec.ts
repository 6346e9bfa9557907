import { describe, expect, it } from 'vitest';
import { readConfig } from '@toolforge/platform';
import { embeddedSettings } from './settings.js';

describe('make start’s shop, as the environment sets it', () => {
  it('honours COMMAND_DEADLINE_MS, COMMAND_QUEUE_LIMIT and the rate limits as the services do', () => {
    const settings = embeddedSettings(
      readConfig({ COMMAND_DEADLINE_MS: '2500', COMMAND_QUEUE_LIMIT: '7', RATE_LIMIT_COMMAND: '9', RATE_LIMIT_LOGIN: '0' }),
    );
    expect(settings.commandLimits).toEqual({ deadlineMs: 2500, limit: 7 });
    expect(settings.commandRateLimit).toMatchObject({ max: 9, per: 'user' });
    expect(settings.rateLimits?.['/login']).toBeNull();
  });

  it('takes the services’ defaults when nothing is set', () => {
    expect(embeddedSettings(readConfig({}))).toMatchObject({
      adminEmails: [],
      commandLimits: { deadlineMs: 10_000, limit: 100 },
      commandRateLimit: { max: 120 },
      queryRateLimit: { max: 600 },
    });
  });
});
