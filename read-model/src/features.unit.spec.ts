import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOPIC_OF_EVENT } from '@toolforge/contracts';
import type { Migration } from '@toolforge/platform/sql';
import { READ_MODEL_FEATURES } from './features.js';

const names = (lists: readonly (readonly string[])[]) => lists.flat().sort();

describe('the read model’s features', () => {
  it('project every event type of the shop, each by exactly one feature', () => {
    expect(names(READ_MODEL_FEATURES.map((feature) => feature.events))).toEqual(Object.keys(TOPIC_OF_EVENT).sort());
  });

  it('follow only event types another feature projects', () => {
    for (const feature of READ_MODEL_FEATURES) {
      const followed = 'follows' in feature && feature.follows ? feature.follows.events : [];
      for (const type of followed) {
        const owners = READ_MODEL_FEATURES.filter((owner) => (owner.events as readonly string[]).includes(type));
        expect(
          owners.map((owner) => owner.name),
          `${feature.name} follows ${type}`,
        ).toHaveLength(1);
        expect(owners[0], `${feature.name} follows ${type}`).not.toBe(feature);
      }
    }
  });

  it('apply each kind of write in exactly one feature', () => {
    const kinds = names(READ_MODEL_FEATURES.map((feature) => Object.keys(feature.writes)));
    expect(kinds).toEqual([...new Set(kinds)]);
  });

  it('name each cache area once', () => {
    const areas = READ_MODEL_FEATURES.flatMap((feature) => Object.values(feature.cacheAreas));
    expect(areas).toEqual([...new Set(areas)]);
    const areaNames = names(READ_MODEL_FEATURES.map((feature) => Object.keys(feature.cacheAreas)));
    expect(areaNames).toEqual([...new Set(areaNames)]);
  });

  it('keep each migration in a file of the feature’s migrations folder named by its version, and run them all', async () => {
    const folders = readdirSync(new URL('.', import.meta.url), { withFileTypes: true }).filter(
      (entry) => entry.isDirectory() && readdirSync(new URL(`./${entry.name}/`, import.meta.url)).includes('migrations'),
    );
    expect(folders.length).toBeGreaterThan(0);
    for (const { name: folder } of folders) {
      const directory = new URL(`./${folder}/migrations/`, import.meta.url);
      const files = readdirSync(directory).filter((file) => file.endsWith('.ts'));
      const [feature] = Object.values(
        (await import(new URL(`./${folder}/index.ts`, import.meta.url).href)) as Record<string, (typeof READ_MODEL_FEATURES)[number]>,
      );
      const inFiles: Migration[] = [];
      for (const file of files) {
        const exported = Object.values((await import(new URL(file, directory).href)) as Record<string, Migration>);
        expect(exported, file).toHaveLength(1);
        expect(file, file).toMatch(new RegExp(`^${String(exported[0]!.version).padStart(3, '0')}-[a-z-]+\\.ts$`));
        inFiles.push(exported[0]!);
      }
      expect(feature!.tables.migrations, folder).toEqual(inFiles.sort((a, b) => a.version - b.version));
    }
  });
});
