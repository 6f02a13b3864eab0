import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type AgentModel,
  createToolset,
  defineTool,
  type JSONSchemaObject,
  runAgent,
  type Tool,
} from '../../src/tools/index.js';
import type { ToolDefinition } from '../../src/types/tool.js';
import { orderReport } from './tool-order.js';

const priority = ['urgent', 'high', 'normal', 'low'] as const;

/** Five tools, in this declaration order, each with parameters in a non-alphabetical order. */
const declared: Tool[] = [
  defineTool({
    name: 'zeta_search',
    parameters: z.object({
      query: z.string(),
      limit: z.number().int().nullable(),
      after: z.string().optional(),
    }),
    execute: () => [],
  }),
  defineTool({
    name: 'alpha_ticket',
    parameters: z.object({ title: z.string(), priority: z.enum(priority), body: z.string().default('') }),
    execute: () => 'T-1',
  }),
  defineTool({
    name: 'mid_convert',
    parameters: {
      type: 'object',
      properties: {
        value: { type: 'number' },
        to: { enum: ['kelvin', 'celsius', 'fahrenheit'] },
        note: { type: ['string', 'null'] },
        precision: { type: 'integer', default: 2 },
      },
      required: ['to', 'value'],
    },
    execute: () => 0,
  }),
  defineTool({
    name: 'beta_notify',
    parameters: z.object({
      channel: z.enum(['sms', 'email', 'push']),
      to: z.array(z.string()),
      silent: z.boolean(),
    }),
    execute: () => true,
  }),
  defineTool({
    name: 'omega_clock',
    parameters: { type: 'object', properties: {} },
    execute: () => '12:00',
  }),
];

function shape(definition: ToolDefinition) {
  const parameters = definition.parameters as JSONSchemaObject;
  const properties = (parameters.properties ?? {}) as Record<string, JSONSchemaObject>;
  return {
    name: definition.name,
    parameters: Object.keys(properties),
    enums: Object.fromEntries(
      Object.entries(properties).flatMap(([key, schema]) =>
        Array.isArray(schema.enum) ? [[key, schema.enum]] : [],
      ),
    ),
    required: parameters.required ?? [],
  };
}

describe('tool order: declaration order of tools, parameters, enum values and required', () => {
  it('a toolset of five tools', () => {
    const toolset = createToolset(declared);
    expect(toolset.names).toEqual([
      'zeta_search',
      'alpha_ticket',
      'mid_convert',
      'beta_notify',
      'omega_clock',
    ]);
    expect(toolset.tools).toEqual(declared);
    expect(toolset.definitions().map(shape)).toEqual([
      {
        name: 'zeta_search',
        parameters: ['query', 'limit', 'after'],
        enums: {},
        required: ['query', 'limit'],
      },
      {
        name: 'alpha_ticket',
        parameters: ['title', 'priority', 'body'],
        enums: { priority: ['urgent', 'high', 'normal', 'low'] },
        required: ['title', 'priority'],
      },
      {
        name: 'mid_convert',
        parameters: ['value', 'to', 'note', 'precision'],
        enums: { to: ['kelvin', 'celsius', 'fahrenheit'] },
        // declared order, not the order `required` was written in; the nullable `note` has no default
        required: ['value', 'to', 'note'],
      },
      {
        name: 'beta_notify',
        parameters: ['channel', 'to', 'silent'],
        enums: { channel: ['sms', 'email', 'push'] },
        required: ['channel', 'to', 'silent'],
      },
      { name: 'omega_clock', parameters: [], enums: {}, required: [] },
    ]);
    expect(
      orderReport(
        toolset.names,
        toolset.definitions().map((tool) => tool.name),
      ),
    ).toEqual({
      missing: [],
      unexpected: [],
      inOrder: true,
    });
  });

  it('a toolset built at run time from a list', () => {
    const specs = [
      { name: 'get_row', fields: ['table', 'id'], kinds: ['users', 'orders'] },
      { name: 'delete_row', fields: ['id', 'table', 'reason'], kinds: ['orders', 'users', 'logs'] },
      { name: 'count', fields: ['where', 'table'], kinds: ['logs'] },
      { name: 'archive', fields: ['table', 'before'], kinds: ['users', 'logs'] },
      { name: 'export', fields: ['format', 'table'], kinds: ['orders'] },
    ];
    const toolset = createToolset(
      specs.map((spec) =>
        defineTool({
          name: spec.name,
          parameters: {
            type: 'object',
            properties: Object.fromEntries(
              spec.fields.map((field) => [
                field,
                field === 'table' ? { enum: spec.kinds } : { type: 'string' },
              ]),
            ),
            required: [...spec.fields].reverse(),
          },
          execute: (input) => Object.keys(input),
        }),
      ),
    );
    expect(toolset.definitions().map(shape)).toEqual(
      specs.map((spec) => ({
        name: spec.name,
        parameters: spec.fields,
        enums: { table: spec.kinds },
        required: spec.fields,
      })),
    );
  });

  it('the tools a model is given in a run keep the order', async () => {
    const given: string[][] = [];
    const model: AgentModel = {
      generate: (_messages, tools) => {
        given.push(tools.map((tool) => tool.name));
        return { role: 'assistant', content: 'ok' };
      },
    };
    await runAgent({ model, tools: declared, messages: [{ role: 'user', content: 'hi' }] });
    expect(given).toEqual([['zeta_search', 'alpha_ticket', 'mid_convert', 'beta_notify', 'omega_clock']]);
  });

  it('a tool missing from the output is reported as missing, never ordered first', () => {
    const names = declared.map((tool) => tool.name);
    const dropped = names.slice(1); // a request that lost the first tool
    // the check BAML's test made: positions by indexOf are ascending, and -1 is first
    const positions = [names[0] as string, ...dropped].map((name) => dropped.indexOf(name));
    expect(positions).toEqual([-1, 0, 1, 2, 3]);
    expect(
      positions.every((position, index) => index === 0 || (positions[index - 1] as number) <= position),
    ).toBe(true);
    expect(orderReport(names, dropped)).toEqual({ missing: ['zeta_search'], unexpected: [], inOrder: true });
    expect(orderReport(names, ['alpha_ticket', 'zeta_search', 'extra'])).toEqual({
      missing: ['mid_convert', 'beta_notify', 'omega_clock'],
      unexpected: ['extra'],
      inOrder: false,
    });
  });

  it('two tools with one name are refused', () => {
    const first = declared[0] as Tool;
    expect(() => createToolset([first, first])).toThrow(
      'two tools are named "zeta_search"; tool names must be unique',
    );
  });
});
