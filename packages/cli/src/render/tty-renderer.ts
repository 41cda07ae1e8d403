import type { StreamEvent, Usage } from "@baton/core";
import { createLogUpdate } from "log-update";
import { endingLines, type EndingTone } from "./ending-lines.js";
import { agentLabel, depthOf, formatCost, formatCount, formatDuration, shortJson } from "./format.js";
import { paint, type Style } from "./paint.js";
import type { RunEnding, RunHeader, RunRenderer } from "./run-renderer.js";

/** The spinner's frames (the "dots" spinner of cli-spinners). */
export const SPINNER_FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] as const;

/** How often the spinner turns, in ms. */
const FRAME_MS = 80;

/** Lines of the streaming answer kept in view while it streams. */
const ANSWER_TAIL_LINES = 8;

interface RunningTool {
  readonly name: string;
  readonly arguments: unknown;
  readonly depth: number;
  readonly startedAt: number;
}

const TONE: Readonly<Record<EndingTone, { readonly mark: string; readonly style: Style }>> = {
  ok: { mark: "✔", style: "green" },
  warn: { mark: "⚠", style: "yellow" },
  error: { mark: "✖", style: "red" },
  hint: { mark: "›", style: "dim" },
};

/**
 * The renderer for a terminal: finished lines are printed once, above a live region
 * (redrawn with log-update) that shows each running tool with a spinner and its time
 * so far, the answer as it streams, and the tokens and cost so far. Sub-agents'
 * lines are indented two spaces per level.
 */
export class TtyRenderer implements RunRenderer {
  private readonly live: ReturnType<typeof createLogUpdate>;
  private readonly running = new Map<string, RunningTool>();
  private readonly usage: Usage[] = [];
  private answer = "";
  private frame = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly startedAt = Date.now();

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly color: boolean,
  ) {
    this.live = createLogUpdate(stream);
  }

  private paint(style: Style, text: string): string {
    return paint(style, text, this.color);
  }

  /** Prints lines for good, above the live region. */
  private print(lines: readonly string[]): void {
    this.live.clear();
    this.stream.write(`${lines.join("\n")}\n`);
    this.render();
  }

  private render(): void {
    const spinner = this.paint("cyan", SPINNER_FRAMES[this.frame % SPINNER_FRAMES.length]!);
    const now = Date.now();
    const lines: string[] = [];
    for (const tool of this.running.values()) {
      lines.push(
        `${"  ".repeat(tool.depth)}${spinner} ${this.paint("bold", tool.name)} ${this.paint("dim", shortJson(tool.arguments, 60))} ${this.paint("dim", formatDuration(now - tool.startedAt))}`,
      );
    }
    if (this.answer.length > 0) lines.push(...this.answer.split("\n").slice(-ANSWER_TAIL_LINES));
    lines.push(`${spinner} ${this.paint("dim", this.status(now))}`);
    this.live(lines.join("\n"));
  }

  private status(now: number): string {
    const input = this.usage.reduce((sum, usage) => sum + usage.inputTokens, 0);
    const output = this.usage.reduce((sum, usage) => sum + usage.outputTokens, 0);
    const costs = this.usage.filter((usage) => usage.costUsd !== undefined);
    const cost = costs.length > 0 ? ` · ${formatCost(costs.reduce((sum, usage) => sum + usage.costUsd!, 0))}` : "";
    const tools = this.running.size > 0 ? `${this.running.size} tool${this.running.size === 1 ? "" : "s"} running · ` : "";
    return `${tools}${this.usage.length} model call${this.usage.length === 1 ? "" : "s"} · ${formatCount(input + output)} tokens${cost} · ${formatDuration(now - this.startedAt)}`;
  }

  start(header: RunHeader): void {
    this.stream.write(
      `${this.paint("bold", header.resumed ? "Resuming" : "Running")} ${header.agentName} ${this.paint("dim", `· ${header.model} · ${header.provider} · run ${header.runId}`)}\n`,
    );
    this.render();
    this.timer = setInterval(() => {
      this.frame++;
      this.render();
    }, FRAME_MS);
    this.timer.unref?.();
  }

  private flushAnswer(): void {
    if (this.answer.length === 0) return;
    const text = this.answer.replace(/\n+$/, "");
    this.answer = "";
    this.print([text]);
  }

  event(event: StreamEvent): void {
    const depth = depthOf(event.agentPath);
    const indent = "  ".repeat(depth);
    switch (event.type) {
      case "run-start":
        if (depth > 0)
          this.print([
            `${"  ".repeat(depth - 1)}${this.paint("cyan", "◆")} ${this.paint("bold", agentLabel(event.agentPath))} ${this.paint("dim", event.model)}`,
          ]);
        return;
      case "run-end":
        if (depth > 0)
          this.print([
            `${"  ".repeat(depth - 1)}${this.paint(event.stopReason === "completed" ? "green" : "yellow", "◆")} ${agentLabel(event.agentPath)} ${this.paint("dim", event.stopReason)}`,
          ]);
        return;
      case "tool-start":
        this.running.set(event.toolCallId, { name: event.toolName, arguments: event.arguments, depth, startedAt: Date.now() });
        this.render();
        return;
      case "tool-done":
        this.running.delete(event.toolCallId);
        this.print([`${indent}${this.paint("green", "✔")} ${event.toolName} ${this.paint("dim", `done in ${formatDuration(event.durationMs)}`)}`]);
        return;
      case "tool-error":
        this.running.delete(event.toolCallId);
        this.print([
          `${indent}${this.paint("red", "✖")} ${event.toolName} ${this.paint("red", `${event.status === "refused" ? "refused" : "failed"} in ${formatDuration(event.durationMs)}`)} ${this.paint("dim", `${event.error.code}: ${event.error.message.split("\n")[0]}`)}`,
        ]);
        return;
      case "tool-interrupted":
        this.running.delete(event.toolCallId);
        this.print([`${indent}${this.paint("yellow", "⏸")} ${event.toolName} ${this.paint("dim", `waits for ${event.kind}`)}`]);
        return;
      case "usage":
        this.usage.push(event.usage);
        this.render();
        return;
      case "text-delta":
        if (depth > 0) return;
        this.answer += event.text;
        this.render();
        return;
      case "step-end":
        if (depth === 0) this.flushAnswer();
        return;
      case "error":
        this.print([`${indent}${this.paint("yellow", "⚠")} ${this.paint("dim", `${event.error.code}: ${event.error.message}`)}`]);
        return;
      default:
        return;
    }
  }

  end(ending: RunEnding): void {
    if (this.timer) clearInterval(this.timer);
    this.flushAnswer();
    this.running.clear();
    this.live.clear();
    const lines = endingLines(ending).map(({ tone, label, text }) => {
      const { mark, style } = TONE[tone];
      return `${this.paint(style, mark)} ${label === undefined ? this.paint("dim", text) : `${this.paint(style, label)} ${this.paint("dim", `· ${text} · ${formatDuration(Date.now() - this.startedAt)}`)}`}`;
    });
    this.stream.write(`${lines.join("\n")}\n`);
    this.live.done();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.live.clear();
  }
}
