import { CURRENT_SCHEMA_VERSION, eventContractBreach, formatPosition, messages, type ShopEvent, type Topic } from '@toolforge/contracts';
import { ConcurrencyError, type EventLog } from '@toolforge/platform';
import { CommandQueue, type CommandQueueLimits } from './commandQueue.js';
import { CommandRejected, type Decided, type Decider } from './decider.js';
import { DecidedOnFailedBatch, GroupCommit, type BatchLimits } from './groupCommit.js';
import type { WriteModel } from './writeModel.js';
import { newShopId } from './newShopId.js';

/** One stream of the log: an aggregate's events, in order. */
export interface StreamRef {
  readonly topic: Topic;
  readonly streamId: string;
}

/** A decider as the handler runs it: where a command's events go, and the state it is decided on. */
export interface Aggregate<Command, State, Event extends Decided> {
  readonly decider: Pick<Decider<State, Command, Event>, 'decide'>;
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
  decider: Pick<Decider<State, Command, Event>, 'decide'>,
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
  /** How much one batch of appends may hold. */
  batchLimits?: BatchLimits;
}

/**
 * How often a command is decided again: after another writer got to a stream first
 * (ConcurrencyError), or after a batch it was decided on failed.
 */
const RETRIES = 3;

/**
 * What a command needs for its answer is decided but not yet in the log (the first order under
 * its Idempotency-Key is in a batch being written): it is run again once that batch is committed.
 */
export class AwaitingCommit extends Error {
  constructor() {
    super('what this command answers with is on its way to the log');
    this.name = 'AwaitingCommit';
  }
}

/**
 * A decided event breaks its contract (contracts/src/eventSchemas.ts): it is refused before it joins
 * a batch, so the log never refuses a batch for it and no other command fails with it.
 */
export class EventContractBroken extends CommandRejected {
  constructor(readonly breach: string) {
    super('unprocessable', `${messages.unrecordableValue} (${breach})`);
    this.name = 'EventContractBroken';
  }
}

/**
 * The command decided no event at all (an edit that changes nothing): nothing is appended, and it
 * is answered, like a refusal, once what it was decided on is committed.
 */
export class NothingDecided extends Error {
  constructor() {
    super('the command changes nothing');
    this.name = 'NothingDecided';
  }
}

/**
 * The one way a command reaches the log, with group commit (docs/architecture.md §4). Commands
 * are decided one at a time, in turn, against the write model *including* the events decided
 * before them that are still on their way to the log, so stock checks, minimum orders and
 * idempotency stay exact. A command's events are handed to the gathering batch and applied to the
 * model at once; its turn then passes to the next command while the batch is written, and it is
 * answered once its batch is committed and readable. A command that appends nothing (a refusal, a
 * retry answered again) is answered once everything it was decided on is committed.
 *
 * When a batch fails, its commands fail with the log's error; those decided after it are decided
 * again (bounded), once the model has forgotten the failed events by reading the log again. So does
 * a command another writer overtook (ConcurrencyError, which fails its batch).
 */
export class CommandHandler {
  /** A fresh id: for events, commands, and the streams of new products and orders. */
  readonly newId: () => string;
  private readonly log: EventLog;
  private readonly model: WriteModel;
  private readonly clock: () => Date;
  private readonly commands: CommandQueue;
  private readonly batches: GroupCommit;
  /** The batches' epoch the model holds the events of: behind theirs after a batch failed. */
  private modelEpoch = 0;

  constructor(deps: CommandHandlerDeps) {
    this.log = deps.log;
    this.model = deps.model;
    this.clock = deps.clock ?? (() => new Date());
    this.newId = deps.newId ?? newShopId;
    this.commands = new CommandQueue(deps.limits);
    this.batches = new GroupCommit(deps.log, (stored) => this.model.stored(stored), deps.batchLimits);
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
   * other admins). `work` decides at most once; after a ConcurrencyError or a failed batch it decided
   * on, it runs again from the start on the reloaded model.
   */
  async run<T>(work: (decide: Decide) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.commands.run((release) => this.inTurn(work, release));
      } catch (error) {
        const again =
          error instanceof AwaitingCommit ||
          ((error instanceof ConcurrencyError || error instanceof DecidedOnFailedBatch) && attempt <= RETRIES);
        if (!again) throw error;
      }
    }
  }

  /** `work` in its turn: the turn passes on once its events are handed over (or it ends). */
  private async inTurn<T>(work: (decide: Decide) => Promise<T>, release: () => void): Promise<T> {
    await this.batches.room();
    if (this.modelEpoch !== this.batches.epoch) {
      const epoch = this.batches.epoch;
      await this.model.reload(this.log);
      this.modelEpoch = epoch;
    }
    const epoch = this.modelEpoch;
    let decided = false;
    let handedOver = false;
    const decide: Decide = async (aggregate, command, origin) => {
      if (decided) throw new Error('a command decides once in its turn');
      decided = true;
      const { topic, streamId } = aggregate.streamOf(command);
      const facts = aggregate.decider.decide(command, aggregate.load(command));
      if (facts.length === 0) throw new NothingDecided();
      for (const fact of facts) {
        const breach = eventContractBreach(fact);
        if (breach !== undefined) throw new EventContractBroken(breach);
      }
      const request = { topic, streamId, expectedVersion: this.model.version(topic, streamId), events: this.withMeta(facts, origin) };
      const appended = this.batches.append(request, epoch);
      handedOver = true;
      this.model.applyDecided(topic, streamId, request.expectedVersion, request.events);
      const state = aggregate.load(command);
      const version = this.model.version(topic, streamId);
      release();
      // Its batch commits after every batch before it: all it was decided on is in the log then.
      const result = await appended;
      return { position: formatPosition(result.position), state, version };
    };
    try {
      const answer = await work(decide);
      if (!handedOver) await this.answeredAfterItsGrounds(release);
      return answer;
    } catch (error) {
      const appendsNothing = error instanceof CommandRejected || error instanceof AwaitingCommit || error instanceof NothingDecided;
      if (handedOver || !appendsNothing) throw error;
      // A refusal (or a wait, or no change) decided on events of a batch that then failed is decided again.
      await this.answeredAfterItsGrounds(release);
      throw error;
    } finally {
      release();
    }
  }

  /**
   * For a command that appends nothing: passes the turn on, then waits until the events it was
   * decided on (those handed over so far) are committed; DecidedOnFailedBatch if they failed.
   */
  private answeredAfterItsGrounds(release: () => void): Promise<void> {
    const grounds = this.batches.settled();
    release();
    return grounds;
  }

  private withMeta(facts: readonly Decided[], origin: CommandOrigin): ShopEvent[] {
    const occurredAt = this.clock().toISOString();
    const commandId = origin.commandId ?? this.newId();
    return facts.map((fact) => ({
      ...fact,
      meta: { eventId: this.newId(), occurredAt, actor: origin.actor, commandId, schemaVersion: CURRENT_SCHEMA_VERSION },
    }));
  }
}
