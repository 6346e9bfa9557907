import type { ShopEvent, Topic } from '@toolforge/contracts';
import type { Decided } from './decider.js';

/** What a consequence is decided with, besides the fact that owes it. */
export interface ConsequenceContext {
  readonly topic: Topic;
  readonly streamId: string;
  /**
   * The decision's one instant: the meta.occurredAt of every fact of the append, the command's and
   * its consequences' alike (an invoice's date is its payment's).
   */
  readonly now: Date;
  /**
   * The facts of this append so far, the one that owes the consequence last (the command's and
   * earlier consequences'): the write model holds none of them yet, so a decision that counts (a
   * document's number) counts these too.
   */
  readonly earlier: readonly Decided[];
}

/**
 * A feature's rule "when a decision yields a fact of one of `facts`, these facts follow it on the
 * same stream, in the same append" (an OrderPaid owes its InvoiceIssued). `decide` is pure: it reads
 * the write model as the command did and returns the facts that follow (none: nothing follows).
 */
export interface Consequence<Type extends ShopEvent['type'] = ShopEvent['type']> {
  readonly facts: readonly Type[];
  readonly decide: (fact: Decided<Extract<ShopEvent, { type: Type }>>, context: ConsequenceContext) => readonly Decided[];
}

/**
 * The consequences registered by the features: each decision's facts with what follows each of
 * them, right after it. A consequence's own facts are not followed in turn: one step, so that no
 * two rules can chase each other without end.
 */
export class Consequences {
  private readonly byType = new Map<string, Consequence[]>();

  add<Type extends ShopEvent['type']>(consequence: Consequence<Type>): void {
    for (const type of consequence.facts) {
      const list = this.byType.get(type) ?? [];
      list.push(consequence as unknown as Consequence);
      this.byType.set(type, list);
    }
  }

  /** `facts` with the facts that follow each of them inserted right after it. */
  followed(facts: readonly Decided[], where: { topic: Topic; streamId: string; now: Date }): readonly Decided[] {
    if (this.byType.size === 0) return facts;
    const all: Decided[] = [];
    for (const fact of facts) {
      all.push(fact);
      for (const consequence of this.byType.get(fact.type) ?? []) {
        all.push(...consequence.decide(fact, { ...where, earlier: [...all] }));
      }
    }
    return all;
  }
}
