import type { RunResult } from "@baton/core";
import { TODO_LIST_METADATA_KEY, TODO_LIST_TOOL_NAME } from "./todo-list-tool.js";
import type { TodoList } from "./todo-types.js";

/**
 * The last todo list a run's `manage_todo_list` calls produced (from the calls' tool
 * metadata), or undefined when the run changed no list.
 *
 * @example
 * const plan = todoListOf(result); // { version: 3, items: [...] }
 */
export function todoListOf(result: Pick<RunResult, "toolCalls" | "toolMetadata">): TodoList | undefined {
  for (let i = result.toolCalls.length - 1; i >= 0; i--) {
    const call = result.toolCalls[i]!;
    if (call.toolName !== TODO_LIST_TOOL_NAME || call.status !== "ok") continue;
    const list = result.toolMetadata[call.toolCallId]?.[TODO_LIST_METADATA_KEY] as TodoList | undefined;
    if (list) return list;
  }
  return undefined;
}
