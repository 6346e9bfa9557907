import type { CartLineRemoved, CartLineSet } from '@toolforge/contracts';
import type { Decided } from '../shared/decider.js';

/** A cart's event with its version of the customer's cart stream; any other fact as it is. */
export type AtCartVersion<Fact> = Fact extends Decided<CartLineSet | CartLineRemoved> ? Fact & { streamPosition: number } : Fact;

/**
 * `facts` with each customer's cart events at their versions of the cart's stream, numbered 1, 2, …
 * per customer in the order given, as the log numbers them; the other facts (products, orders) as
 * they are, wherever they fall among them.
 */
export function atCartVersions<Fact extends Decided>(facts: readonly Fact[]): AtCartVersion<Fact>[] {
  const versions = new Map<string, number>();
  return facts.map((fact) => {
    if (fact.type !== 'CartLineSet' && fact.type !== 'CartLineRemoved') return fact as AtCartVersion<Fact>;
    const { userId } = fact.data as CartLineSet['data'];
    const streamPosition = (versions.get(userId) ?? 0) + 1;
    versions.set(userId, streamPosition);
    return { ...fact, streamPosition } as AtCartVersion<Fact>;
  });
}
