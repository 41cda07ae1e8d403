const STOPWORDS = new Set(
  "a an and are as at be by can do does for from how i in is it its me of on or so that the this to was what when where which who why will with you your".split(
    " ",
  ),
);

/**
 * The search terms of a text: lower-case words without stopwords, with a plural
 * `s` dropped so "events" matches "event".
 *
 * @example terms("How do the events stream?") // ["event", "stream"]
 */
export function terms(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z0-9]+(?:-[a-z0-9]+)*/g) ?? [];
  return words.filter((word) => !STOPWORDS.has(word)).map((word) => (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word));
}
