import type { TodoItem, TodoList } from "./todo-types.js";

/** The key of an agent's state (`state.custom`, and so `RunResult.custom`) holding its todo list. */
export const TODO_LIST_STATE_KEY = "todoList";

/** The empty list every agent starts with. */
export const EMPTY_TODO_LIST: TodoList = Object.freeze({ version: 0, items: Object.freeze([]) as readonly TodoItem[] });

const STATUSES: ReadonlySet<unknown> = new Set(["pending", "in_progress", "completed"]);

function isTodoItem(value: unknown): value is TodoItem {
  if (value === null || typeof value !== "object") return false;
  const item = value as Record<string, unknown>;
  return typeof item.id === "string" && typeof item.title === "string" && STATUSES.has(item.status);
}

/**
 * The todo list kept in an agent's state (`state.custom` or a result's `custom`), or
 * undefined when there is none (or the value there is not a todo list).
 */
export function todoListIn(custom: Readonly<Record<string, unknown>> | undefined): TodoList | undefined {
  const value = custom?.[TODO_LIST_STATE_KEY];
  if (value === null || typeof value !== "object") return undefined;
  const list = value as Record<string, unknown>;
  if (typeof list.version !== "number" || !Array.isArray(list.items) || !list.items.every(isTodoItem)) return undefined;
  return value as TodoList;
}
