/** One call of a `multi_tool_use.parallel` wrapper. */
export interface WrappedToolCall {
  readonly name: string;
  readonly arguments: string;
}

/** Names under which models emit the parallel-call wrapper instead of separate calls. */
const WRAPPER_NAMES = new Set(["multi_tool_use.parallel", "parallel"]);

/** Whether a function call named `name` is the parallel-call wrapper (a tool of that name was not offered). */
export function isParallelWrapper(name: string | null | undefined, offered: ReadonlySet<string>): boolean {
  return typeof name === "string" && WRAPPER_NAMES.has(name) && !offered.has(name);
}

/**
 * The calls inside a parallel-call wrapper's arguments
 * (`{"tool_uses":[{"recipient_name":"functions.weather","parameters":{…}}]}`), or
 * `undefined` when the text is not such a wrapper.
 *
 * @example unwrapParallelCalls('{"tool_uses":[{"recipient_name":"functions.a","parameters":{"x":1}}]}') // [{ name: "a", arguments: '{"x":1}' }]
 */
export function unwrapParallelCalls(argumentsText: string): WrappedToolCall[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsText);
  } catch {
    return undefined;
  }
  const uses = (parsed as { tool_uses?: unknown } | null)?.tool_uses;
  if (!Array.isArray(uses) || uses.length === 0) return undefined;
  const calls: WrappedToolCall[] = [];
  for (const use of uses as Array<{ recipient_name?: unknown; parameters?: unknown }>) {
    if (typeof use?.recipient_name !== "string") return undefined;
    const name = use.recipient_name.startsWith("functions.") ? use.recipient_name.slice("functions.".length) : use.recipient_name;
    calls.push({ name, arguments: JSON.stringify(use.parameters ?? {}) });
  }
  return calls;
}
