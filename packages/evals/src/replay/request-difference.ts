/** Where two JSON-like values first differ: the path (`messages[2].content[0].text`) and the value on each side (`undefined` when absent). */
export interface ValueDifference {
  readonly path: string;
  readonly recorded: unknown;
  readonly replayed: unknown;
}

/**
 * The first place, in document order, where `replayed` differs from `recorded`, or
 * `undefined` when they are equal as JSON (an object key whose value is `undefined`
 * counts as absent).
 */
export function firstDifference(recorded: unknown, replayed: unknown, path = ""): ValueDifference | undefined {
  if (Object.is(recorded, replayed)) return undefined;
  if (Array.isArray(recorded) && Array.isArray(replayed)) {
    const shared = Math.min(recorded.length, replayed.length);
    for (let index = 0; index < shared; index++) {
      const found = firstDifference(recorded[index], replayed[index], `${path}[${index}]`);
      if (found) return found;
    }
    if (recorded.length === replayed.length) return undefined;
    return { path: `${path}[${shared}]`, recorded: recorded[shared], replayed: replayed[shared] };
  }
  if (isRecord(recorded) && isRecord(replayed)) {
    const keys = new Set([...definedKeys(recorded), ...definedKeys(replayed)]);
    for (const key of keys) {
      const found = firstDifference(recorded[key], replayed[key], path === "" ? key : `${path}.${key}`);
      if (found) return found;
    }
    return undefined;
  }
  return { path, recorded, replayed };
}

/**
 * A difference as a person reads it: the path, then the recorded and the replayed
 * value, long texts cut to a window around their first differing character.
 */
export function describeDifference(difference: ValueDifference): string {
  const [recorded, replayed] =
    typeof difference.recorded === "string" && typeof difference.replayed === "string"
      ? textWindows(difference.recorded, difference.replayed)
      : [shown(difference.recorded), shown(difference.replayed)];
  return `at ${difference.path === "" ? "the request" : difference.path}:\n  - recorded: ${recorded}\n  + replayed: ${replayed}`;
}

/** Characters shown on each side of the first differing character of two long texts. */
const CONTEXT = 40;

function textWindows(recorded: string, replayed: string): [string, string] {
  let start = 0;
  while (start < recorded.length && start < replayed.length && recorded[start] === replayed[start]) start++;
  const from = Math.max(0, start - CONTEXT);
  const cut = (text: string) => {
    const to = Math.min(text.length, start + CONTEXT);
    return `${from > 0 ? "…" : ""}${JSON.stringify(text.slice(from, to))}${to < text.length ? "…" : ""}`;
  };
  return [cut(recorded), cut(replayed)];
}

function shown(value: unknown): string {
  if (value === undefined) return "(absent)";
  const text = JSON.stringify(value);
  return text.length > 2 * CONTEXT + 20 ? `${text.slice(0, 2 * CONTEXT + 20)}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function definedKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((key) => value[key] !== undefined);
}
