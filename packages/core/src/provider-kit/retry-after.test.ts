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

describe("retryAfterMs reads every header form", () => {
  it("reads a plain record of lower-case names as well as Headers", () => {
    expect(retryAfterMs({ "retry-after-ms": "40" })).toBe(40);
    expect(retryAfterMs({ "retry-after": "3" })).toBe(3000);
    expect(retryAfterMs({ "retry-after": undefined })).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });

  it("ignores a blank or negative retry-after-ms and falls back to retry-after", () => {
    expect(retryAfterMs(new Headers({ "retry-after-ms": " ", "retry-after": "1" }))).toBe(1000);
    expect(retryAfterMs(new Headers({ "retry-after-ms": "-5", "retry-after": "2" }))).toBe(2000);
    expect(retryAfterMs(new Headers({ "retry-after-ms": "0" }))).toBe(0);
  });

  it("reads retry-after 0 as no wait and an unparsable date as absent", () => {
    expect(retryAfterMs(new Headers({ "retry-after": "0" }))).toBe(0);
    expect(retryAfterMs(new Headers({ "retry-after": "Someday, 99 Foo 2026" }))).toBeUndefined();
  });
});
