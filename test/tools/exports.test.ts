import { describe, expect, it } from 'vitest';
import * as root from '../../src/index.js';
import * as tools from '../../src/tools/index.js';

describe('toolwire/tools exports', () => {
  it('every value is re-exported by the root entry', () => {
    expect(Object.keys(tools).filter((name) => !(name in root))).toEqual([]);
    expect(Object.keys(tools).sort()).toEqual([
      'createToolset',
      'defineTool',
      'dispatch',
      'fromTextModel',
      'isStandardSchema',
      'runAgent',
      'toToolOutput',
    ]);
  });
});
