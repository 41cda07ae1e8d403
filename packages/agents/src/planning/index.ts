export { todoListArguments, type TodoItem, type TodoList, type TodoListArguments, type TodoStatus } from "./todo-types.js";
export { TodoListError, type TodoListErrorKind } from "./todo-list-error.js";
export { applyTodoChange, type TodoLimits } from "./apply-todo-change.js";
export { EMPTY_TODO_LIST, TODO_LIST_STATE_KEY, todoListIn } from "./todo-list-state.js";
export {
  DEFAULT_TODO_SELECTION_RULE,
  TODO_LIST_ERROR_METADATA_KEY,
  TODO_LIST_METADATA_KEY,
  TODO_LIST_TOOL_NAME,
  todoListTool,
  type TodoListTool,
  type TodoListToolOptions,
} from "./todo-list-tool.js";
export { todoListOf } from "./todo-list-of.js";
