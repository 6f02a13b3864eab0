// The schemas and valid values `align.bench.js` compares alignValue with ajv and zod on, and that
// `compare-builds.js` times two builds on: one definition, so the A/B rows measure the same work.
export const alignCases = [
  {
    name: 'flat (weather)',
    schema: {
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1 },
        days: { type: 'integer', minimum: 1, maximum: 14 },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        hourly: { type: 'boolean' },
      },
      required: ['city', 'days'],
      additionalProperties: false,
    },
    value: { city: 'San Francisco', days: 3, unit: 'celsius', hourly: false },
  },
  {
    name: 'nested + $ref (order)',
    schema: {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              sku: { type: 'string', pattern: '^[A-Z]{3}-\\d+$' },
              qty: { type: 'integer', minimum: 1 },
            },
            required: ['sku', 'qty'],
          },
        },
        ship_to: { $ref: '#/$defs/address' },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['items', 'ship_to'],
      $defs: {
        address: {
          type: 'object',
          properties: { street: { type: 'string' }, zip: { type: 'string' }, country: { type: 'string' } },
          required: ['street', 'country'],
        },
      },
    },
    value: {
      items: [
        { sku: 'ABC-1', qty: 2 },
        { sku: 'XYZ-42', qty: 1 },
        { sku: 'QQQ-7', qty: 10 },
      ],
      ship_to: { street: '1 Main St', zip: '94105', country: 'US' },
      note: null,
    },
  },
  {
    name: 'discriminated union',
    schema: {
      type: 'object',
      properties: {
        action: {
          oneOf: [
            {
              type: 'object',
              properties: { kind: { const: 'move' }, x: { type: 'number' }, y: { type: 'number' } },
              required: ['kind', 'x', 'y'],
            },
            {
              type: 'object',
              properties: { kind: { const: 'say' }, text: { type: 'string' } },
              required: ['kind', 'text'],
            },
          ],
        },
      },
      required: ['action'],
    },
    value: { action: { kind: 'say', text: 'hello there' } },
  },
];
