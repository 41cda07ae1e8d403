import { checkOptions, optionIs as is, type JsonSchema, type Tool, type ToolExecutionContext } from "@baton/core";
import { z } from "zod";
import { applyTodoChange } from "./apply-todo-change.js";
import { TodoListError } from "./todo-list-error.js";
import { todoListArguments, type TodoList, type TodoListArguments } from "./todo-types.js";
import { EMPTY_TODO_LIST, TODO_LIST_STATE_KEY, todoListIn } from "./todo-list-state.js";

/** The name of the todo tool. */
export const TODO_LIST_TOOL_NAME = "manage_todo_list";

/** The key under which each call's tool metadata records the list after the call. */
export const TODO_LIST_METADATA_KEY = "todoList";

/** The key under which a refused call's tool metadata records why (`kind`, versions, `message`). */
export const TODO_LIST_ERROR_METADATA_KEY = "todoListError";

/** The default selection rule: the planning directions added to the system prompt. */
export const DEFAULT_TODO_SELECTION_RULE =
  "Use manage_todo_list to plan any task that takes several steps: write the plan first (expectedVersion 0 for a new list), " +
  "keep exactly one item in_progress while you work on it, mark each item completed as soon as it is done, and always pass the " +
  "version from the last result as expectedVersion. If a change is refused as stale, read the list and retry.";

/** Options of {@link todoListTool}. */
export interface TodoListToolOptions {
  /** Most items a list may hold. Default 50. */
  readonly maxItems?: number;
  /** The planning directions for the system prompt. Default {@link DEFAULT_TODO_SELECTION_RULE}. */
  readonly selectionRule?: string;
  /** Told of every change (after the `plan-updated` event). */
  readonly onPlanUpdated?: (list: TodoList, context: ToolExecutionContext) => void;
}

/** The todo tool. */
export type TodoListTool = Tool<TodoListArguments, TodoList>;

const PARAMETERS = (() => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(todoListArguments, { io: "input" }) as Record<string, unknown>;
  return schema as JsonSchema;
})();

/**
 * An optional planning tool, `manage_todo_list`: the model keeps a todo list for the
 * run. `read` returns it; `write` replaces it; `update` changes items by id. Every
 * change carries `expectedVersion`: a stale one is refused with an error the model
 * sees (naming the current version and list; the call's tool metadata records why,
 * under `todoListError`), and at most one item may be `in_progress`. Each change emits a `plan-updated` event and is recorded in the
 * call's tool metadata (`todoList`), so the run's result shows every version.
 *
 * The list is part of the calling agent's state (`state.custom.todoList`): each agent
 * of a run tree keeps its own, it is in every checkpoint, and a run resumed in
 * another process goes on with it. One tool instance serves any number of runs.
 *
 * @example
 * const result = await run({ provider, model, input, tools: [todoListTool(), search] });
 * console.log(todoListOf(result)?.items);
 *
 * @throws ConfigurationError for an unknown option (accepted: `maxItems`,
 *   `selectionRule`, `onPlanUpdated`) or a value of the wrong type (`maxItems` must be
 *   a positive integer).
 */
export function todoListTool(options: TodoListToolOptions = {}): TodoListTool {
  checkOptions("todoListTool", options, { maxItems: is.positiveInteger, selectionRule: is.string, onPlanUpdated: is.function });
  const maxItems = options.maxItems ?? 50;

  return {
    name: TODO_LIST_TOOL_NAME,
    description:
      "Keeps your plan for this task as a todo list. operation read returns the list and its version; write replaces the whole list; " +
      "update changes items by id. write and update need expectedVersion (the version you last saw). Statuses: pending, in_progress, completed; " +
      "at most one item may be in_progress.",
    parameters: PARAMETERS,
    selectionRule: options.selectionRule ?? DEFAULT_TODO_SELECTION_RULE,
    validate(args) {
      const checked = todoListArguments.safeParse(args);
      if (checked.success) return { success: true, value: checked.data };
      return { success: false, issues: checked.error.issues.map((issue) => `${issue.path.join(".") || "(arguments)"}: ${issue.message}`) };
    },
    execute(args, ctx) {
      const current = todoListIn(ctx.agentState) ?? EMPTY_TODO_LIST;
      if (args.operation === "read") return current;
      let next: TodoList;
      try {
        next = applyTodoChange(current, args, { maxItems });
      } catch (error) {
        // The loop reports thrown errors as its own; keep why the change was refused.
        if (TodoListError.isInstance(error)) ctx.metadata[TODO_LIST_ERROR_METADATA_KEY] = { ...error.details, message: error.message };
        throw error;
      }
      ctx.agentState[TODO_LIST_STATE_KEY] = { version: next.version, items: next.items.map((item) => ({ ...item })) };
      ctx.metadata[TODO_LIST_METADATA_KEY] = { version: next.version, items: next.items.map((item) => ({ ...item })) };
      ctx.emit({ type: "plan-updated", items: next.items.map((item) => ({ ...item })), version: next.version });
      options.onPlanUpdated?.(next, ctx);
      return next;
    },
  };
}
