import type { TodoList } from "./todo-types.js";

/** The empty list every run starts with. */
export const EMPTY_TODO_LIST: TodoList = { version: 0, items: [] };

/**
 * The todo lists of one tool instance, one per agent run (run id + agent path, so a
 * sub-agent with its own `manage_todo_list` keeps its own list). At most `maxRuns`
 * lists are kept; the least recently used one is dropped first.
 */
export class TodoListStore {
  private readonly lists = new Map<string, TodoList>();

  constructor(private readonly maxRuns: number) {}

  /** The list of a run (empty when it has none yet). */
  get(runId: string, agentPath: string): TodoList {
    return this.lists.get(keyOf(runId, agentPath)) ?? EMPTY_TODO_LIST;
  }

  /** Replaces the list of a run. */
  set(runId: string, agentPath: string, list: TodoList): void {
    const key = keyOf(runId, agentPath);
    this.lists.delete(key);
    this.lists.set(key, list);
    while (this.lists.size > this.maxRuns) this.lists.delete(this.lists.keys().next().value!);
  }

  /** Forgets the list of a run. */
  delete(runId: string, agentPath: string): void {
    this.lists.delete(keyOf(runId, agentPath));
  }
}

function keyOf(runId: string, agentPath: string): string {
  return `${runId}\u0000${agentPath}`;
}
