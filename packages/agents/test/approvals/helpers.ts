import { fakeTool, type FakeTool } from "@baton/testing";

/** A fresh set of tools, as a new process would build them. */
export function makeTools(): { search: FakeTool; deleteFile: FakeTool; all: FakeTool[] } {
  const search = fakeTool({ name: "search", result: (args: { query: string }) => `results for ${args.query}` });
  const deleteFile = fakeTool({ name: "delete_file", result: (args: { path: string }) => ({ deleted: args.path }) });
  return { search, deleteFile, all: [search, deleteFile] };
}
