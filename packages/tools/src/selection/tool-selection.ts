/**
 * Which tools an agent gets out of a registry, applied in this order:
 * 1. `preset`: keep the tools named by `presets[preset]`, or — for a built-in preset
 *    (`readonly`, `readwrite`, `full`) not redefined there — the tools that declare it
 *    or a smaller one in their `preset`;
 * 2. `allow`: keep only these (it cannot bring back a tool the preset left out);
 * 3. `deny`: remove these (deny wins over preset and allow).
 * An absent step keeps everything; an empty `allow` keeps nothing.
 */
export interface ToolSelection {
  /** The name of a preset in `presets`, or a built-in one (`readonly`, `readwrite`, `full`). */
  readonly preset?: string;
  /** Named tool lists, e.g. `{ research: ["web_search", "fetch_page"] }`. */
  readonly presets?: Readonly<Record<string, readonly string[]>>;
  /** Tool names to keep. */
  readonly allow?: readonly string[];
  /** Tool names to remove. */
  readonly deny?: readonly string[];
}
