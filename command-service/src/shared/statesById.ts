import type { Decided, Decider } from './decider.js';
import type { ModelEvent, WriteModelPart } from './writeModel.js';

/**
 * The aggregates a fact concerns: one id as itself (almost every fact: no array to make per event
 * while a million are folded), or several, each once (an order of several products reserves stock
 * of each).
 */
export type IdsOf<Fact> = (fact: Fact) => string | readonly string[];

/**
 * The states the write model keeps of one kind of aggregate, by id: each the fold, with the
 * aggregate's own `evolve`, of the events `idsOf` assigns to it. A fact assigned to several ids is
 * folded into each of their states; the aggregate's `evolve` takes from it what concerns its own. A
 * state that is still the initial one is not kept, so only ids with a history are listed.
 */
export class StatesById<State, Fact extends Decided> implements WriteModelPart {
  private readonly states = new Map<string, State>();
  private readonly types: ReadonlySet<string>;
  /** The state of an id without history: not kept. */
  private readonly initial: State;

  constructor(
    types: readonly Fact['type'][],
    private readonly idsOf: IdsOf<Fact>,
    private readonly fold: Pick<Decider<State, unknown, Fact>, 'evolve' | 'initialState'>,
  ) {
    this.types = new Set(types);
    this.initial = fold.initialState();
  }

  apply(event: ModelEvent): void {
    if (!this.folds(event)) return;
    const ids = this.idsOf(event);
    if (typeof ids === 'string') this.evolve(ids, event);
    else for (const id of ids) this.evolve(id, event);
  }

  clear(): void {
    this.states.clear();
  }

  get(id: string): State {
    return this.states.has(id) ? this.states.get(id)! : this.initial;
  }

  has(id: string): boolean {
    return this.states.has(id);
  }

  ids(): IterableIterator<string> {
    return this.states.keys();
  }

  values(): IterableIterator<State> {
    return this.states.values();
  }

  private evolve(id: string, fact: Fact): void {
    const state = this.fold.evolve(this.get(id), fact);
    if (state === this.initial) this.states.delete(id);
    else this.states.set(id, state);
  }

  private folds(event: ModelEvent): event is ModelEvent & Fact {
    return this.types.has(event.type);
  }
}
