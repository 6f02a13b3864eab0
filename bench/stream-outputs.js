// Realistic model outputs for bench/stream.bench.js: prose, one big write_file call (about the target size:
// code-like text with quotes, tabs, backslashes, accents, CJK and emoji, plus an array of records), one small call.
export const tools = [
  {
    name: 'write_file',
    description: 'Write a file',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        content: { type: 'string' },
        overwrite: { type: 'boolean' },
        records: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'integer' }, label: { type: 'string' }, score: { type: 'number' } },
          },
        },
      },
      required: ['path', 'content'],
    },
  },
  {
    name: 'get_time',
    description: 'Current time',
    parameters: { type: 'object', properties: { zone: { type: 'string' } } },
  },
];

/** Arguments of the big call, about `bytes` of JSON: 70 % code-like text, 30 % records. */
export function bigArguments(bytes) {
  const lines = [];
  let size = 0;
  for (let index = 0; size < bytes * 0.7; index++) {
    const line = `  const value_${index} = compute("item ${index}", { weight: ${index * 3}, ratio: 0.${index % 97} }); // café 中文 ${index % 5 === 0 ? '😀' : ''}\t\\ end`;
    lines.push(line);
    size += line.length + 6;
  }
  const records = [];
  for (let index = 0; size < bytes * 0.95; index++) {
    records.push({ id: index, label: `row "${index}" of the table`, score: index * 1.25 });
    size += 50;
  }
  return { path: 'src/generated/values.ts', content: lines.join('\n'), overwrite: true, records };
}

export const spaced = (value) => JSON.stringify(value, null, 0).replace(/","/g, '", "').replace(/":/g, '": ');

/** The output of one format: prose, the big call, a small call. */
export function output(format, bytes) {
  const args = bigArguments(bytes);
  const small = { zone: 'UTC' };
  const prose = 'I will write the generated file and then check the time.\n';
  const xmlValue = (value) => (typeof value === 'string' ? value : JSON.stringify(value));
  switch (format) {
    case 'hermes':
      return `${prose}<tool_call>\n{"name": "write_file", "arguments": ${spaced(args)}}\n</tool_call>\n<tool_call>\n{"name": "get_time", "arguments": ${spaced(small)}}\n</tool_call>`;
    case 'mistral':
      return `${prose}[TOOL_CALLS]write_file[ARGS]${JSON.stringify(args)}[TOOL_CALLS]get_time[ARGS]${JSON.stringify(small)}`;
    case 'kimi_k2':
      return `${prose}<|tool_calls_section_begin|><|tool_call_begin|>functions.write_file:0<|tool_call_argument_begin|>${spaced(args)}<|tool_call_end|><|tool_call_begin|>functions.get_time:1<|tool_call_argument_begin|>${spaced(small)}<|tool_call_end|><|tool_calls_section_end|>`;
    case 'qwen3_coder': {
      const call = (name, value) =>
        `<tool_call>\n<function=${name}>\n${Object.entries(value)
          .map(([key, item]) => `<parameter=${key}>\n${xmlValue(item)}\n</parameter>\n`)
          .join('')}</function>\n</tool_call>`;
      return `${prose}${call('write_file', args)}\n${call('get_time', small)}`;
    }
    case 'glm45': {
      // GLM-4.5 / 4.6: the name on the opening line, each key and value on lines of their own.
      const call = (name, value) =>
        `<tool_call>${name}\n${Object.entries(value)
          .map(([key, item]) => `<arg_key>${key}</arg_key>\n<arg_value>${xmlValue(item)}</arg_value>\n`)
          .join('')}</tool_call>`;
      return `${prose}${call('write_file', args)}\n${call('get_time', small)}`;
    }
    case 'glm47': {
      const call = (name, value) =>
        `<tool_call>${name}${Object.entries(value)
          .map(([key, item]) => `<arg_key>${key}</arg_key><arg_value>${xmlValue(item)}</arg_value>`)
          .join('')}</tool_call>`;
      return `${prose}${call('write_file', args)}${call('get_time', small)}`;
    }
    case 'minimax_m2': {
      const call = (name, value) =>
        `<invoke name="${name}">\n${Object.entries(value)
          .map(([key, item]) => `<parameter name="${key}">${xmlValue(item)}</parameter>\n`)
          .join('')}</invoke>\n`;
      return `${prose}<minimax:tool_call>\n${call('write_file', args)}${call('get_time', small)}</minimax:tool_call>`;
    }
    default:
      throw new Error(format);
  }
}
