import { describe, expect, it } from "vitest";
import { passwordVariants } from "./password-variants.js";

describe("passwordVariants", () => {
  it("gives each password as written, URL-encoded and URL-decoded, once each", () => {
    expect(passwordVariants("p%40ss-word")).toEqual(["p%40ss-word", "p%2540ss-word", "p@ss-word"]);
    expect(passwordVariants("p@ss/word")).toEqual(["p@ss/word", "p%40ss%2Fword"]);
    expect(passwordVariants("plain-word", "plain-word")).toEqual(["plain-word"]);
  });

  it("leaves out what is not a password: empty strings, undefined, null, numbers, objects", () => {
    expect(passwordVariants(undefined, null, "", 42, { password: "x" }, () => "y")).toEqual([]);
    expect(passwordVariants(undefined, "first1", null, "second2")).toEqual(["first1", "second2"]);
  });

  it("keeps a password that cannot be decoded (a malformed % escape) or encoded (a lone surrogate) as written", () => {
    expect(passwordVariants("%zzsecret")).toEqual(["%zzsecret", "%25zzsecret"]);
    expect(passwordVariants("bad\uD800pass")).toEqual(["bad\uD800pass"]);
  });

  it("keeps short passwords (redactError still redacts them where their place is known, in AUTH)", () => {
    expect(passwordVariants("abc")).toEqual(["abc"]);
  });
});
