export { LOGGER_RULE, type Logger, type LogLevel } from "./logger.js";
