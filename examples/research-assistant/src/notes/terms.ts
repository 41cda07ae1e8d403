/** Words too common to say anything about a passage. */
const STOP_WORDS = new Set(
  "a an and are as at be by can do does for from had has have how i in is it its many me much of on or tell than that the their them there these they this to was what when where which who why will with".split(
    " ",
  ),
);

/**
 * The search terms of a text: lower-case words and numbers without stop words, with
 * a plain plural `s` removed (`moons` → `moon`) so singular and plural match.
 *
 * @example terms("How many moons does Mars have?") // ["moon", "mars"]
 */
export function terms(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.filter((word) => !STOP_WORDS.has(word)).map(stem);
}

function stem(word: string): string {
  return word.length > 4 && word.endsWith("s") && !/(ss|us|is)$/.test(word) ? word.slice(0, -1) : word;
}
