import { ProviderStreamError } from "@baton/core";
import type { GeminiPartialArg } from "../sdk-types.js";

type PathSegment = string | number;

/**
 * Assembles the arguments of a function call that Gemini streams in pieces
 * (`functionCall.partialArgs`, sent when `streamFunctionCallArguments` is on): each
 * piece sets the value at a JSONPath (`$.location`, `$.items[0].name`,
 * `$['odd key']`); a string piece with `willContinue` is continued by the next piece
 * of the same path.
 *
 * @example
 * const args = new PartialArguments();
 * args.apply([{ jsonPath: "$.city", stringValue: "Par", willContinue: true }]);
 * args.apply([{ jsonPath: "$.city", stringValue: "is" }]);
 * args.toJson(); // '{"city":"Paris"}'
 */
export class PartialArguments {
  private readonly value: Record<string, unknown>;
  private continuing: string | undefined;

  constructor(initial?: Record<string, unknown>) {
    this.value = initial ? structuredClone(initial) : {};
  }

  /** Applies the pieces of one streamed `functionCall` part. */
  apply(pieces: readonly GeminiPartialArg[]): void {
    for (const piece of pieces) {
      const jsonPath = piece.jsonPath ?? "";
      const path = parseJsonPath(jsonPath);
      if (path === undefined || path.length === 0) {
        throw new ProviderStreamError(`a streamed function-call argument has a JSONPath this adapter cannot read: "${jsonPath}".`, { provider: "google" });
      }
      if (piece.stringValue !== undefined) this.set(path, piece.stringValue, this.continuing === jsonPath);
      else if (piece.numberValue !== undefined) this.set(path, piece.numberValue, false);
      else if (piece.boolValue !== undefined) this.set(path, piece.boolValue, false);
      else if (piece.nullValue !== undefined) this.set(path, null, false);
      this.continuing = piece.willContinue ? jsonPath : undefined;
    }
  }

  /** The arguments so far, as JSON text. */
  toJson(): string {
    return JSON.stringify(this.value);
  }

  private set(path: readonly PathSegment[], value: unknown, append: boolean): void {
    let container: Record<string | number, unknown> = this.value;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i]!;
      let child = container[key];
      if (typeof child !== "object" || child === null) {
        child = typeof path[i + 1] === "number" ? [] : {};
        container[key] = child;
      }
      container = child as Record<string | number, unknown>;
    }
    const last = path[path.length - 1]!;
    const current = container[last];
    container[last] = append && typeof current === "string" && typeof value === "string" ? current + value : value;
  }
}

/**
 * The segments of a JSONPath of names and indexes (`$.a.b[0]['c d']`), or
 * `undefined` when it uses anything else (filters, wildcards, slices).
 */
export function parseJsonPath(path: string): PathSegment[] | undefined {
  if (!path.startsWith("$")) return undefined;
  const segments: PathSegment[] = [];
  let i = 1;
  while (i < path.length) {
    const char = path[i];
    if (char === ".") {
      let end = i + 1;
      while (end < path.length && path[end] !== "." && path[end] !== "[") end++;
      const name = path.slice(i + 1, end);
      if (name.length === 0 || name === "*") return undefined;
      segments.push(name);
      i = end;
    } else if (char === "[") {
      const quote = path[i + 1];
      if (quote === "'" || quote === '"') {
        let name = "";
        let j = i + 2;
        for (; j < path.length && path[j] !== quote; j++) {
          if (path[j] === "\\" && j + 1 < path.length) j++;
          name += path[j];
        }
        if (path[j + 1] !== "]") return undefined;
        segments.push(name);
        i = j + 2;
      } else {
        const close = path.indexOf("]", i);
        const index = path.slice(i + 1, close);
        if (close < 0 || !/^\d+$/.test(index)) return undefined;
        segments.push(Number(index));
        i = close + 1;
      }
    } else {
      return undefined;
    }
  }
  return segments;
}
