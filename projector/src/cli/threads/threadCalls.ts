/**
 * Calls to a worker thread that holds an embedded database, and their answers (docs/operators.md):
 * each call is numbered so that its answer finds the caller; a failure comes back with its message
 * and PostgreSQL's SQLSTATE, which callers act on (a refused COPY, a unique violation).
 */
import { parentPort, Worker, workerData, type Transferable } from 'node:worker_threads';

/** The calls a thread answers, each with its one argument. */
export type ThreadCalls = Record<string, (argument: never) => Promise<unknown>>;

type Argument<Calls extends ThreadCalls, Name extends keyof Calls> = Parameters<Calls[Name]>[0];
type Answer<Calls extends ThreadCalls, Name extends keyof Calls> = Awaited<ReturnType<Calls[Name]>>;

type Question = { readonly id: number; readonly name: string; readonly argument: unknown } | { readonly id: number; readonly close: true };

type Told =
  | { readonly opened: true }
  | { readonly failed: string }
  | { readonly id: number; readonly value: unknown }
  | { readonly id: number; readonly error: string; readonly code?: string; readonly detail?: string };

/** A call failed in the thread: its message, and PostgreSQL's SQLSTATE and detail when it has them. */
export class ThreadCallError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly detail: string | undefined,
  ) {
    super(message);
    this.name = 'ThreadCallError';
  }
}

/** The caller's side: the thread's calls, and its end (what it opened is closed, then it exits). */
export interface Thread<Calls extends ThreadCalls> {
  /** Asks the thread; what `transfer` lists (the buffers of `argument`) is handed over rather than copied. */
  call<Name extends keyof Calls & string>(
    name: Name,
    argument: Argument<Calls, Name>,
    transfer?: readonly Transferable[],
  ): Promise<Answer<Calls, Name>>;
  close(): Promise<void>;
}

/**
 * Starts `script` (a module that calls serveThreadCalls) with `data`, and answers once it has
 * opened what it serves, or fails with why it could not. `what` names the thread in errors.
 */
export async function startThread<Calls extends ThreadCalls>(script: URL, data: unknown, what: string): Promise<Thread<Calls>> {
  const worker = new Worker(script, { workerData: data });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let lastId = 0;
  let ended: Error | undefined;
  const end = (error: Error) => {
    ended ??= error;
    for (const caller of waiting.values()) caller.reject(ended);
    waiting.clear();
  };
  const ask = (question: Question, transfer: readonly Transferable[] = []) =>
    new Promise<unknown>((resolve, reject) => {
      if (ended) return reject(ended);
      waiting.set(question.id, { resolve, reject });
      worker.postMessage(question, [...transfer]);
    });

  const opened = new Promise<void>((resolve, reject) => {
    worker.on('message', (told: Told) => {
      if ('opened' in told) return resolve();
      if ('failed' in told) return reject(new Error(told.failed));
      const caller = waiting.get(told.id);
      waiting.delete(told.id);
      if ('error' in told) caller?.reject(new ThreadCallError(told.error, told.code, told.detail));
      else caller?.resolve(told.value);
    });
    worker.on('error', (error) => {
      reject(error);
      end(error);
    });
    worker.on('exit', (code) => {
      const error = new Error(`${what}'s thread ended (exit code ${code})`);
      reject(error);
      end(error);
    });
  });
  try {
    await opened;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    call: (name, argument, transfer) => ask({ id: (lastId += 1), name, argument }, transfer) as Promise<never>,
    async close() {
      if (ended) return;
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      await ask({ id: (lastId += 1), close: true });
      await exited;
    },
  };
}

/** What a thread serves: its calls, and how to close what it opened for them. */
export interface Served<Calls extends ThreadCalls> {
  readonly calls: Calls;
  close(): Promise<void>;
}

/**
 * The thread's side, in the script startThread runs: opens what it serves from the thread's data,
 * then answers calls until asked to close, which closes what it opened and lets the thread end.
 */
export async function serveThreadCalls<Calls extends ThreadCalls>(open: (data: never) => Promise<Served<Calls>>): Promise<void> {
  const port = parentPort!;
  const tell = (told: Told) => port.postMessage(told);
  let served: Served<Calls>;
  try {
    served = await open(workerData as never);
  } catch (error) {
    tell({ failed: (error as Error).message });
    return;
  }
  port.on('message', (question: Question) => {
    const answering: Promise<unknown> =
      'close' in question ? served.close().then(() => null) : served.calls[question.name]!(question.argument as never);
    answering.then(
      (value) => {
        tell({ id: question.id, value });
        if ('close' in question) port.close();
      },
      (error: Error & { code?: string; detail?: string }) =>
        tell({
          id: question.id,
          error: error.message,
          ...(typeof error.code === 'string' ? { code: error.code } : {}),
          ...(typeof error.detail === 'string' ? { detail: error.detail } : {}),
        }),
    );
  });
  tell({ opened: true });
}

/**
 * Where a thread's script is, as built: the same path from the sources (src/cli/threads) and from
 * the build (dist/cli/threads), so tests, which run the sources, start the built script too
 * (`make test` builds first). Node runs no TypeScript in a worker.
 */
export function builtScript(name: string): URL {
  return new URL(`../../../dist/cli/threads/${name}.js`, import.meta.url);
}
