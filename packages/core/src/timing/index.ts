export { abortableDelay } from "./abortable-delay.js";
