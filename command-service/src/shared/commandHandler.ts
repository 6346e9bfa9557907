import { CURRENT_SCHEMA_VERSION, formatPosition, type EventMeta, type ShopEvent, type Topic } from '@toolforge/contracts';
import { ConcurrencyError, type AppendResult, type EventLog } from '@toolforge/platform';
import { CommandQueue, type CommandQueueLimits } from './commandQueue.js';
import type { Decided, Decider } from './decider.js';
import type { WriteModel } from './writeModel.js';

/** One stream of the log: an aggregate's events, in order. */
export interface StreamRef {
  readonly topic: Topic;
  readonly streamId: string;
}

/** A decider as the handler runs it: where a command's events go, and the state it is decided on. */
export interface Aggregate<Command, State, Event extends Decided> {
  readonly decider: Decider<Command, State, Event>;
  /** The stream the command's events are appended to. */
  streamOf(command: Command): StreamRef;
  /**
   * The state the command is decided on, from the write model: its own stream's, or another
   * stream's when that is what the decision needs (an order is decided on its product's stock).
   */
  load(command: Command): State;
}

/**
 * The aggregate of every feature: a command's events go to the stream `streamIdOf` names in `topic`,
 * and it is decided on the write model's state of the id `stateIdOf` names: the command's own
 * stream unless the decision needs another one's (an order is decided on its product).
 */
export function aggregateOf<Command, State, Event extends Decided>(
  decider: Decider<Command, State, Event>,
  topic: Topic,
  streamIdOf: (command: Command) => string,
  states: { get(id: string): State },
  stateIdOf: (command: Command) => string = streamIdOf,
): Aggregate<Command, State, Event> {
  return {
    decider,
    streamOf: (command) => ({ topic, streamId: streamIdOf(command) }),
    load: (command) => states.get(stateIdOf(command)),
  };
}

/** Who caused a command, and which command it was (a fresh id unless the client named it). */
export interface CommandOrigin {
  readonly actor: string | null;
  readonly commandId?: string;
}

export interface Handled<State> {
  /** Where the log stored the last event: the consistency token of the acknowledgement. */
  readonly position: string;
  /** The state `load` gives once the appended events are applied. */
  readonly state: State;
  /** The stream's version after the append. */
  readonly version: number;
}

/** Decides one command at its turn and appends what it decides; handed to the work `run` runs. */
export type Decide = <Command, State, Event extends Decided>(
  aggregate: Aggregate<Command, State, Event>,
  command: Command,
  origin: CommandOrigin,
) => Promise<Handled<State>>;

export interface CommandHandlerDeps {
  log: EventLog;
  model: WriteModel;
  clock?: () => Date;
  newId?: () => string;
  /** How long a command may wait for its turn, and how many may wait. */
  limits?: CommandQueueLimits;
}

/** How often a command is decided again after another writer got to the stream first. */
const CONCURRENCY_RETRIES = 3;

/**
 * The one way a command reaches the log: it loads the state the aggregate decides on from the write
 * model, decides, appends with the version of the stream the model holds, and applies what the log
 * stored. Commands run one at a time, so stock checks and appends cannot interleave within this
 * writer; a command another writer overtook (ConcurrencyError) is decided again on the caught-up
 * model, a bounded number of times.
 */
export class CommandHandler {
  /** A fresh id: for events, commands, and the streams of new products and orders. */
  readonly newId: () => string;
  private readonly log: EventLog;
  private readonly model: WriteModel;
  private readonly clock: () => Date;
  private readonly commands: CommandQueue;

  constructor(deps: CommandHandlerDeps) {
    this.log = deps.log;
    this.model = deps.model;
    this.clock = deps.clock ?? (() => new Date());
    this.newId = deps.newId ?? (() => crypto.randomUUID());
    this.commands = new CommandQueue(deps.limits);
  }

  /** Decides `command` at its turn and appends what it decides. */
  handle<Command, State, Event extends Decided>(
    aggregate: Aggregate<Command, State, Event>,
    command: Command,
    origin: CommandOrigin,
  ): Promise<Handled<State>> {
    return this.run((decide) => decide(aggregate, command, origin));
  }

  /**
   * Runs `work` at its turn (refused unstarted, ShopBusy, when it cannot start in time), for a
   * command that must read the write model before it is decided (an idempotent retry, the shop's
   * other admins); after a ConcurrencyError the model catches up and `work` runs again from the start.
   */
  run<T>(work: (decide: Decide) => Promise<T>): Promise<T> {
    return this.commands.run(async () => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await work(this.decide);
        } catch (error) {
          if (!(error instanceof ConcurrencyError) || attempt > CONCURRENCY_RETRIES) throw error;
          await this.model.catchUp(this.log);
        }
      }
    });
  }

  private readonly decide: Decide = async (aggregate, command, origin) => {
    const { topic, streamId } = aggregate.streamOf(command);
    const decided = aggregate.decider.decide(command, aggregate.load(command));
    const result = await this.append(topic, streamId, decided, origin);
    return { position: formatPosition(result.position), state: aggregate.load(command), version: this.model.version(topic, streamId) };
  };

  private async append(topic: Topic, streamId: string, decided: readonly Decided[], origin: CommandOrigin): Promise<AppendResult> {
    const occurredAt = this.clock().toISOString();
    const commandId = origin.commandId ?? this.newId();
    const events = decided.map((fact) =>
      withMeta(fact, { eventId: this.newId(), occurredAt, actor: origin.actor, commandId, schemaVersion: CURRENT_SCHEMA_VERSION }),
    );
    const result = await this.log.append({ topic, streamId, expectedVersion: this.model.version(topic, streamId), events });
    for (const stored of result.stored) this.model.apply(stored);
    return result;
  }
}

function withMeta(fact: Decided, meta: EventMeta): ShopEvent {
  return { ...fact, meta };
}
