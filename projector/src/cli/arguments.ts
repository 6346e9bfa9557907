import { readdir } from 'node:fs/promises';
import { InvalidArgumentError } from 'commander';
import { ALL_TOPICS, TOPIC_OF_EVENT, parsePosition, type LogPosition, type ShopEventType, type Topic } from '@toolforge/contracts';

/** Where a listing starts: a log position (topic/partition/offset), or a moment. */
export type StartingPoint = { readonly position: LogPosition } | { readonly at: Date };

/** An ISO 8601 date or date-time, as commander's argument parser: anything else is a usage error. */
export function isoTime(text: string): Date {
  const at = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text.trim()) ? new Date(text.trim()) : undefined;
  if (!at || Number.isNaN(at.getTime()))
    throw new InvalidArgumentError('expected an ISO date or time, e.g. 2026-11-23 or 2026-11-23T17:00:00Z');
  return at;
}

/** --from: a position as commands acknowledge it (sales.orders/0/41), or an ISO time. */
export function startingPoint(text: string): StartingPoint {
  const position = parsePosition(text);
  if (position) {
    if (!(ALL_TOPICS as readonly string[]).includes(position.topic))
      throw new InvalidArgumentError(`no topic ${position.topic}; one of ${ALL_TOPICS.join(', ')}`);
    return { position };
  }
  try {
    return { at: isoTime(text) };
  } catch {
    throw new InvalidArgumentError('expected a log position (e.g. sales.orders/0/41) or an ISO date or time');
  }
}

export function topicName(text: string): Topic {
  if (!(ALL_TOPICS as readonly string[]).includes(text)) throw new InvalidArgumentError(`expected one of ${ALL_TOPICS.join(', ')}`);
  return text as Topic;
}

export function eventType(text: string): ShopEventType {
  if (!Object.hasOwn(TOPIC_OF_EVENT, text)) throw new InvalidArgumentError(`expected one of ${Object.keys(TOPIC_OF_EVENT).join(', ')}`);
  return text as ShopEventType;
}

/** Repeatable options collect into a list. */
export function collect<T>(parse: (text: string) => T): (text: string, previous: T[] | undefined) => T[] {
  return (text, previous) => [...(previous ?? []), parse(text)];
}

/**
 * Why a command cannot write into `folder` (given as `option`), or undefined when it is a new or
 * empty one: what it writes never mixes with files already there (`why` says so in the message).
 */
export async function newFolderProblem(option: string, folder: string, why: string): Promise<string | undefined> {
  try {
    if ((await readdir(folder)).length === 0) return undefined;
    return `${option} ${folder} is not empty: name a new or empty folder, ${why}`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ENOTDIR') return `${option} ${folder} is a file: name a new or empty folder`;
    return `${option} ${folder} cannot be read: ${(error as Error).message}`;
  }
}
