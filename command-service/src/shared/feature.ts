import type { FastifyInstance } from 'fastify';
import type { CommandServiceDeps } from '../app.js';
import type { CommandHandler } from './commandHandler.js';
import type { WriteModel, WriteModelPart } from './writeModel.js';

/** The states of a feature this one is built from: built first when they are not yet. */
export type Need = <States>(feature: CommandFeature<States>) => States;

/** A feature's share of the write model: the states it offers, and the parts that keep them current from the log. */
export interface FeatureStates<States> {
  readonly states: States;
  readonly parts: readonly WriteModelPart[];
}

/** What the host hands a feature to serve its commands, once the write model is read. */
export interface FeatureHost<States> {
  readonly app: FastifyInstance;
  readonly deps: CommandServiceDeps;
  readonly handler: CommandHandler;
  readonly model: WriteModel;
  readonly clock: () => Date;
  /** This feature's own states. */
  readonly states: States;
  readonly need: Need;
}

/**
 * One feature of the command side, registered by the host in one line: its write-model states
 * (built from the states of the features it needs, named by `need`), and its commands: the use
 * cases that decide them with its deciders, and the routes that call them.
 */
export interface CommandFeature<States> {
  readonly name: string;
  writeModel(need: Need): FeatureStates<States>;
  serve(host: FeatureHost<States>): Promise<void>;
}

/**
 * The write model of `features`: each feature's states built once, after those it needs, and their
 * parts in the order they were built (a part that reads another's states applies each event after it).
 */
export function featureStates(features: readonly CommandFeature<unknown>[]): { need: Need; parts: WriteModelPart[] } {
  const built = new Map<CommandFeature<unknown>, unknown>();
  const building = new Set<CommandFeature<unknown>>();
  const parts: WriteModelPart[] = [];
  const need: Need = <States>(feature: CommandFeature<States>): States => {
    if (built.has(feature)) return built.get(feature) as States;
    if (building.has(feature)) throw new Error(`the write model's features need each other: ${feature.name}`);
    building.add(feature);
    const share = feature.writeModel(need);
    parts.push(...share.parts);
    built.set(feature, share.states);
    return share.states;
  };
  for (const feature of features) need(feature);
  return { need, parts };
}
