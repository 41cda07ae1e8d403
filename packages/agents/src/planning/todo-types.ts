import { z } from "zod";

/** The state of a todo item. */
export type TodoStatus = "pending" | "in_progress" | "completed";

/** One item of a todo list (a plan step). */
export interface TodoItem {
  readonly id: string;
  readonly title: string;
  readonly status: TodoStatus;
}

/** A todo list and its version (0 before the first write; each change adds 1). */
export interface TodoList {
  readonly version: number;
  readonly items: readonly TodoItem[];
}

const status = z.enum(["pending", "in_progress", "completed"]);

/** The arguments of `manage_todo_list`, as the tool validates them. */
export const todoListArguments = z.object({
  operation: z.enum(["read", "write", "update"]).describe("read: return the list; write: replace the whole list; update: change some items."),
  expectedVersion: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe("The version of the list your change is based on (from the last result; 0 for the first write). Required for write and update."),
  items: z
    .array(
      z.object({
        id: z.string().min(1).optional().describe("Stable id; assigned when left out."),
        title: z.string().min(1),
        status: status.optional().describe("Default pending."),
      }),
    )
    .optional()
    .describe("write: the complete new list, in order."),
  changes: z
    .array(
      z.object({
        id: z.string().min(1),
        status: status.optional(),
        title: z.string().min(1).optional(),
      }),
    )
    .optional()
    .describe("update: the items to change, by id."),
});

/** The parsed arguments of `manage_todo_list`. */
export type TodoListArguments = z.output<typeof todoListArguments>;
