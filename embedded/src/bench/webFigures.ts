/**
 * Issue 16's web table: a page's Lighthouse runs made one row (the median of each figure) and
 * checked against the issue's goals.
 */

/** One page's row of the web table. */
export interface WebPageFigure {
  readonly page: string;
  readonly performance: number;
  readonly lcpSeconds: number;
  readonly cls: number;
  readonly accessibility: number;
  /** The JavaScript the page loaded before any interaction, gzip-compressed, in KB. */
  readonly jsKbGzip: number;
  readonly goal: string;
  readonly met: boolean;
  /** Where runs ended when that was not the page asked for (a signed-in page that sent Lighthouse to /login). */
  readonly endedOn: readonly string[];
}

/** Issue 16's goals; the JavaScript budget is the one of `/`, the page a visitor lands on. */
const GOALS = { performance: 95, cls: 0.1, accessibility: 100, jsKbOnHome: 150 };

/** What one Lighthouse run of a page measured, and the page it ended on. */
export interface Run {
  performance: number;
  lcpSeconds: number;
  cls: number;
  accessibility: number;
  jsKbGzip: number;
  finalPath: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The row of a page from its runs: the median of each figure, against the goals. */
export function figureOfRuns(page: string, label: string, runs: Run[]): WebPageFigure {
  const of = (key: keyof Omit<Run, 'finalPath'>) => median(runs.map((run) => run[key]));
  const figure = {
    page: label,
    performance: of('performance'),
    lcpSeconds: of('lcpSeconds'),
    cls: of('cls'),
    accessibility: of('accessibility'),
    jsKbGzip: of('jsKbGzip'),
  };
  const home = page === '/';
  // A run that ended elsewhere measured another page.
  const endedOn = [...new Set(runs.map((run) => run.finalPath))].filter((path) => path !== page);
  const met =
    endedOn.length === 0 &&
    figure.performance >= GOALS.performance &&
    figure.cls < GOALS.cls &&
    figure.accessibility >= GOALS.accessibility &&
    (!home || figure.jsKbGzip <= GOALS.jsKbOnHome);
  const goal = `perf >= ${GOALS.performance}, CLS < ${GOALS.cls}, a11y ${GOALS.accessibility}${home ? `, JS <= ${GOALS.jsKbOnHome} KB` : ''}`;
  return { ...figure, goal, met, endedOn };
}
