import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, messages, type ProductDto, type ProductSort } from '@toolforge/contracts';
import { productAdded, productDeleted } from '@toolforge/contracts/testing';
import { startQueryService, type QueryHarness } from '../test/harness.js';
import type { QueryStack } from '../test/stacks.js';

type Sample = Parameters<typeof productAdded>[0] & { name: string; priceCents: number };

/** The shop's products: two at the same price, one deleted (it must never be found). */
const SAMPLES = {
  drill: {
    name: 'Cordless Drill 18V',
    category: 'power-tool',
    model: 'DCD-771',
    priceCents: 129_00,
    description: 'Two speed driver with a lithium battery and a keyless chuck.',
  },
  hammer: {
    name: 'Claw Hammer 16 oz',
    category: 'hand-tool',
    model: 'CH-16',
    priceCents: 24_99,
    description: 'Forged steel head with a fibreglass handle and a rubber grip.',
  },
  lathe: {
    name: 'Bench Lathe',
    category: 'machine-tool',
    model: 'ML-300',
    priceCents: 899_00,
    description: 'Variable speed metal lathe for small turning jobs in the workshop.',
  },
  hammerDrill: {
    name: 'Hammer Drill SDS',
    category: 'power-tool',
    model: 'SDS-2',
    priceCents: 159_00,
    description: 'Hammer action for drilling into masonry and concrete walls.',
  },
  wrench: {
    name: 'adjustable Wrench',
    category: 'hand-tool',
    model: 'AW-10',
    priceCents: 24_99,
    description: "Chrome vanadium wrench with a wide jaw for nuts and bolts, O'Neill's pick.",
  },
  press: {
    name: 'Drill Press',
    category: 'machine-tool',
    model: 'DP-1',
    priceCents: 300_00,
    description: 'A drill press that was deleted, so that no search ever shows it.',
  },
} as const satisfies Record<string, Sample>;
type SampleName = keyof typeof SAMPLES;

/** GET /products?category&q&sort and /productscount?category&q on a stack. */
export function describeCatalogueSearch(stack: QueryStack): void {
  describe(`catalogue search, filter and sort on ${stack.name}`, () => {
    let shop: QueryHarness;
    let customer: string;
    const added = new Map<SampleName, { id: string; partition: number; offset: number }>();
    const idOf = (name: SampleName) => added.get(name)!.id;
    const ids = (...names: SampleName[]) => names.map(idOf);

    const list = async (query: string) => {
      const response = await shop.get(`/products?${query}`, { token: customer });
      expect(response.statusCode, query).toBe(200);
      return response.json<ProductDto[]>();
    };
    const listed = async (query: string) => (await list(query)).map((product) => product.productId);
    const count = async (query: string) => {
      const response = await shop.get(`/productscount?${query}`, { token: customer });
      expect(response.statusCode, query).toBe(200);
      return response.json<{ count: number }>().count;
    };

    /** The order each sort promises: its key, then the log position in the same direction. */
    const inOrder = (sort: ProductSort, names: SampleName[]) => {
      const position = (name: SampleName) => added.get(name)!;
      const byLog = (a: SampleName, b: SampleName) =>
        position(a).partition - position(b).partition || position(a).offset - position(b).offset;
      const compare: Record<ProductSort, (a: SampleName, b: SampleName) => number> = {
        newest: (a, b) => byLog(b, a),
        'price-asc': (a, b) => SAMPLES[a].priceCents - SAMPLES[b].priceCents || byLog(a, b),
        'price-desc': (a, b) => SAMPLES[b].priceCents - SAMPLES[a].priceCents || byLog(b, a),
        name: (a, b) => SAMPLES[a].name.toLowerCase().localeCompare(SAMPLES[b].name.toLowerCase()),
      };
      return [...names].sort(compare[sort]).map(idOf);
    };
    const SHOWN: SampleName[] = ['drill', 'hammer', 'lathe', 'hammerDrill', 'wrench'];

    beforeAll(async () => {
      shop = await startQueryService({ stack });
      customer = shop.token({ uid: 'u-ada' });
      // All in the same millisecond: the log position alone orders them by age.
      const occurredAt = new Date().toISOString();
      for (const [name, sample] of Object.entries(SAMPLES) as [SampleName, Sample][]) {
        const event = productAdded(sample, { occurredAt });
        const [appended] = await shop.append(event);
        added.set(name, { id: event.data.productId, ...appended!.position });
      }
      await shop.append(productDeleted(idOf('press')));
      await shop.project();
    });
    afterAll(() => shop.close());

    it.each([
      ['a word of the name', 'q=lathe', ['lathe']],
      ['the model', 'q=DCD-771', ['drill']],
      ['a word of the description only', 'q=masonry', ['hammerDrill']],
      ['the start of the last word', 'q=hamm', ['hammer', 'hammerDrill']],
      ['a word the text holds as the start of a longer one', 'q=drill', ['drill', 'hammerDrill']],
      ['every word, in any case, with any spaces', 'q=%20%20HAMMER%20%20%20drill%20', ['hammerDrill']],
      ['words in name and description together', 'q=bench%20metal%20lath', ['lathe']],
      ['a quote the description holds', "q=o'neill", ['wrench']],
      ['a category', 'category=hand-tool', ['hammer', 'wrench']],
      ['a category and a text', 'category=power-tool&q=hammer', ['hammerDrill']],
      ['a category the text is not in', 'category=machine-tool&q=hammer', []],
      ['no text (blank)', 'q=%20%20', SHOWN],
      ['no text (empty)', 'q=', SHOWN],
      ['text with no word in it', 'q=!!!', []],
    ] as const)('finds products by %s, newest first, and counts the same', async (_case, query, names) => {
      expect(new Set(await listed(`${query}&size=100`))).toEqual(new Set(ids(...names)));
      expect(await listed(`${query}&size=100`)).toEqual(inOrder('newest', [...names]));
      expect(await count(query)).toBe(names.length);
    });

    it('never finds a deleted product', async () => {
      expect(await listed('q=press')).toEqual([]);
      expect(await count('q=press')).toBe(0);
      expect(await count('category=machine-tool')).toBe(1);
    });

    it('reads tsquery operators, quotes and backslashes as plain text, never as a query', async () => {
      for (const q of ["drill & | ! ( ) <-> :* ' \\", "'':*", '\\', 'drill:*A', '(((', "o''neill", 'a'.repeat(LIMITS.searchText)]) {
        const query = `q=${encodeURIComponent(q)}`;
        expect((await list(`${query}&sort=name`)).length, q).toBe(await count(query));
      }
      expect(await listed(`q=${encodeURIComponent('(drill) & !hammer:*')}`)).toEqual(inOrder('newest', ['hammerDrill']));
    });

    it.each(['newest', 'price-asc', 'price-desc', 'name'] as const)(
      'sorts by %s, ties broken by the log position, pages never repeating or skipping',
      async (sort) => {
        expect(await listed(`sort=${sort}&size=100`)).toEqual(inOrder(sort, SHOWN));
        const pages = [];
        for (let page = 0; page < 3; page += 1) pages.push(...(await listed(`sort=${sort}&size=2&page=${page}`)));
        expect(pages).toEqual(inOrder(sort, SHOWN));
        expect(await listed(`sort=${sort}&size=2&page=3`)).toEqual([]);
        // A filtered list in the same order.
        expect(await listed(`sort=${sort}&category=hand-tool`)).toEqual(inOrder(sort, ['hammer', 'wrench']));
      },
    );

    it('sorts price-desc as the exact reverse of price-asc, equal prices included', async () => {
      expect(await listed('sort=price-desc')).toEqual((await listed('sort=price-asc')).reverse());
    });

    it.each([
      ['/products?category=garden-tool', messages.categoryFilter],
      ['/products?category=', messages.categoryFilter],
      ['/products?category=hand-tool&category=power-tool', messages.categoryFilter],
      ['/products?sort=price', messages.productSort],
      ['/products?sort=', messages.productSort],
      [`/products?q=${'a'.repeat(LIMITS.searchText + 1)}`, messages.searchTextMax],
      ['/products?q=drill%00', messages.searchTextPlain],
      ['/products?q=drill%0Ahammer', messages.searchTextPlain],
      ['/products?q=a&q=b', messages.searchTextPlain],
      ['/products?colour=red', 'Unrecognized key: "colour"'],
      ['/productscount?category=garden-tool', messages.categoryFilter],
      [`/productscount?q=${'a'.repeat(LIMITS.searchText + 1)}`, messages.searchTextMax],
      ['/productscount?q=%00', messages.searchTextPlain],
    ])('refuses %s with 400 and says why', async (url, message) => {
      const response = await shop.get(url, { token: customer });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
    });

    it('takes a text of the longest length once trimmed', async () => {
      expect(await listed(`q=%20${'a'.repeat(LIMITS.searchText)}%20`)).toEqual([]);
    });

    it('counts, as before the filters, whatever other keys a client sends along', async () => {
      expect(await count('page=3&size=5&sort=name&colour=red')).toBe(SHOWN.length);
      expect(await count('category=hand-tool&page=1')).toBe(2);
    });

    it('needs a token, filtered or not', async () => {
      expect((await shop.get('/products?q=drill')).statusCode).toBe(401);
      expect((await shop.get('/productscount?category=hand-tool')).statusCode).toBe(401);
    });

    it('keeps a filtered answer in the cache until the next catalogue commit, then reads it again', async () => {
      expect(await listed('q=Drill&sort=price-asc')).toEqual(inOrder('price-asc', ['drill', 'hammerDrill']));
      expect(await count('q=drill')).toBe(2);
      const bits = productAdded({ name: 'Drill Bit Set', category: 'power-tool', model: 'DB-19', priceCents: 19_99 });
      await shop.append(bits);
      await shop.project();
      // No X-Read-After: from the cache, which the commit moved to a new generation.
      expect(await listed('q=drill&sort=price-asc')).toEqual([bits.data.productId, ...inOrder('price-asc', ['drill', 'hammerDrill'])]);
      expect(await count('q=DRILL')).toBe(3);
    });
  });
}
