import { CURRENT_SCHEMA_VERSION, eventContractBreach, formatPosition, messages, type ShopEvent, type Topic } from '@toolforge/contracts';
import { ConcurrencyError, type EventLog } from '@toolforge/platform';
import { CommandQueue, type CommandQueueLimits } from './commandQueue.js';
import { Consequences, type Consequence } from './consequences.js';
import { CommandRejected, type Decided } from './decider.js';
import { DecidedOnFailedBatch, GroupCommit, type BatchLimits } from './groupCommit.js';
import type { WriteModel } from './writeModel.js';
import { newShopId } from './newShopId.js';

/**
 * One stream of the log, where a command's events go, and the state of the write model the
 * command is decided on: the stream's own, or another's when that is what the decision needs (an
 * order is decided on its product's stock).
 */
export interface Stream<State> {
  readonly topic: Topic;
  readonly streamId: string;
  readonly state: () => State;
}

/**
 * The stream `streamId` of `topic`, decided on the state `states` keep of `stateId`: the stream's
 * own unless the decision needs another one's.
 */
export function streamOf<State>(topic: Topic, streamId: string, states: { get(id: string): State }, stateId = streamId): Stream<State> {
  return { topic, streamId, state: () => states.get(stateId) };
}

/**
 * The stream a command goes to, or how to name it at the command's turn, when that reads the write
 * model or takes a fresh id (a new order's stream, a customer's current review).
 */
export type StreamAtTurn<State> = Stream<State> | (() => Stream<State>);

/**
 * What a command decides on the state of its stream: the events it causes (none: it changes
 * nothing). A stream named at the command's turn hands its id to the decision.
 */
export type Decision<State> = (state: State, streamId: string) => readonly Decided[];

/** The first answer to a command, kept so that a retry under its Idempotency-Key is answered again. */
export interface Receipt {
  /** Where its events are in the log; undefined while their batch is being written (group commit). */
  readonly position: string | undefined;
}

/** Who caused a command, and which command it was (a fresh id unless the client named it). */
export interface CommandOrigin<Kept extends Receipt = never> {
  readonly actor: string | null;
  readonly commandId?: string;
  /**
   * The receipt of this very command when it was answered before (a retry under the same
   * Idempotency-Key), read at its turn: nothing is decided, and the command is answered with it
   * once its events are in the log. May refuse a different command under the same key.
   */
  readonly answeredBefore?: () => Kept | undefined;
}

/** A command decided at its turn. */
export interface Handled<State> {
  readonly streamId: string;
  /**
   * Where the log stored the last event: the consistency token of the acknowledgement. Undefined
   * when the command changed nothing (it decided no event) and nothing was appended.
   */
  readonly position: string | undefined;
  /** The stream's state once its events are applied. */
  readonly state: State;
  /** The stream's version after the append. */
  readonly version: number;
}

/** A command answered before: its receipt, its events in the log. */
export interface AnsweredBefore<Kept extends Receipt> {
  readonly receipt: Kept;
  readonly position: string;
}

/** What `handle` answers: the command decided, or (with receipts) its first answer again. */
export type Outcome<State, Kept extends Receipt> = [Kept] extends [never] ? Handled<State> : Handled<State> | AnsweredBefore<Kept>;

/** An outcome in the command's turn: `again` when what it answers with is still on its way to the log. */
type InTurn<State, Kept extends Receipt> = Handled<State> | AnsweredBefore<Kept> | 'again';

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
 * The one way a command reaches the log, with group commit (docs/architecture.md#4-the-command-side). Commands
 * are decided one at a time, in turn, against the write model *including* the events decided
 * before them that are still on their way to the log, so stock checks, minimum orders and
 * idempotency stay exact. A command's events are handed to the gathering batch and applied to the
 * model at once; its turn then passes to the next command while the batch is written, and it is
 * answered once its batch is committed and readable. A command that appends nothing (a refusal, a
 * change of nothing, a retry answered again) is answered once everything it was decided on is committed.
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
  private readonly consequences = new Consequences();
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

  /**
   * From now on, every decision that yields one of `consequence.facts` appends what
   * `consequence.decide` says follows it, right after it, on the same stream and in the same append:
   * checked against the events' contracts, dated with the command's facts, applied to the write model
   * with them (the next command sees them), and decided again with the command on every retry.
   */
  follow<Type extends ShopEvent['type']>(consequence: Consequence<Type>): void {
    this.consequences.add(consequence);
  }

  /**
   * Decides a command at its turn, on the state of its stream, and appends what it decides: the
   * one way a command reaches the log (emmett's `handle(store, id, (state) => decide(command, state))`).
   * Refused unstarted (ShopBusy) when it cannot start in time. After a ConcurrencyError, or a failed
   * batch it was decided on, it is decided again from the start on the reloaded model (bounded).
   */
  async handle<State, Kept extends Receipt = never>(
    stream: StreamAtTurn<State>,
    decision: Decision<State>,
    origin: CommandOrigin<Kept>,
  ): Promise<Outcome<State, Kept>> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const outcome = await this.commands.run((release) => this.inTurn(stream, decision, origin, release));
        // The first answer is on its way to the log: the command is run again once it is there.
        // A command without receipts (Kept never) is never answered before: its outcome is Handled.
        if (outcome !== 'again') return outcome as Outcome<State, Kept>;
      } catch (error) {
        const again = (error instanceof ConcurrencyError || error instanceof DecidedOnFailedBatch) && attempt <= RETRIES;
        if (!again) throw error;
      }
    }
  }

  /** The command in its turn: the turn passes on once its events are handed over (or it ends). */
  private async inTurn<State, Kept extends Receipt>(
    streamAtTurn: StreamAtTurn<State>,
    decision: Decision<State>,
    origin: CommandOrigin<Kept>,
    release: () => void,
  ): Promise<InTurn<State, Kept>> {
    await this.batches.room();
    if (this.modelEpoch !== this.batches.epoch) {
      const epoch = this.batches.epoch;
      await this.model.reload(this.log);
      this.modelEpoch = epoch;
    }
    const epoch = this.modelEpoch;
    let handedOver = false;
    try {
      const receipt = origin.answeredBefore?.();
      let outcome: InTurn<State, Kept>;
      if (receipt) {
        outcome = receipt.position === undefined ? 'again' : { receipt, position: receipt.position };
      } else {
        const stream = typeof streamAtTurn === 'function' ? streamAtTurn() : streamAtTurn;
        const { topic, streamId } = stream;
        // One instant per decision: the facts' occurredAt, and the date their consequences are decided on.
        const now = this.clock();
        const facts = this.consequences.followed(decision(stream.state(), streamId), { topic, streamId, now });
        if (facts.length > 0) {
          for (const fact of facts) {
            const breach = eventContractBreach(fact);
            if (breach !== undefined) throw new EventContractBroken(breach);
          }
          const request = {
            topic,
            streamId,
            expectedVersion: this.model.version(topic, streamId),
            events: this.withMeta(facts, origin, now),
          };
          const appended = this.batches.append(request, epoch);
          handedOver = true;
          this.model.applyDecided(topic, streamId, request.expectedVersion, request.events);
          const state = stream.state();
          const version = this.model.version(topic, streamId);
          release();
          // Its batch commits after every batch before it: all it was decided on is in the log then.
          const result = await appended;
          return { streamId, position: formatPosition(result.position), state, version };
        }
        // It changes nothing: nothing is appended, and it is answered as a refusal is.
        outcome = { streamId, position: undefined, state: stream.state(), version: this.model.version(topic, streamId) };
      }
      await this.answeredAfterItsGrounds(release);
      return outcome;
    } catch (error) {
      if (handedOver || !(error instanceof CommandRejected)) throw error;
      // A refusal decided on events of a batch that then failed is decided again.
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

  private withMeta(facts: readonly Decided[], origin: CommandOrigin<Receipt>, now: Date): ShopEvent[] {
    const occurredAt = now.toISOString();
    const commandId = origin.commandId ?? this.newId();
    return facts.map((fact) => ({
      ...fact,
      meta: { eventId: this.newId(), occurredAt, actor: origin.actor, commandId, schemaVersion: CURRENT_SCHEMA_VERSION },
    }));
  }
}

/** The position of a command that always appends something: one that changed nothing is a bug. */
export function appendedAt(handled: { readonly position: string | undefined }): string {
  if (handled.position === undefined) throw new Error('the command changed nothing, where it always appends');
  return handled.position;
}
