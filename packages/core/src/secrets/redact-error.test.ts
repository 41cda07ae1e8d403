import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { passwordVariants } from "./password-variants.js";
import { redactError } from "./redact-error.js";

const PASSWORD = "redis-SECRET-7351";
const secrets = passwordVariants(PASSWORD);

/** Whether `secret` shows anywhere `util.inspect` looks (message, stack, properties, cause chain). */
const shows = (value: unknown, secret = PASSWORD): boolean => inspect(value, { depth: 10, showHidden: true }).includes(secret);

describe("redactError", () => {
  it("redacts the message, the stack and every other string property, enumerable or not, in place", () => {
    const error = Object.assign(new Error(`login failed for ${PASSWORD}`), { detail: `tried ${PASSWORD}`, code: "28P01" });
    Object.defineProperty(error, "hidden", { value: `hidden ${PASSWORD}`, writable: true, enumerable: false });
    expect(redactError(error, secrets)).toBe(error);
    expect(error.message).toBe("login failed for ***");
    expect(error.stack).toContain("login failed for ***");
    expect(error.detail).toBe("tried ***");
    expect((error as unknown as { hidden: string }).hidden).toBe("hidden ***");
    expect(error.code).toBe("28P01");
    expect(shows(error)).toBe(false);
  });

  it("follows the cause chain, an AggregateError's errors, error-valued properties and arrays", () => {
    const inner = new Error(`inner ${PASSWORD}`, { cause: `a string cause ${PASSWORD}` });
    const aggregate = new AggregateError([inner, new Error(`again ${PASSWORD}`), `text ${PASSWORD}`], `all failed ${PASSWORD}`, { cause: inner });
    const cluster = Object.assign(new Error("Failed to refresh slots cache."), {
      lastNodeError: new Error(`node said ${PASSWORD}`),
      previousErrors: [{ message: `first ${PASSWORD}` }, [`nested ${PASSWORD}`]],
    });
    const outer = new Error("outer", { cause: cluster });
    redactError(aggregate, secrets);
    redactError(outer, secrets);
    expect(inner.message).toBe("inner ***");
    expect(inner.cause).toBe("a string cause ***");
    expect(aggregate.errors[2]).toBe("text ***");
    expect(cluster.lastNodeError.message).toBe("node said ***");
    expect(cluster.previousErrors).toEqual([{ message: "first ***" }, ["nested ***"]]);
    expect(shows(aggregate)).toBe(false);
    expect(shows(outer)).toBe(false);
  });

  it("redacts each form of the password: as written, URL-encoded and URL-decoded", () => {
    const error = new Error(`url redis://:${encodeURIComponent(`${PASSWORD}/@`)}@host, raw ${PASSWORD}/@`);
    redactError(error, passwordVariants(encodeURIComponent(`${PASSWORD}/@`)));
    expect(error.message).toBe("url redis://:***@host, raw ***");
  });

  it("replaces the password arguments of ioredis' AUTH and HELLO … AUTH, whatever their length, and keeps the others", () => {
    const hello = Object.assign(new Error("WRONGPASS invalid username-password pair"), {
      command: { name: "hello", args: ["3", "AUTH", "default", "abc"] },
    });
    const auth = Object.assign(new Error("ERR"), { command: { name: "AUTH", args: ["user", "abc"] } });
    const set = Object.assign(new Error("ERR"), { command: { name: "set", args: ["key", `value ${PASSWORD}`, 42] } });
    const args = hello.command.args;
    for (const error of [hello, auth, set]) redactError(error, passwordVariants("abc"));
    expect(hello.command.args).toEqual(["3", "AUTH", "default", "***"]);
    expect(auth.command.args).toEqual(["***", "***"]);
    expect(set.command.args).toEqual(["key", `value ${PASSWORD}`, 42]);
    // A new array: the driver's own command (which it may send again) keeps its arguments.
    expect(args).toEqual(["3", "AUTH", "default", "abc"]);
    redactError(set, secrets);
    expect(set.command.args).toEqual(["key", "value ***", 42]);
  });

  it("leaves secrets shorter than 4 characters in text (they would match ordinary words)", () => {
    const error = new Error("the abc of it");
    redactError(error, ["abc"]);
    expect(error.message).toBe("the abc of it");
  });

  it("skips read-only properties, frozen objects and throwing getters without throwing", () => {
    const error = new Error(`writable ${PASSWORD}`);
    Object.defineProperty(error, "fixed", { value: `fixed ${PASSWORD}`, writable: false, enumerable: true });
    Object.defineProperty(error, "broken", {
      get() {
        throw new Error("no");
      },
    });
    const frozen = Object.freeze(Object.assign(new Error(`frozen ${PASSWORD}`), { command: Object.freeze({ name: "auth", args: ["x"] }) }));
    const frozenArray = Object.freeze([`item ${PASSWORD}`]);
    const holder = Object.assign(new Error("holder"), { cause: frozen, items: frozenArray });
    expect(() => redactError(error, secrets)).not.toThrow();
    expect(() => redactError(holder, secrets)).not.toThrow();
    expect(error.message).toBe("writable ***");
    expect((error as unknown as { fixed: string }).fixed).toBe(`fixed ${PASSWORD}`);
    expect(frozen.message).toBe(`frozen ${PASSWORD}`);
    expect(frozen.command.args).toEqual(["x"]);
    expect(frozenArray).toEqual([`item ${PASSWORD}`]);
  });

  it("handles cycles, and redacting again changes nothing", () => {
    const a = new Error(`a ${PASSWORD}`) as Error & { other?: Error };
    const b = new Error(`b ${PASSWORD}`, { cause: a });
    a.cause = b;
    a.other = a;
    redactError(a, secrets);
    expect([a.message, b.message]).toEqual(["a ***", "b ***"]);
    const before = inspect(a, { depth: 10, showHidden: true });
    redactError(a, secrets);
    expect(inspect(a, { depth: 10, showHidden: true })).toBe(before);
  });

  it("leaves the objects an error points to that are not errors alone (a client's options keep the password)", () => {
    const options = { password: PASSWORD, host: "127.0.0.1" };
    const error = Object.assign(new Error(`failed ${PASSWORD}`), { options, client: { options } });
    redactError(error, secrets);
    expect(error.message).toBe("failed ***");
    expect(options.password).toBe(PASSWORD);
  });

  it("returns a string redacted, and other values as they are", () => {
    expect(redactError(`thrown ${PASSWORD}`, secrets)).toBe("thrown ***");
    expect(redactError(undefined, secrets)).toBeUndefined();
    expect(redactError(42, secrets)).toBe(42);
  });
});
