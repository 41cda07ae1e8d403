import type { EvalProgress } from "./run-eval.js";

/** Where `progressPrinter` writes: a stream with `write`, and `isTTY` and `columns` when it is a terminal. */
export interface ProgressOutput {
  /** Writes text as it is. */
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

/**
 * An `onProgress` for `runEval` that writes to `output` (default: standard error): in
 * a terminal, one line redrawn in place with a bar (`[#####-----] 12/30 · 10 passed ·
 * 2 failed`) and a line break at the end; in a pipe or a file, one plain line per
 * attempt (`12/30 case-4 #2 passed`).
 */
export function progressPrinter(output: ProgressOutput = process.stderr): (progress: EvalProgress) => void {
  if (!output.isTTY) {
    return (progress) => {
      output.write(`${progress.done}/${progress.total} ${progress.caseId} #${progress.repeat + 1} ${progress.attemptPassed ? "passed" : "failed"}\n`);
    };
  }
  return (progress) => {
    const tail = ` ${progress.done}/${progress.total} · ${progress.passed} passed · ${progress.failed} failed`;
    const width = Math.max(10, Math.min(40, (output.columns || 80) - tail.length - 3));
    const filled = Math.round((progress.done / progress.total) * width);
    output.write(`\r[${"#".repeat(filled)}${"-".repeat(width - filled)}]${tail}${progress.done === progress.total ? "\n" : ""}`);
  };
}
