// The schemas and valid values `align.bench.js` compares alignValue with ajv and zod on, and that
// `compare-builds.js` times two builds on: one definition, so the A/B rows measure the same work.

const order = {
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
};

/** An order of the `order` schema whose JSON text is at least `bytes` long (many line items). */
function orderOfSize(bytes) {
  const value = {
    items: [],
    ship_to: { street: '1 Main St', zip: '94105', country: 'US' },
    note: 'leave at the door',
  };
  let size = JSON.stringify(value).length;
  for (let index = 0; size < bytes; index++) {
    const item = { sku: `${['ABC', 'XYZ', 'QQQ'][index % 3]}-${index}`, qty: 1 + (index % 9) };
    value.items.push(item);
    size += JSON.stringify(item).length + 1;
  }
  return value;
}

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
    schema: order,
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
  { name: 'order, 4 KB', schema: order, value: orderOfSize(4096) },
  { name: 'order, 64 KB', schema: order, value: orderOfSize(65536) },
];

/**
 * A 200-byte value with one optional property left out that has a `default`: alignValue fills it in
 * (flag `default_filled`); ajv fills it with `useDefaults: true`, into the object it validates.
 */
export const defaultCase = {
  name: 'one default filled (200 B)',
  schema: {
    type: 'object',
    properties: {
      city: { type: 'string', minLength: 1 },
      country: { type: 'string' },
      days: { type: 'integer', minimum: 1, maximum: 14 },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' },
      hourly: { type: 'boolean' },
      language: { type: 'string' },
      details: { type: 'string' },
    },
    required: ['city', 'days'],
    additionalProperties: false,
  },
  value: {
    city: 'San Francisco',
    country: 'United States',
    days: 3,
    hourly: false,
    language: 'en',
    details: 'temperature, precipitation, wind speed and humidity for each day and each hour of the forecast',
  },
};
