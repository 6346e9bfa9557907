import type { z } from 'zod';
import { SHOP_FEATURE_EVENTS, type ShopEvent, type ShopEventType } from './events.js';

/**
 * The contract of every event's data, checked on each event the command side decides before it
 * joins a group-commit batch (docs/security.md, "Events"). The command schemas already hold what a
 * client sends to these rules; this is the last gate for what reaches the log by another way (an
 * identity provider's claims, a bug in a decider), so that one event the log or a consumer would
 * refuse (a NUL PostgreSQL cannot store, a lone surrogate its JSON refuses) is refused alone and
 * never fails the batch it would have shared with other customers' commands. The bounds are the
 * inputs' own limits or wider: a decided event is never refused for a value its command accepted.
 */

type DataOf<Type extends ShopEventType> = Extract<ShopEvent, { type: Type }>['data'];

/** Each event type's data schema, from its feature's module (events.ts lists them). */
export const EVENT_DATA_SCHEMAS = Object.assign({}, ...SHOP_FEATURE_EVENTS.map((feature) => feature.schemas)) as {
  readonly [Type in ShopEventType]: z.ZodType<DataOf<Type>>;
};

/**
 * Why a decided event breaks its contract ("UserSignedIn data.name: holds a character …"), or
 * undefined when it keeps it.
 */
export function eventContractBreach(event: { readonly type: ShopEventType; readonly data: unknown }): string | undefined {
  const schema = EVENT_DATA_SCHEMAS[event.type] as z.ZodType | undefined;
  if (!schema) return `${event.type}: no such event type`;
  const result = schema.safeParse(event.data);
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  return `${event.type} data.${issue.path.join('.')}: ${issue.message}`;
}
