import type { RunResult } from "@baton/core";
import { todoListIn } from "./todo-list-state.js";
import type { TodoList } from "./todo-types.js";

/**
 * The todo list a run's agent ended with (kept in its state, `result.custom.todoList`),
 * or undefined when it wrote none.
 *
 * @example
 * const plan = todoListOf(result); // { version: 3, items: [...] }
 */
export function todoListOf(result: Pick<RunResult, "custom">): TodoList | undefined {
  return todoListIn(result.custom);
}
