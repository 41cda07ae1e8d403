import { ConfigurationError } from "../errors/index.js";

/**
 * One option's rule: what the value must be, in words for the error message, and the
 * test. `required` options must be present (not undefined).
 */
export interface OptionRule {
  /** The expected value in words, e.g. "a positive integer". */
  readonly expected: string;
  /** Whether a value of the option is acceptable (undefined is accepted unless `required`). */
  readonly test: (value: unknown) => boolean;
  readonly required?: boolean;
  /** For an options object inside the options: its own rules, checked with the same messages (`fn: key`). */
  readonly nested?: OptionRules;
}

/** Rules of an options object, by key. */
export type OptionRules = Readonly<Record<string, OptionRule>>;

const rule = (expected: string, test: (value: unknown) => boolean): OptionRule => ({ expected, test });

/** A rule made required: {@link checkOptions} fails when the option is absent. */
export function requiredOption(base: OptionRule): OptionRule {
  return { ...base, required: true };
}

/**
 * Common option rules, for {@link checkOptions}.
 *
 * @example checkOptions("createThing", options, { limit: optionIs.positiveInteger, name: requiredOption(optionIs.string) })
 */
export const optionIs = {
  /** Any value: the key is accepted and passed on unchecked (e.g. to an SDK that checks it). */
  anything: rule("any value", () => true),
  boolean: rule("a boolean", (v) => typeof v === "boolean"),
  string: rule("a string", (v) => typeof v === "string"),
  nonEmptyString: rule("a non-empty string", (v) => typeof v === "string" && v.length > 0),
  function: rule("a function", (v) => typeof v === "function"),
  positiveInteger: rule("a positive integer", (v) => Number.isInteger(v) && (v as number) > 0),
  nonNegativeInteger: rule("a non-negative integer", (v) => Number.isInteger(v) && (v as number) >= 0),
  positiveNumber: rule("a positive finite number", (v) => typeof v === "number" && Number.isFinite(v) && v > 0),
  /** A number in (0, 1]. */
  fraction: rule("a number in (0, 1]", (v) => typeof v === "number" && v > 0 && v <= 1),
  array: rule("an array", (v) => Array.isArray(v)),
  /** An array of strings. */
  stringArray: rule("an array of strings", (v) => Array.isArray(v) && v.every((item) => typeof item === "string")),
  /** A non-array object (null excluded). */
  object: rule("an object", (v) => typeof v === "object" && v !== null && !Array.isArray(v)),
  /** An object whose values are all strings (HTTP headers, say). */
  stringRecord: rule(
    "an object of strings",
    (v) => typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((item) => typeof item === "string"),
  ),
  /**
   * An options object inside the options, checked against its own `rules` (unknown
   * keys and wrong values are named as `fn: key`).
   */
  optionsObject: (rules: OptionRules): OptionRule => ({
    expected: "an object",
    test: (v) => typeof v === "object" && v !== null && !Array.isArray(v),
    nested: rules,
  }),
  /** An AbortSignal. */
  abortSignal: rule("an AbortSignal", (v) => typeof AbortSignal !== "undefined" && v instanceof AbortSignal),
  /** One of the listed strings. */
  oneOf: (...values: readonly string[]): OptionRule =>
    rule(`one of ${values.map((v) => JSON.stringify(v)).join(", ")}`, (v) => typeof v === "string" && values.includes(v)),
  /** An object with the named methods. */
  objectWith: (what: string, ...methods: readonly string[]): OptionRule =>
    rule(
      methods.length > 0 ? `${what} (an object with ${methods.map((m) => `${m}()`).join(" and ")})` : what,
      (v) => typeof v === "object" && v !== null && methods.every((m) => typeof (v as Record<string, unknown>)[m] === "function"),
    ),
  /** Either of two rules. */
  either: (a: OptionRule, b: OptionRule): OptionRule => rule(`${a.expected} or ${b.expected}`, (v) => a.test(v) || b.test(v)),
} as const;

/**
 * Checks the options object given to `fn`: it must be a plain object (or undefined
 * when nothing is required), hold only the keys of `rules`, and each present value
 * (undefined counts as absent) must pass its rule. Throws a {@link ConfigurationError}
 * naming the function, the key, and the accepted keys.
 *
 * @example checkOptions("slidingWindow", { maxTurn: 2 }, { maxTurns: optionIs.positiveInteger })
 * // ConfigurationError: slidingWindow(): unknown option "maxTurn". Accepted options: maxTurns.
 */
export function checkOptions(fn: string, options: unknown, rules: OptionRules): void {
  if (options === undefined) {
    const missing = Object.keys(rules).filter((key) => rules[key]!.required === true);
    if (missing.length > 0) fail(fn, `options are missing; ${plural("required option", missing)}.`, rules);
    return;
  }
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    fail(fn, `the options must be an object, got ${describe(options)}.`, rules);
  }
  // `for…in` lists the keys without building arrays: options are checked on every run.
  const record = options as Record<string, unknown>;
  for (const key in record) if (Object.hasOwn(record, key) && !Object.hasOwn(rules, key)) fail(fn, `unknown option "${key}".`, rules, key);
  for (const key in rules) {
    const option = rules[key]!;
    const value = record[key];
    if (value === undefined) {
      if (option.required === true) fail(fn, `option "${key}" is required (${option.expected}).`, rules, key);
      continue;
    }
    if (!option.test(value)) fail(fn, `option "${key}" must be ${option.expected}, got ${describe(value)}.`, rules, key);
    if (option.nested !== undefined) checkOptions(`${fn}: ${key}`, value, option.nested);
  }
}

/** Throws the error of a failed check, naming the accepted options. */
function fail(fn: string, problem: string, rules: OptionRules, option?: string): never {
  const accepted = Object.keys(rules);
  const details = option === undefined ? { function: fn, accepted } : { function: fn, option, accepted };
  throw new ConfigurationError(`${fn}(): ${problem} Accepted options: ${accepted.length > 0 ? accepted.join(", ") : "none"}.`, { details });
}

function plural(noun: string, keys: readonly string[]): string {
  return `${keys.length === 1 ? `${noun} is` : `${noun}s are`} ${keys.map((k) => `"${k}"`).join(", ")}`;
}

/** A short description of a wrong value for the message. */
function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
    case "number":
    case "boolean":
    case "bigint":
      return String(value);
    case "function":
      return "a function";
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}
