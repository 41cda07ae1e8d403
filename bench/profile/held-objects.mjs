// What runs in flight hold, by object kind: two heap snapshots (before the runs start
// and while they all wait), the objects only the second has, each classified by what it
// is (an event, a message, a usage record, a promise, a closure, …). A backing store (an
// object's elements or out-of-object properties, a Map's or Set's hash table, a suspended
// async function's registers) counts with the object that owns it.

/** Takes a heap snapshot through the inspector and parses it. */
export async function takeHeapSnapshot(session) {
  const chunks = [];
  const onChunk = (message) => chunks.push(message.params.chunk);
  session.on("HeapProfiler.addHeapSnapshotChunk", onChunk);
  await session.post("HeapProfiler.enable");
  await session.post("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
  await session.post("HeapProfiler.disable");
  session.off("HeapProfiler.addHeapSnapshotChunk", onChunk);
  return JSON.parse(chunks.join(""));
}

/**
 * The ids of a snapshot's objects, sorted, in a typed array: its elements live outside
 * the JS heap, so keeping them while the runs are in flight adds nothing to the second
 * snapshot (a Set of the ids would: a few megabytes of objects counted as the runs').
 */
export function objectIds(snapshot) {
  const { nodes, snapshot: head } = snapshot;
  const width = head.meta.node_fields.length;
  const idField = head.meta.node_fields.indexOf("id");
  const ids = new Uint32Array(nodes.length / width);
  for (let i = 0, n = 0; i < nodes.length; i += width, n++) ids[n] = nodes[i + idField];
  return ids.sort();
}

/** Whether the sorted `ids` hold `id`. */
function hasId(ids, id) {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const value = ids[mid];
    if (value === id) return true;
    if (value < id) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

/** Names of the internal edges from an object to a backing store it owns. */
const BACKING_STORES = new Set(["elements", "properties", "table", "parameters_and_registers"]);

/** The kind of a plain object, from its property names. */
function plainObjectKind(properties) {
  if (properties.has("seq") && properties.has("type") && properties.has("runId")) return "events";
  if (properties.has("role") && properties.has("content")) return "messages";
  if (properties.has("inputTokens") || properties.has("outputTokens")) return "usage records";
  if (properties.has("toolCallId") || (properties.has("arguments") && properties.has("name"))) return "tool calls and results";
  return "other plain objects";
}

const NAMED_KINDS = {
  Promise: "promises",
  Generator: "suspended async functions and generators",
  "system / Context": "closure contexts",
  Array: "arrays",
  Map: "maps and sets",
  Set: "maps and sets",
  WeakMap: "maps and sets",
  AbortController: "abort controllers and signals",
  AbortSignal: "abort controllers and signals",
  EventTarget: "abort controllers and signals",
};

/** The kind of one snapshot node. */
function kindOf(type, name, properties) {
  if (type === "closure") return "closures";
  if (type === "string" || type === "concatenated string" || type === "sliced string") return "strings";
  if (type === "number" || type === "bigint") return "numbers";
  if (type === "code" || type === "hidden" || type === "object shape" || type === "synthetic") return "V8 internals (code, shapes)";
  if (type === "array") return "arrays"; // a backing store whose owner is older than the runs
  if (type === "native") return `native: ${name}`;
  if (type !== "object") return type;
  if (name === "Object") return plainObjectKind(properties);
  return NAMED_KINDS[name] ?? `instances of ${name}`;
}

/**
 * The objects of `snapshot` whose ids are not in `before`, by kind: count and bytes
 * (self sizes, backing stores included in their owner's kind), each divided by `runs`.
 */
export function heldByKind(snapshot, before, runs) {
  const { nodes, edges, strings, snapshot: head } = snapshot;
  const fields = head.meta.node_fields;
  const width = fields.length;
  const [TYPE, NAME, ID, SIZE, EDGES] = ["type", "name", "id", "self_size", "edge_count"].map((f) => fields.indexOf(f));
  const nodeTypes = head.meta.node_types[0];
  const edgeWidth = head.meta.edge_fields.length;
  const [EDGE_TYPE, EDGE_NAME, EDGE_TO] = ["type", "name_or_index", "to_node"].map((f) => head.meta.edge_fields.indexOf(f));
  const edgeTypes = head.meta.edge_types[0];
  const PROPERTY = edgeTypes.indexOf("property");
  const INTERNAL = edgeTypes.indexOf("internal");

  const owner = new Map(); // node index of a new backing store → node index of its owner
  const properties = new Map(); // node index of a new plain object → its property names
  let edge = 0;
  for (let node = 0; node < nodes.length; node += width) {
    const count = nodes[node + EDGES];
    const isNew = !hasId(before, nodes[node + ID]);
    const plain = isNew && nodeTypes[nodes[node + TYPE]] === "object" && strings[nodes[node + NAME]] === "Object";
    const names = plain ? new Set() : undefined;
    for (let e = 0; e < count; e++, edge += edgeWidth) {
      const type = edges[edge + EDGE_TYPE];
      if (names && type === PROPERTY) names.add(strings[edges[edge + EDGE_NAME]]);
      if (type === INTERNAL) {
        const to = edges[edge + EDGE_TO];
        const label = strings[edges[edge + EDGE_NAME]];
        if (BACKING_STORES.has(label) && nodeTypes[nodes[to + TYPE]] === "array" && !owner.has(to)) owner.set(to, node);
      }
    }
    if (names) properties.set(node, names);
  }

  const kinds = new Map();
  // The list of ids itself (a typed array's storage, of exactly its length) is the profile's, not the runs'.
  let idsStorageSkipped = false;
  const kindOfNode = (node) => kindOf(nodeTypes[nodes[node + TYPE]], strings[nodes[node + NAME]], properties.get(node) ?? new Set());
  for (let node = 0; node < nodes.length; node += width) {
    if (hasId(before, nodes[node + ID])) continue;
    if (!idsStorageSkipped && nodeTypes[nodes[node + TYPE]] === "native" && nodes[node + SIZE] === before.byteLength) {
      idsStorageSkipped = true;
      continue;
    }
    const storeOwner = owner.get(node);
    const counted = storeOwner === undefined; // a backing store adds bytes to its owner's kind, not an object
    const kind = kindOfNode(storeOwner ?? node);
    const row = kinds.get(kind) ?? { kind, objects: 0, bytes: 0 };
    if (counted) row.objects++;
    row.bytes += nodes[node + SIZE];
    kinds.set(kind, row);
  }
  const rows = [...kinds.values()].map((row) => ({ kind: row.kind, objectsPerRun: row.objects / runs, bytesPerRun: row.bytes / runs }));
  rows.sort((a, b) => b.bytesPerRun - a.bytesPerRun);
  return { runs, bytesPerRun: rows.reduce((sum, row) => sum + row.bytesPerRun, 0), kinds: rows };
}
