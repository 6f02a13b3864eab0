import { describe, expect, it } from 'vitest';
import { InvalidToolsError } from '../../src/errors/index.js';
import { getFormat, grammarFor, parseToolCalls } from '../../src/index.js';

// Two schemas under one name: the call's arguments would align with the later one, silently.
const a = { type: 'object', properties: { x: { type: 'integer' } } };
const b = { type: 'object', properties: { x: { type: 'string' } } };
const tools = [
  { name: 'f', parameters: a },
  { name: 'f', parameters: b },
];
const message = 'tools[1]: a second tool named "f"; tool names must be unique';

const refused = expect.objectContaining({ code: 'invalid_tools', message, index: 1 });

describe('two tools with one name', () => {
  it('parseToolCalls throws invalid_tools', () => {
    const parse = () =>
      parseToolCalls('<tool_call>\n{"name": "f", "arguments": {"x": "1"}}\n</tool_call>', {
        format: 'hermes',
        tools,
      });
    expect(parse).toThrow(InvalidToolsError);
    expect(parse).toThrow(refused);
  });

  it('a streaming parser throws invalid_tools when created', () => {
    expect(() => getFormat('hermes').create({ tools })).toThrow(refused);
  });

  it('grammarFor throws invalid_tools', () => {
    expect(() => grammarFor({ format: 'hermes', tools })).toThrow(refused);
  });

  it('an OpenAI-shaped entry counts by its function name', () => {
    const mixed = [
      { name: 'f', parameters: a },
      { type: 'function', function: { name: 'f', parameters: b } },
    ];
    expect(() => parseToolCalls('', { format: 'hermes', tools: mixed as never })).toThrow(refused);
  });
});
