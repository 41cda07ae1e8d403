/** Prompting helpers: few-shot examples per model, and results the user has already seen. */
export { fewShot, fewShotExamplesFor, type FewShotOptions } from "./few-shot.js";
export { shownToUser, shownToUserText, SHOWN_TO_USER_NOTE, type ShownToUserOptions } from "./shown-to-user.js";
export { modelMatches } from "./model-pattern.js";
