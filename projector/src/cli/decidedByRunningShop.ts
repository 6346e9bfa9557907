import { userInfo } from 'node:os';
import type { ShopConfig } from '@toolforge/platform';
import type { CliIo } from './output.js';
import { CannotConnect } from './shopConnection.js';

/** What a command the running shop decides is registered with: where it writes, its settings, and how it sets the exit code. */
export interface OperatorCommandContext {
  readonly io: CliIo;
  readonly env: NodeJS.ProcessEnv;
  readonly exit: (code: number) => void;
}

/** What the running shop decides for the operator, as the tool names it to them. */
export interface OperatorDecision {
  /** The command, as typed: `admins grant`. */
  readonly command: string;
  /** The decision in a sentence: `the grant`. */
  readonly decision: string;
  /** What services mode offers in its place, said after the refusal there. */
  readonly inServicesMode?: string;
}

/**
 * An operator's request that the running embedded shop's command side decides (`admins grant`,
 * `forget customer`; docs/operators.md), sent by `send` on the operators' socket, which only the
 * data dir's owner may open: the command service is the log's one writer, so the tool never appends
 * an event itself. Refused with CannotConnect (exit 2) in services mode, which has no such socket,
 * and when the shop is not running.
 */
export async function decidedByRunningShop<Answer>(
  config: Pick<ShopConfig, 'kafkaBrokers' | 'dataDir'>,
  what: OperatorDecision,
  send: (dataDir: string, operator: string) => Promise<Answer | undefined>,
): Promise<Answer> {
  if (config.kafkaBrokers) {
    throw new CannotConnect(
      `${what.command} is not available in services mode yet (KAFKA_BROKERS is set): only the embedded shop (make start) serves it, ` +
        `on its operators’ socket${what.inServicesMode ? `; ${what.inServicesMode}` : ''}`,
    );
  }
  const answer = await send(config.dataDir, operatorName());
  if (answer === undefined) {
    throw new CannotConnect(
      `the embedded shop in ${config.dataDir} is not running (nothing answers on its operators’ socket): ` +
        `${what.decision} is decided by the running shop, so start it (make start), then run ${what.decision} again`,
    );
  }
  return answer;
}

/** The OS user the tool runs as, the event's actor: the data dir's owner (or root), since nobody else can open the socket. */
function operatorName(): string {
  try {
    return userInfo().username;
  } catch {
    // A uid without an entry in the passwords file (a container's, say) still names someone.
    return `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}
