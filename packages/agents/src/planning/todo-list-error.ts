import { ToolExecutionError } from "@baton/core";

/** Why a todo list change was refused. */
export type TodoListErrorKind = "version_conflict" | "missing_version" | "invalid_change";

/**
 * A refused change to the todo list. The model sees its message as the tool's error
 * result and can try again; `details.kind` says why (a stale `expectedVersion` is
 * `version_conflict`, with `expectedVersion` and `currentVersion`).
 */
export class TodoListError extends ToolExecutionError {
  constructor(
    readonly kind: TodoListErrorKind,
    message: string,
    details: Readonly<Record<string, unknown>> = {},
  ) {
    super("manage_todo_list", message, { details: { kind, ...details } });
  }
}
