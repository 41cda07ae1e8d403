import { formatCount, formatUsage, shortJson } from "./format.js";
import type { RunEnding } from "./run-renderer.js";

/** The kind of an ending line (a renderer picks its mark and colour from it). */
export type EndingTone = "ok" | "warn" | "error" | "hint";

/** One line of what a run's end says. */
export interface EndingLine {
  readonly tone: EndingTone;
  /** How the run stopped (`completed`, `interrupted`, …), on the first line only. */
  readonly label?: string;
  readonly text: string;
}

/**
 * What every renderer but `--json` prints when a run ends: how it stopped with its
 * usage, what a paused run waits for, how to continue it.
 */
export function endingLines(ending: RunEnding): EndingLine[] {
  const { result } = ending;
  const usage = formatUsage(result.usage.total);
  const tools = `${formatCount(result.toolCalls.length)} tool call${result.toolCalls.length === 1 ? "" : "s"}`;
  const lines: EndingLine[] = [];
  if (ending.interrupted) {
    lines.push({ tone: "warn", label: "interrupted", text: `${usage} · ${tools} so far` });
    lines.push(
      ending.resumable
        ? { tone: "hint", text: `continue with: baton resume ${result.runId}` }
        : { tone: "hint", text: "nothing was stored to resume from (the run stopped before its first checkpoint)" },
    );
    return lines;
  }
  if (result.stopReason === "interrupted") {
    lines.push({ tone: "warn", label: "paused", text: `${usage} · ${tools}` });
    for (const waiting of result.interruptions ?? []) {
      lines.push({
        tone: "hint",
        text: `waiting for ${waiting.kind}: ${waiting.id} ${waiting.toolName} ${shortJson(waiting.arguments)} (${waiting.agentPath})`,
      });
    }
    const inDoubt = result.interruptions?.find((waiting) => waiting.kind === "in-doubt")?.id;
    if (inDoubt !== undefined) {
      lines.push({
        tone: "hint",
        text: `a call in doubt may have run: decide with baton resume ${result.runId} --run-again ${inDoubt} (it did not run), --result '${inDoubt}=<json>' (it did) or --fail ${inDoubt}`,
      });
    }
    const approval = result.interruptions?.find((waiting) => waiting.kind !== "in-doubt")?.id;
    if (approval !== undefined || inDoubt === undefined) {
      const first = approval ?? "<id>";
      lines.push({ tone: "hint", text: `continue with: baton resume ${result.runId} --approve ${first} (or --reject ${first})` });
    }
    return lines;
  }
  const failed = result.stopReason === "error" || result.stopReason === "aborted";
  lines.push({ tone: failed ? "error" : "ok", label: result.stopReason, text: `${usage} · ${tools}` });
  if (result.error) lines.push({ tone: "error", text: `${result.error.code}: ${result.error.message}` });
  return lines;
}
