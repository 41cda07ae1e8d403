/**
 * A one-line preview of a value: strings as they are, anything else as JSON, with
 * whitespace collapsed and cut to `max` characters with an ellipsis.
 *
 * @example preview({ query: "Mars moons" }) // '{"query":"Mars moons"}'
 */
export function preview(value: unknown, max = 100): string {
  let text: string;
  if (typeof value === "string") text = value;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  text = text.replace(/\s+/g, " ").trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A duration for people: `12 ms` below a second, `1.4 s` above. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** A count with its noun, singular or plural: `1 tool call`, `3 tool calls`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
