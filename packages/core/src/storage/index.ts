export { RUN_CHECKPOINT_VERSION, type RunCheckpoint, type Storage } from "./storage.js";
