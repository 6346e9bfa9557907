import { join, resolve } from 'node:path';

/** Where the writer keeps its anchors and key, and how often it signs (docs/audit-trail.md#anchors). */
export interface AnchorSettings {
  /** AUDIT_ANCHORS: the anchors' folder, outside the log. */
  readonly dir: string;
  /** AUDIT_SIGNING_KEY: the writer's Ed25519 private key (PEM), made on the first start when missing. */
  readonly signingKeyFile: string;
  /** AUDIT_ANCHOR_EVENTS: a checkpoint is signed at the latest after this many events. */
  readonly everyEvents: number;
  /** AUDIT_ANCHOR_SECONDS: … and at the latest this long after an event, when fewer came. */
  readonly everySeconds: number;
}

export const ANCHOR_DEFAULTS = { everyEvents: 1000, everySeconds: 10 } as const;

/**
 * The anchor settings of the environment, beside the data in DATA_DIR when unset: fine for a
 * machine of one's own; a shop that must convince an auditor names a folder and a key the log's
 * hosts cannot rewrite. `problem` turns a bad number into the caller's configuration error.
 */
export function anchorSettings(env: NodeJS.ProcessEnv, dataDir: string, problem: (message: string) => Error): AnchorSettings {
  const whole = (name: string, fallback: number) => {
    const text = env[name]?.trim();
    if (!text) return fallback;
    const value = /^\d{1,7}$/.test(text) ? Number(text) : NaN;
    if (!(value >= 1 && value <= 1_000_000)) throw problem(`${name} should be a whole number from 1 to 1000000, not "${text}"`);
    return value;
  };
  return {
    dir: resolve(env.AUDIT_ANCHORS?.trim() || join(dataDir, 'audit-anchors')),
    signingKeyFile: resolve(env.AUDIT_SIGNING_KEY?.trim() || join(dataDir, 'audit-signing-key.pem')),
    everyEvents: whole('AUDIT_ANCHOR_EVENTS', ANCHOR_DEFAULTS.everyEvents),
    everySeconds: whole('AUDIT_ANCHOR_SECONDS', ANCHOR_DEFAULTS.everySeconds),
  };
}
