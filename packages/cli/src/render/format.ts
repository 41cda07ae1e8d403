import type { UsageTotals } from "@baton/core";

/** `1234` → `1,234`. */
export function formatCount(count: number): string {
  return count.toLocaleString("en-US");
}

/** A duration for people: `12 ms`, `1.4 s`, `2 min 5 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** US dollars with enough digits to see small amounts: `$0.000123`, `$1.2345`. */
export function formatCost(usd: number): string {
  return `$${usd.toFixed(usd < 0.01 ? 6 : 4)}`;
}

/** Usage as one line: `2 model calls · 1,234 tokens (1,000 in, 234 out) · $0.001234` (cost only when known). */
export function formatUsage(usage: Pick<UsageTotals, "calls" | "inputTokens" | "outputTokens" | "costUsd">): string {
  const parts = [
    `${usage.calls} model call${usage.calls === 1 ? "" : "s"}`,
    `${formatCount(usage.inputTokens + usage.outputTokens)} tokens (${formatCount(usage.inputTokens)} in, ${formatCount(usage.outputTokens)} out)`,
  ];
  if (usage.costUsd !== undefined) parts.push(formatCost(usage.costUsd));
  return parts.join(" · ");
}

/** A value as short one-line JSON (for tool arguments), cut at `max` characters. */
export function shortJson(value: unknown, max = 80): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** How deep an agent sits in the run tree: `main` 0, `main/researcher#1` 1. */
export function depthOf(agentPath: string): number {
  return agentPath.split("/").length - 1;
}

/** The last segment of an agent path: `main/researcher#1` → `researcher#1`. */
export function agentLabel(agentPath: string): string {
  return agentPath.slice(agentPath.lastIndexOf("/") + 1);
}
