import { describe, expect, it } from 'vitest';
import { markdownTable, type BenchReport } from './table.js';
import { figureOfRuns, type Run } from './webFigures.js';

const run = (patch: Partial<Run> = {}): Run => ({
  performance: 97,
  lcpSeconds: 2.1,
  cls: 0,
  accessibility: 100,
  jsKbGzip: 140,
  finalPath: '/',
  ...patch,
});

describe('figureOfRuns', () => {
  it('takes the median of each figure over the runs', () => {
    const figure = figureOfRuns('/', '/', [
      run({ performance: 90, lcpSeconds: 3.0, jsKbGzip: 141 }),
      run({ performance: 99, lcpSeconds: 1.9, jsKbGzip: 139 }),
      run({ performance: 96, lcpSeconds: 2.2, jsKbGzip: 140 }),
    ]);
    expect(figure).toMatchObject({ page: '/', performance: 96, lcpSeconds: 2.2, jsKbGzip: 140, met: true, endedOn: [] });
  });

  it('holds the JavaScript budget against / only', () => {
    const heavy = [run({ jsKbGzip: 180 }), run({ jsKbGzip: 180 }), run({ jsKbGzip: 180 })];
    expect(figureOfRuns('/', '/', heavy).met).toBe(false);
    const login = heavy.map((one) => ({ ...one, finalPath: '/login' }));
    expect(figureOfRuns('/login', '/login', login)).toMatchObject({ met: true, goal: 'perf >= 95, CLS < 0.1, a11y 100' });
  });

  it('misses the goals below 95, at a CLS of 0.1, or below accessibility 100', () => {
    expect(figureOfRuns('/', '/', [run({ performance: 94 })]).met).toBe(false);
    expect(figureOfRuns('/', '/', [run({ cls: 0.1 })]).met).toBe(false);
    expect(figureOfRuns('/', '/', [run({ accessibility: 96 })]).met).toBe(false);
  });

  it('does not count a page whose run ended elsewhere, and says where', () => {
    const figure = figureOfRuns('/allproducts', '/allproducts (signed in)', [
      run({ finalPath: '/allproducts' }),
      run({ finalPath: '/login' }),
      run({ finalPath: '/allproducts' }),
    ]);
    expect(figure).toMatchObject({ page: '/allproducts (signed in)', met: false, endedOn: ['/login'] });
  });
});

describe('the web table', () => {
  it('prints a row per page, with where a run ended when it was another page', () => {
    const report = {
      date: '2026-11-25T11:15:27.000Z',
      machine: { cores: 2, cpu: 'AMD EPYC' },
      setups: [],
      figures: [],
      profiles: [],
      webPages: [figureOfRuns('/', '/', [run()]), figureOfRuns('/allproducts', '/allproducts (signed in)', [run({ finalPath: '/login' })])],
    } as unknown as BenchReport;
    const table = markdownTable(report);
    expect(table).toContain('| / | 97 | 2.1 | 0.000 | 100 | 140 | perf >= 95, CLS < 0.1, a11y 100, JS <= 150 KB | yes |');
    expect(table).toContain(
      '| /allproducts (signed in) | 97 | 2.1 | 0.000 | 100 | 140 | perf >= 95, CLS < 0.1, a11y 100 | **no** (ended on /login) |',
    );
    expect(table).not.toContain('| stack | figure |');
  });
});
