import { describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES, addProductSchema } from '@toolforge/contracts';
import { DEMO_CATALOGUE } from './catalogue.js';

describe('the demo catalogue', () => {
  it('holds eight products of each category', () => {
    for (const category of PRODUCT_CATEGORIES) {
      expect(DEMO_CATALOGUE.filter((product) => product.category === category)).toHaveLength(8);
    }
  });

  it('is added in turns, so the six newest (the home page) hold two of each category', () => {
    const newestSix = DEMO_CATALOGUE.slice(-6)
      .map((product) => product.category)
      .sort();
    expect(newestSix).toEqual(['hand-tool', 'hand-tool', 'machine-tool', 'machine-tool', 'power-tool', 'power-tool']);
  });

  it('passes the Add Product form’s rules, every product of it', () => {
    for (const product of DEMO_CATALOGUE) {
      const result = addProductSchema.safeParse(product);
      expect(result.error?.issues ?? [], product.name).toEqual([]);
    }
  });

  it('uses each shipped picture once, and names each product once', () => {
    const images = DEMO_CATALOGUE.map((product) => product.imageUrl);
    expect(new Set(images).size).toBe(24);
    for (const image of images) expect(image).toMatch(/^\/images\/products\/[a-z-]+\.svg$/);
    expect(new Set(DEMO_CATALOGUE.map((product) => product.name)).size).toBe(24);
  });
});
