/**
 * Where a value stops being JSON, and what is there: how the loop names what it
 * cannot hand on as a tool's result (`TOOL_RESULT_NOT_JSON`, whose details hold both).
 */
export interface JsonValueProblem {
  /** A path from the value's root: `result.items[2].id`. */
  readonly path: string;
  /** What is there: `a BigInt`, `a Map`, `NaN`, `a circular reference`. */
  readonly kind: string;
}
