import { describe, expect, it } from "vitest";
import { resolveLocalPointer } from "./json-pointer.js";

describe("resolveLocalPointer", () => {
  const document = { a: { "b/c": { "d~e": 1 } }, list: [10, 20], "with space": true };

  it("follows escaped and encoded segments", () => {
    expect(resolveLocalPointer(document, "#")).toBe(document);
    expect(resolveLocalPointer(document, "#/a/b~1c/d~0e")).toBe(1);
    expect(resolveLocalPointer(document, "#/list/1")).toBe(20);
    expect(resolveLocalPointer(document, "#/with%20space")).toBe(true);
  });

  it("returns undefined for missing paths, inherited keys and non-local refs", () => {
    expect(resolveLocalPointer(document, "#/a/zzz")).toBeUndefined();
    expect(resolveLocalPointer(document, "#/a/toString")).toBeUndefined();
    expect(resolveLocalPointer(document, "#anchor")).toBeUndefined();
    expect(resolveLocalPointer(document, "other.json#/a")).toBeUndefined();
  });
});
