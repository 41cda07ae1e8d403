import type { ChildProcess } from "node:child_process";

/** A child process of a trial. */
export interface TrialChild {
  readonly process: ChildProcess;
  /** Resolves when it printed `READY`. */
  readonly ready: Promise<void>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly stdout: string;
  readonly stderr: string;
  readonly done: boolean;
  /** SIGKILL; resolves once it is gone. */
  kill(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `script` with `config` as JSON in env `variable`. */
export declare function startChild(script: string, variable: string, config: unknown, onLine?: (line: string) => void): TrialChild;

/** Kills every child still alive. */
export declare function killAllChildren(): Promise<void>;
