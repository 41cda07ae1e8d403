import { isBatonError } from "@baton/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ajvModule, sharedAjv } from "./shared-ajv.js";

afterEach(() => {
  vi.restoreAllMocks();
});

const schema = { type: "object", properties: { q: { type: "string" } }, required: ["q"] } as const;

describe("sharedAjv", () => {
  it("reports an Ajv that cannot be loaded as a configuration error, and loads it once it can", async () => {
    // Fresh copies of the modules: another test file in this process may have loaded Ajv already.
    vi.resetModules();
    const fresh = await import("./shared-ajv.js");
    const { createJsonSchemaValidator } = await import("./json-schema-validator.js");
    const load = vi.spyOn(fresh.ajvModule, "load").mockImplementationOnce(() => {
      throw new Error("Cannot find module 'ajv'");
    });
    let caught: unknown;
    try {
      createJsonSchemaValidator("search", schema);
    } catch (error) {
      caught = error;
    }
    expect(isBatonError(caught, "INVALID_CONFIGURATION")).toBe(true);
    expect((caught as Error).message).toBe(
      `JSON Schema tools need "ajv" (a dependency of @baton/tools), which could not be loaded: Cannot find module 'ajv'. ` +
        "A bundled application must keep it external and installed, or define its tools with zod.",
    );
    const validate = createJsonSchemaValidator("search", schema);
    expect(validate({})).toStrictEqual({ success: false, issues: ["q: Required"] });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("creates one instance with the shared options, and loads Ajv no more", () => {
    const first = sharedAjv();
    const load = vi.spyOn(ajvModule, "load");
    expect(sharedAjv()).toBe(first);
    expect(load).not.toHaveBeenCalled();
    expect(first.opts).toMatchObject({ allErrors: true, strict: false, useDefaults: true, verbose: true, validateFormats: false });
  });
});
