import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Remembers, along an asynchronous flow, which tool call the flow belongs to, so that
 * a sub-agent's `run-start` (which names its parent agent but not the parent's tool
 * call) can be placed under the call that started it, also when several calls of a
 * batch run at once.
 *
 * Events reach a sink synchronously, from the code that produces them: the loop
 * emits a call's `tool-start` in the same asynchronous flow in which it then runs the
 * tool, and a sub-agent the tool starts emits its `run-start` inside that flow.
 * {@link ToolCallScope.enter} marks the rest of the flow (and every flow it starts)
 * with the call; {@link ToolCallScope.current} reads the mark.
 */
export interface ToolCallScope<T> {
  /** Marks the current asynchronous flow, from here on, as belonging to `value`. */
  enter(value: T): void;
  /** The value the current flow was last marked with, if any. */
  current(): T | undefined;
}

/**
 * A {@link ToolCallScope} on Node's `AsyncLocalStorage` (`enterWith`): a private store,
 * so marking a flow changes nothing anyone else sees. The mark also stays on the
 * loop's own flow after the call started; readers must check that what they read is
 * a call of the agent they expect (the sink does).
 */
export function asyncToolCallScope<T>(): ToolCallScope<T> {
  const storage = new AsyncLocalStorage<T>();
  return {
    enter: (value) => storage.enterWith(value),
    current: () => storage.getStore(),
  };
}
