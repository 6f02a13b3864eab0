/** What `toolwire/providers` will export for Anthropic and Bedrock (the README examples import it). */
export { anthropic, createAnthropicConverter } from '../../src/providers/anthropic/index.js';
export {
  BEDROCK_PLACEHOLDER_TOOL,
  bedrock,
  createBedrockConverter,
} from '../../src/providers/bedrock/index.js';
