import type { LogBinding, OnLogChange } from '@toolforge/platform/sql';

/** The setting that lets a projector empty a read model built from another log: PROJECTOR_ON_LOG_CHANGE. */
export const ON_LOG_CHANGE_SETTING = 'PROJECTOR_ON_LOG_CHANGE';

/** PROJECTOR_ON_LOG_CHANGE: `refuse` (the default) or `rebuild`; anything else is an error naming the setting. */
export function onLogChangeSetting(env: NodeJS.ProcessEnv = process.env): OnLogChange {
  const value = env[ON_LOG_CHANGE_SETTING]?.trim() || 'refuse';
  if (value === 'refuse' || value === 'rebuild') return value;
  throw new Error(`${ON_LOG_CHANGE_SETTING} should be "refuse" or "rebuild", not "${value}"`);
}

/**
 * The read model was built from another log than the one this projector reads (another Kafka
 * cluster, other topics, an emptied topic): applying would silently skip every event below the old
 * checkpoints, so the projector does not start.
 */
export class LogChangedError extends Error {
  constructor(
    readonly log: string,
    readonly binding: Extract<LogBinding, { outcome: 'refused' }>,
  ) {
    super(
      `The read model does not belong to the log this projector reads (${log}): ${binding.why}. ` +
        `Point the projector at the log the read model was built from, or set ${ON_LOG_CHANGE_SETTING}=rebuild ` +
        'to empty the read model and project this log from the start.',
    );
    this.name = 'LogChangedError';
  }
}
