/** Prompting helpers: few-shot examples per model, and results the user has already seen. */
export { withFewShot, fewShotExamplesFor, FEW_SHOT_CUSTOM_KEY, type FewShotOptions } from "./with-few-shot.js";
export { withShownToUser, shownToUserText, SHOWN_TO_USER_NOTE, type ShownToUserOptions } from "./with-shown-to-user.js";
export { modelMatches } from "./model-pattern.js";
