import type { Tool, ToolExecutionContext } from "@baton/core";
import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import { defineTool } from "./define-tool.js";

describe("defineTool types", () => {
  it("infers execute's args from a zod 4 schema (the output type)", () => {
    const tool = defineTool({
      name: "search",
      description: "Searches.",
      parameters: z.object({
        query: z.string(),
        limit: z.number().optional(),
        mode: z.enum(["fast", "deep"]).default("fast"),
        tags: z.string().transform((text) => text.split(",")),
      }),
      execute: (args) => {
        expectTypeOf(args).toEqualTypeOf<{ query: string; limit?: number | undefined; mode: "fast" | "deep"; tags: string[] }>();
        return args.query.length;
      },
    });
    expectTypeOf(tool).toEqualTypeOf<Tool<{ query: string; limit?: number | undefined; mode: "fast" | "deep"; tags: string[] }, number>>();
  });

  it("infers execute's args from a zod 3 schema (the output type)", () => {
    const tool = defineTool({
      name: "search",
      description: "Searches.",
      parameters: z3.object({ query: z3.string(), limit: z3.number().default(5) }),
      execute: async ({ query, limit }, context) => {
        expectTypeOf(query).toEqualTypeOf<string>();
        expectTypeOf(limit).toEqualTypeOf<number>();
        expectTypeOf(context).toEqualTypeOf<ToolExecutionContext>();
        return { hits: [query], limit };
      },
    });
    expectTypeOf(tool.execute).parameter(0).toEqualTypeOf<{ query: string; limit: number }>();
  });

  it("types JSON Schema args as Record<string, unknown>, or as the type given", () => {
    const loose = defineTool({
      name: "loose",
      description: "L.",
      parameters: { type: "object", properties: { q: { type: "string" } } },
      execute: (args) => {
        expectTypeOf(args).toEqualTypeOf<Record<string, unknown>>();
        return 0;
      },
    });
    expectTypeOf(loose).toEqualTypeOf<Tool<Record<string, unknown>, number>>();

    defineTool<{ q: string }>({
      name: "typed",
      description: "T.",
      parameters: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
      execute: (args) => {
        expectTypeOf(args).toEqualTypeOf<{ q: string }>();
        return args.q;
      },
    });
  });
});
