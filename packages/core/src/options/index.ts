export { checkOptions, optionIs, requiredOption, type OptionRule, type OptionRules } from "./check-options.js";
