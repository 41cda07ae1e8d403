import type { StreamEvent } from "@baton/core";
import { endingLines } from "./ending-lines.js";
import type { Write } from "./plain-renderer.js";
import type { RunEnding, RunRenderer } from "./run-renderer.js";

/**
 * `--json`: every event of the run as one line of JSON (NDJSON), in `seq` order, and
 * nothing else on standard output. How the run ended (usage, how to resume) goes to
 * standard error as plain lines.
 */
export class JsonRenderer implements RunRenderer {
  constructor(
    private readonly write: Write,
    private readonly writeError: Write,
  ) {}

  start(): void {}

  event(event: StreamEvent): void {
    this.write(`${JSON.stringify(event)}\n`);
  }

  end(ending: RunEnding): void {
    for (const { label, text } of endingLines(ending)) this.writeError(`${label === undefined ? text : `[${label}] ${text}`}\n`);
  }

  close(): void {}
}
