import type { z } from 'zod';

/** docs/architecture.md#3-events envelope metadata. */
export interface EventMeta {
  readonly eventId: string;
  readonly occurredAt: string;
  /** The uid that caused the event; null for the system (seeding, ADMIN_EMAILS). */
  readonly actor: string | null;
  /** The command that decided the event: a fresh UUID, or the client's Idempotency-Key for orders. */
  readonly commandId: string;
  readonly causationId?: string;
  readonly schemaVersion: number;
}

/** An event is a plain readonly fact: a past-tense type, its data and its metadata. */
export type Event<Type extends string, Data> = Readonly<{ type: Type; data: Readonly<Data>; meta: EventMeta }>;

/** Each event type of a feature, by name, with the schema of its data (its type is inferred from it). */
export type EventDataSchemas = Readonly<Record<string, z.ZodType>>;

/**
 * A feature's events: the topic they are written to, under the name TOPICS gives it, the field of
 * their data that names their aggregate (the topic's key, each aggregate's stream), and each
 * event's data schema. events.ts assembles the shop's events from these.
 */
export interface FeatureEvents<Name extends string, Topic extends string, Schemas extends EventDataSchemas> {
  readonly topicName: Name;
  readonly topic: Topic;
  readonly streamKey: string;
  readonly schemas: Schemas;
}

export function featureEvents<
  const Name extends string,
  const Topic extends string,
  const StreamKey extends string,
  const Schemas extends Readonly<Record<string, z.ZodType<Readonly<Record<StreamKey, string>>>>>,
>(
  { topicName, topic, streamKey }: { topicName: Name; topic: Topic; streamKey: StreamKey },
  schemas: Schemas,
): FeatureEvents<Name, Topic, Schemas> {
  return { topicName, topic, streamKey, schemas };
}

export type AnyFeatureEvents = FeatureEvents<string, string, EventDataSchemas>;
type TypeOf<Feature extends AnyFeatureEvents> = keyof Feature['schemas'] & string;

/** One event of a feature, its data as its schema outputs it. */
export type EventOf<Feature extends AnyFeatureEvents, Type extends TypeOf<Feature>> = Event<Type, z.output<Feature['schemas'][Type]>>;
/** Every event of a feature, as a union. */
export type EventsOf<Feature extends AnyFeatureEvents> = { [Type in TypeOf<Feature>]: EventOf<Feature, Type> }[TypeOf<Feature>];
