import { describe, expect, it } from "vitest";
import { formatIssue, formatIssuePath } from "./issue-path.js";

describe("formatIssuePath", () => {
  it("joins keys with dots and indexes with brackets", () => {
    expect(formatIssuePath(["query"])).toBe("query");
    expect(formatIssuePath(["filters", "region"])).toBe("filters.region");
    expect(formatIssuePath(["items", 2, "name"])).toBe("items[2].name");
    expect(formatIssuePath([0, "a"])).toBe("[0].a");
  });

  it("labels the empty path (root)", () => {
    expect(formatIssuePath([])).toBe("(root)");
    expect(formatIssue([], "Expected object")).toBe("(root): Expected object");
  });
});
