import { describe, expect, it } from "vitest";
import { retryAfterMs } from "../src/index.js";

describe("retryAfterMs", () => {
  const now = Date.parse("2026-05-01T12:00:00Z");

  it("reads retry-after-ms first, then retry-after as seconds or an HTTP date", () => {
    expect(retryAfterMs(new Headers({ "retry-after-ms": "250", "retry-after": "9" }), now)).toBe(250);
    expect(retryAfterMs(new Headers({ "retry-after": "2" }), now)).toBe(2000);
    expect(retryAfterMs(new Headers({ "retry-after": "0.5" }), now)).toBe(500);
    expect(retryAfterMs(new Headers({ "retry-after": "Fri, 01 May 2026 12:00:30 GMT" }), now)).toBe(30_000);
    expect(retryAfterMs(new Headers({ "retry-after": "Fri, 01 May 2026 11:00:00 GMT" }), now)).toBe(0);
    expect(retryAfterMs({ "retry-after": "3" }, now)).toBe(3000);
  });

  it("is undefined when absent or unreadable", () => {
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
    expect(retryAfterMs(new Headers({ "retry-after": "soon" }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers({ "retry-after": "-4" }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers({ "retry-after-ms": "x", "retry-after": "1" }), now)).toBe(1000);
  });
});
