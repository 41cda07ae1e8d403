import type { StreamEvent } from "@baton/core";
import { endingLines } from "./ending-lines.js";
import { agentLabel, depthOf, formatDuration, shortJson } from "./format.js";
import type { RunEnding, RunHeader, RunRenderer } from "./run-renderer.js";

/** Where a renderer writes (a stream's `write`). */
export type Write = (text: string) => void;

/**
 * The renderer for pipes and files: plain lines, no ANSI codes, no spinner. Each tool
 * call gets a line when it starts and one when it ends; sub-agents' lines are indented
 * two spaces per level; the main agent's answer is written as it streams.
 *
 * ```text
 * [run] 3f1c… · agent support · model gpt-4.1-mini · openai
 * [tool] search_orders {"query":"A-17"} started
 * [tool] search_orders done (12 ms)
 * Order A-17 ships tomorrow.
 * [completed] 2 model calls · 310 tokens (250 in, 60 out) · $0.000196 · 1 tool call
 * ```
 */
export class PlainRenderer implements RunRenderer {
  private atLineStart = true;

  constructor(private readonly write: Write) {}

  private line(text: string, depth = 0): void {
    if (!this.atLineStart) this.write("\n");
    this.write(`${"  ".repeat(depth)}${text}\n`);
    this.atLineStart = true;
  }

  start(header: RunHeader): void {
    this.line(`[${header.resumed ? "resume" : "run"}] ${header.runId} · agent ${header.agentName} · model ${header.model} · ${header.provider}`);
  }

  event(event: StreamEvent): void {
    const depth = depthOf(event.agentPath);
    switch (event.type) {
      case "run-start":
        if (depth > 0) this.line(`[agent] ${agentLabel(event.agentPath)} started (model ${event.model})`, depth);
        return;
      case "run-end":
        if (depth > 0) this.line(`[agent] ${agentLabel(event.agentPath)} ${event.stopReason}`, depth);
        return;
      case "tool-start":
        this.line(`[tool] ${event.toolName} ${shortJson(event.arguments)} started`, depth);
        return;
      case "tool-done":
        this.line(`[tool] ${event.toolName} done (${formatDuration(event.durationMs)})`, depth);
        return;
      case "tool-error":
        this.line(
          `[tool] ${event.toolName} ${event.status === "refused" ? "refused" : "failed"} (${formatDuration(event.durationMs)}): ${event.error.code}: ${event.error.message.split("\n")[0]}`,
          depth,
        );
        return;
      case "tool-interrupted":
        this.line(`[tool] ${event.toolName} waits for ${event.kind}`, depth);
        return;
      case "text-delta":
        if (depth > 0 || event.text.length === 0) return;
        this.write(event.text);
        this.atLineStart = event.text.endsWith("\n");
        return;
      case "error":
        this.line(`[warning] ${event.error.code}: ${event.error.message}`, depth);
        return;
      default:
        return;
    }
  }

  end(ending: RunEnding): void {
    for (const { label, text } of endingLines(ending)) this.line(label === undefined ? text : `[${label}] ${text}`);
  }

  close(): void {}
}
