/** What an issue about the whole arguments object (an empty path) is labelled with. */
export const ROOT_PATH_LABEL = "(root)";

/**
 * A readable path for an issue: `query`, `filters.region`, `items[2].name`;
 * `(root)` for the arguments object itself.
 */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else text += text === "" ? String(segment) : `.${String(segment)}`;
  }
  return text === "" ? ROOT_PATH_LABEL : text;
}

/** One issue line: `<path>: <message>`. */
export function formatIssue(path: readonly PropertyKey[], message: string): string {
  return `${formatIssuePath(path)}: ${message}`;
}
