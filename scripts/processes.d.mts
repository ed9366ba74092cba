import type { ChildProcess, SpawnOptions } from "node:child_process";

export const root: string;
export function bin(name: string): string;
export function freePort(): Promise<number>;
export function waitFor(
  url: string,
  timeoutMs?: number,
  child?: ChildProcess,
): Promise<void>;
export function stopChild(child: ChildProcess): Promise<void>;
export function startUpstream(options: {
  port: number;
  /** Without it: a fresh, seeded database in a temp folder of its own, removed by `stop()`. */
  db?: string;
  reset?: boolean;
  env?: Record<string, string>;
}): Promise<{
  url: string;
  child: ChildProcess;
  db: string;
  stop(): Promise<void>;
}>;
export function instrumentArgs(): string[];
export function logLine(
  message: string,
  fields?: Record<string, unknown>,
  stream?: NodeJS.WritableStream,
): void;
export function run(
  command: string,
  args: string[],
  options?: SpawnOptions,
): Promise<number>;
export function serverArgs(): string[];
export function supervise(
  start: () => Promise<ChildProcess>,
  options: {
    name: string;
    minDelayMs?: number;
    maxDelayMs?: number;
    stableMs?: number;
    log?: (message: string) => void;
  },
): {
  ready: Promise<ChildProcess>;
  readonly child: ChildProcess | null;
  stop(): void;
};
