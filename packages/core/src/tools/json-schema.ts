/**
 * A JSON Schema document (draft 2020-12 / draft 7 subset that model providers read).
 * Kept structural so any JSON Schema object fits.
 */
export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema | readonly JsonSchema[];
  readonly enum?: readonly unknown[];
  readonly description?: string;
  readonly additionalProperties?: boolean | JsonSchema;
  readonly [keyword: string]: unknown;
}
