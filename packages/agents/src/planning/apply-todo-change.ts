import { checkOptions, optionIs as is, requiredOption } from "@baton/core";
import { TodoListError } from "./todo-list-error.js";
import type { TodoItem, TodoList, TodoListArguments } from "./todo-types.js";

/** Limits a change must respect. */
export interface TodoLimits {
  readonly maxItems: number;
}

function listText(list: TodoList): string {
  if (list.items.length === 0) return "(empty)";
  return list.items.map((item) => `${item.id} [${item.status}] ${item.title}`).join("; ");
}

function checkVersion(list: TodoList, args: TodoListArguments): void {
  if (args.expectedVersion === undefined) {
    throw new TodoListError("missing_version", `"${args.operation}" needs expectedVersion: the list is at version ${list.version}.`, {
      currentVersion: list.version,
    });
  }
  if (args.expectedVersion !== list.version) {
    throw new TodoListError(
      "version_conflict",
      `Stale version: expectedVersion is ${args.expectedVersion} but the list is at version ${list.version} (it changed since you read it). ` +
        `Current list: ${listText(list)}. Base your change on it and send expectedVersion ${list.version}.`,
      { expectedVersion: args.expectedVersion, currentVersion: list.version },
    );
  }
}

function checkItems(items: readonly TodoItem[], limits: TodoLimits): void {
  if (items.length > limits.maxItems) throw new TodoListError("invalid_change", `A todo list holds at most ${limits.maxItems} items (got ${items.length}).`);
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.id)) throw new TodoListError("invalid_change", `Item id "${item.id}" is used twice; ids must be unique.`);
    seen.add(item.id);
  }
  const active = items.filter((item) => item.status === "in_progress");
  if (active.length > 1) {
    throw new TodoListError(
      "invalid_change",
      `Only one item may be in_progress at a time, but ${active.map((item) => `"${item.id}"`).join(" and ")} would be. Complete (or reset to pending) the current one first.`,
    );
  }
}

function written(args: TodoListArguments): TodoItem[] {
  const given = args.items ?? [];
  const taken = new Set(given.flatMap((item) => (item.id === undefined ? [] : [item.id])));
  let next = 1;
  return given.map((item) => {
    let id = item.id;
    if (id === undefined) {
      while (taken.has(String(next))) next++;
      id = String(next);
      taken.add(id);
    }
    return { id, title: item.title, status: item.status ?? "pending" };
  });
}

function updated(list: TodoList, args: TodoListArguments): TodoItem[] {
  const changes = args.changes ?? [];
  if (changes.length === 0) throw new TodoListError("invalid_change", `"update" needs at least one entry in changes.`);
  const items = [...list.items];
  for (const change of changes) {
    const index = items.findIndex((item) => item.id === change.id);
    if (index < 0) throw new TodoListError("invalid_change", `There is no item "${change.id}". Items: ${listText(list)}.`);
    const item = items[index]!;
    items[index] = { id: item.id, title: change.title ?? item.title, status: change.status ?? item.status };
  }
  return items;
}

/**
 * Applies a `write` or `update` to a list, all or nothing: the version must match,
 * ids must be unique and known, and at most one item may be `in_progress`. Returns
 * the new list (version + 1); throws a {@link TodoListError} the model sees otherwise.
 *
 * @throws ConfigurationError for an unknown key in `limits` (accepted: `maxItems`) or
 *   a `maxItems` that is missing or not a positive integer.
 */
export function applyTodoChange(list: TodoList, args: TodoListArguments, limits: TodoLimits): TodoList {
  checkOptions("applyTodoChange", limits, { maxItems: requiredOption(is.positiveInteger) });
  checkVersion(list, args);
  const items = args.operation === "write" ? written(args) : updated(list, args);
  checkItems(items, limits);
  return { version: list.version + 1, items };
}
