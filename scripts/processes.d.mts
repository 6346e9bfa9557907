// The types of processes.mjs, the project's one process launcher (see there).
import type { ChildProcess } from 'node:child_process';

export function sleep(ms: number): Promise<void>;
export function listening(port: number, host?: string): Promise<boolean>;
export function signal(pid: number, name: NodeJS.Signals | 0): boolean;
export function alive(pid: number): boolean;
export function readTail(file: string, lines?: number): string;

/** Where a launched process's stdout and stderr go. */
export type ProcessOutput = 'collect' | 'inherit' | 'ignore' | { file: string };

/** Ready when `url` answers 2xx, when the collected output holds `output`, or when the function says so. */
export type Readiness = { url: string } | { output: string } | (() => boolean | Promise<boolean>);

export interface LaunchOptions {
  /** How errors name it. */
  name: string;
  command: string;
  args?: readonly string[];
  cwd?: string;
  /** Its whole environment (this process's when not given). */
  env?: NodeJS.ProcessEnv;
  /** Its own process group: stop() and kill() reach whatever it started; this process may exit first. */
  detached?: boolean;
  /** 'collect' unless given. */
  output?: ProcessOutput;
  /** How stop() ends it unless told otherwise: SIGTERM, then SIGKILL after 20 s. */
  stopSignal?: NodeJS.Signals;
  stopGraceMs?: number;
}

export interface WaitOptions {
  timeoutMs?: number;
  pollMs?: number;
}

export interface StopOptions {
  signal?: NodeJS.Signals;
  graceMs?: number;
}

export interface LaunchedProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Undefined when it could not be spawned at all. */
  readonly pid: number | undefined;
  /** Its exit code once it exits (null when a signal ended it or it never started). */
  readonly exited: Promise<number | null>;
  running(): boolean;
  /** What it printed so far (collected), or the last lines of its log file. */
  output(): string;
  /** Resolves once ready; throws, quoting its output, if it exits first or the time runs out. */
  waitUntilReady(ready: Readiness, options?: WaitOptions): Promise<void>;
  /** Its exit code; SIGKILL first if it still runs after `timeoutMs`. */
  waitForExit(timeoutMs: number): Promise<number | null>;
  /** The signal (to its group when detached), SIGKILL after the grace period; resolves its exit code. */
  stop(options?: StopOptions): Promise<number | null>;
  /** SIGKILL at once if it still runs (clean-up after a failure). */
  kill(): void;
}

export function launch(options: LaunchOptions): LaunchedProcess;

export function startProcess(options: LaunchOptions & WaitOptions & { ready: Readiness }): Promise<LaunchedProcess>;

export function startInBackground(
  options: Omit<LaunchOptions, 'detached' | 'output'> & WaitOptions & { logFile: string; pidFile: string; ready: Readiness },
): Promise<LaunchedProcess>;

export function stopProcess(pid: number, options?: StopOptions & { group?: boolean; exited?: Promise<unknown> }): Promise<boolean>;

export function stopByPidFile(pidFile: string, options?: StopOptions & { group?: boolean }): Promise<boolean>;
/** A server a test run may start: start resolves true when it started one, false when one already answered. */
export interface StartableServer {
  start(): Promise<boolean>;
  stop(): unknown;
}
/** Starts them side by side; answers a function stopping those it started. On a failure, stops those first and throws. */
export function startTogether(servers: readonly StartableServer[]): Promise<() => Promise<unknown>>;
