import { describe, expect, it } from "vitest";
import { retryAfterMs } from "./retry-after.js";

describe("retryAfterMs", () => {
  it("prefers retry-after-ms, then reads retry-after as seconds or as an HTTP date", () => {
    expect(retryAfterMs(new Headers({ "retry-after-ms": "250", "retry-after": "9" }))).toBe(250);
    expect(retryAfterMs(new Headers({ "retry-after": "2" }))).toBe(2000);
    expect(retryAfterMs(new Headers({ "retry-after": "0.5" }))).toBe(500);
    const now = Date.parse("Wed, 21 Oct 2026 07:28:00 GMT");
    expect(retryAfterMs(new Headers({ "retry-after": "Wed, 21 Oct 2026 07:28:03 GMT" }), now)).toBe(3000);
    expect(retryAfterMs(new Headers({ "retry-after": "Wed, 21 Oct 2026 07:27:00 GMT" }), now)).toBe(0);
  });

  it("ignores missing and unreadable values", () => {
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs(new Headers())).toBeUndefined();
    expect(retryAfterMs(new Headers({ "retry-after": "soon" }))).toBeUndefined();
    expect(retryAfterMs(new Headers({ "retry-after": "-3" }))).toBeUndefined();
    expect(retryAfterMs(new Headers({ "retry-after-ms": "x", "retry-after": "1" }))).toBe(1000);
  });
});
