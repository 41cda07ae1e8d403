/**
 * Creates an element. `props`: `class`, `text` (text content), `data` (dataset
 * entries), `testid` (the `data-testid` test hook), anything else an attribute
 * (`false`/`undefined` skipped, `true` = empty attribute). Children may be nodes
 * or strings; `null`/`undefined` are skipped.
 *
 * @param {string} tag
 * @param {Record<string, unknown>} [props]
 * @param {...(Node | string | null | undefined)} children
 * @returns {HTMLElement}
 */
export function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === false || value === null) continue;
    if (key === "class") node.className = String(value);
    else if (key === "text") node.textContent = String(value);
    else if (key === "testid") node.setAttribute("data-testid", String(value));
    else if (key === "data") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

/**
 * Inserts `node` into `parent` keeping children ordered by their numeric
 * `data-content-index`: before the first child with a larger index (equal indexes
 * keep arrival order).
 *
 * @param {HTMLElement} parent
 * @param {HTMLElement} node
 */
export function insertByContentIndex(parent, node) {
  const index = Number(node.dataset.contentIndex);
  for (const child of parent.children) {
    if (child instanceof HTMLElement && Number(child.dataset.contentIndex) > index) {
      parent.insertBefore(node, child);
      return;
    }
  }
  parent.append(node);
}
