import type { Reducer } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import type { RouteObject } from 'react-router-dom';
import type { shopApi } from '../api/shopApi';
import type { ShopDeps } from './deps';

/**
 * A panel of a dashboard: a route at a path under the dashboard's, listed in its side links when it
 * has a `link` label. The one that `opensDashboard` is where the dashboard opens, its link first;
 * without one it opens on the profile.
 */
export type DashboardPanel = RouteObject & { link?: string; opensDashboard?: boolean };

/** A feature's pages, by where they sit in the shop's routes (routes.tsx). */
export interface FeaturePages {
  /** Open to every visitor. */
  public?: RouteObject[];
  /** For a signed-in user only. */
  signedIn?: RouteObject[];
  /** Panels of the customer's dashboard, under /userdashboard (`:uid` in a link is the user's). */
  userDashboard?: DashboardPanel[];
  /** Panels of the admin's dashboard, under /admindashboard. */
  adminDashboard?: DashboardPanel[];
}

type SliceReducers = Record<string, Reducer>;

/**
 * Everything of one feature the app hosts: its reads, its slices, its flows and its pages. The store,
 * the root saga and the routes loop over the host's list (app/features.ts), so a new feature is its
 * folder, whose index registers it, and its entry (with its import) in that list.
 */
export interface ShopFeature<Reducers extends SliceReducers = Record<never, never>> {
  /** Its reads, injected into the shop's API (`injectReads`); named here so they are there before the store starts. */
  readonly reads?: { readonly reducerPath: typeof shopApi.reducerPath };
  /** Its slices, by their key in the store's state. */
  readonly reducers?: Reducers;
  /** Its flows, spawned once at start with the outside world they talk to. */
  readonly saga?: (deps: ShopDeps) => SagaIterator;
  readonly pages?: FeaturePages;
}

/** A feature's registration, its slices' keys and states kept in its type (the store's state is made of them). */
export const defineFeature = <Reducers extends SliceReducers = Record<never, never>>(feature: ShopFeature<Reducers>) => feature;

type UnionToIntersection<Union> = (Union extends unknown ? (each: Union) => void : never) extends (all: infer All) => void ? All : never;

/** The slices of every feature in `Features`, by key. */
export type ReducersOf<Features extends readonly ShopFeature<SliceReducers>[]> = UnionToIntersection<
  Features[number] extends infer Feature ? (Feature extends ShopFeature<infer Reducers> ? Reducers : never) : never
>;

/** The slices of all the features, by key; a key two features claim is an error (one would hide the other). */
export function reducersOf<Features extends readonly ShopFeature<SliceReducers>[]>(features: Features): ReducersOf<Features> {
  const reducers: SliceReducers = {};
  for (const feature of features) {
    for (const [key, reducer] of Object.entries<Reducer>(feature.reducers ?? {})) {
      if (key in reducers) throw new Error(`two features name the slice "${key}"`);
      reducers[key] = reducer;
    }
  }
  return reducers as ReducersOf<Features>;
}

/** The pages the features put at `place`, in the order of the list. */
export const pagesAt = <Place extends keyof FeaturePages>(features: readonly ShopFeature<SliceReducers>[], place: Place) =>
  features.flatMap((feature): NonNullable<FeaturePages[Place]> => feature.pages?.[place] ?? []);
