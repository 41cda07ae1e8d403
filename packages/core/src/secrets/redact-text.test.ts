import { describe, expect, it } from "vitest";
import { MIN_SEARCHED_SECRET_LENGTH, REDACTED, redactText } from "./redact-text.js";

describe("redactText", () => {
  it("replaces every occurrence of every secret with ***", () => {
    expect(REDACTED).toBe("***");
    expect(redactText("a hunter22 b hunter22 c s3cret", ["hunter22", "s3cret"])).toBe("a *** b *** c ***");
  });

  it(`leaves secrets shorter than ${MIN_SEARCHED_SECRET_LENGTH} characters alone: they would match ordinary words`, () => {
    expect(MIN_SEARCHED_SECRET_LENGTH).toBe(4);
    expect(redactText("the abc of it", ["abc", ""])).toBe("the abc of it");
    expect(redactText("pass abcd", ["abcd"])).toBe("pass ***");
  });

  it("replaces the longest secret first, so no part of it is left behind", () => {
    // The password and its URL-encoded form: replacing `p@ss` first would leave the `%40…` form's tail.
    expect(redactText("sent p%40ss-word", ["p@ss", "p%40ss-word"])).toBe("sent ***");
    expect(redactText("sent secret-and-more", ["secret", "secret-and-more"])).toBe("sent ***");
  });

  it("returns the text as it is without secrets, and is idempotent", () => {
    expect(redactText("nothing here", [])).toBe("nothing here");
    const once = redactText("x hunter22 y", ["hunter22"]);
    expect(redactText(once, ["hunter22"])).toBe(once);
  });
});
