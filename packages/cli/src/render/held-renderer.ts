import type { StreamEvent } from "@baton/core";
import type { RunEnding, RunHeader, RunRenderer } from "./run-renderer.js";

/**
 * A renderer that shows nothing until its run is under way: the first line and the
 * events that open or end a run (`run-start`, `error`, `run-end`) are held until any
 * other event comes. A run that ends before, refused as `refused` says (a resume of a
 * run another process holds, decisions that match nothing), shows nothing at all: the
 * command prints its error, once. Any other ending shows what was held, then itself.
 */
export class HeldRenderer implements RunRenderer {
  private header: RunHeader | undefined;
  private held: StreamEvent[] | undefined = [];
  /** Whether the run ended refused, so nothing was shown. */
  refusedWith: RunEnding | undefined;

  constructor(
    private readonly inner: RunRenderer,
    private readonly refused: (ending: RunEnding) => boolean,
  ) {}

  start(header: RunHeader): void {
    this.header = header;
  }

  event(event: StreamEvent): void {
    if (this.held !== undefined) {
      if (event.type === "run-start" || event.type === "error" || event.type === "run-end") {
        this.held.push(event);
        return;
      }
      this.release();
    }
    this.inner.event(event);
  }

  end(ending: RunEnding): void {
    if (this.held !== undefined && this.refused(ending)) {
      this.held = undefined;
      this.refusedWith = ending;
      return;
    }
    this.release();
    this.inner.end(ending);
  }

  close(): void {
    // Nothing was drawn while the run was held: there is nothing to stop.
    if (this.held === undefined && this.refusedWith === undefined) this.inner.close();
  }

  /** Shows the first line and the events held so far. */
  private release(): void {
    const held = this.held;
    if (held === undefined) return;
    this.held = undefined;
    if (this.header !== undefined) this.inner.start(this.header);
    for (const event of held) this.inner.event(event);
  }
}
