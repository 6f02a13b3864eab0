/**
 * `toolwire/server/node`: running the gateway on Node: reading the config file, loading templates
 * from files, and listening on a port (with Hono's Node adapter).
 */
export * from '../index.js';
export { loadPromptRenderer } from '../template/load-prompt-renderer.js';
export { type EmbeddedModel, loadEmbeddedModel } from './embedded-model.js';
export { configFolder, GatewayConfigError, gatewayOptions, loadConfigFile } from './load-gateway-options.js';
export { loadTokenCounter } from './load-token-counter.js';
export { PLAYGROUND_PATH, playgroundFiles } from './playground-files.js';
export { type ServingGateway, serveGateway } from './serve-gateway.js';
