/** Agent templates: agents defined as JSON, validated with errors naming the field, loadable from a file. */
export { agentTemplateSchema, type AgentTemplate } from "./template-schema.js";
export { parseAgentTemplate, type ParseTemplateOptions } from "./parse-template.js";
export { loadAgentTemplate } from "./load-template.js";
export { agentFromTemplate, templateDataPolicy, type TemplateAgentOptions, type TemplateResolution } from "./agent-from-template.js";
export { AgentTemplateError } from "./template-errors.js";
