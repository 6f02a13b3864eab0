// A tool's SchemaRoot for dispatch, and whether alignment can check the tool's schema (once per tool).

import { SchemaRoot } from '../schema/schema-root.js';
import { UNCHECKED_KEYWORDS } from '../schema/unchecked-keywords.js';
import { standardValidate, type Tool } from './define-tool.js';
import { type DispatchError, errorMessage, unsupportedSchema } from './dispatch-error.js';

export interface PreparedSchema {
  readonly root: SchemaRoot;
  readonly problem?: DispatchError;
}

const prepared = new WeakMap<Tool, PreparedSchema>();

/** The tool's `SchemaRoot` and whether alignment can check its schema, computed once per tool. */
export function prepareToolSchema(tool: Tool): PreparedSchema {
  let entry = prepared.get(tool);
  if (entry) return entry;
  const root = new SchemaRoot(tool.parameters);
  try {
    const options = root.options(tool.parameters);
    if (!options.some((option) => option.kind === 'object' || option.kind === 'any')) {
      entry = {
        root,
        problem: unsupportedSchema(tool.name, 'its parameters schema does not describe a JSON object'),
      };
    } else {
      root.expandAll();
      // A schema using one can accept less than alignment lets through, so without a Standard Schema
      // to validate with, the tool is not run (`unsupported_schema`).
      const unchecked = root.unsupportedKeywords.filter(({ keyword }) => UNCHECKED_KEYWORDS.has(keyword));
      entry =
        unchecked.length > 0 && !standardValidate(tool.standardSchema)
          ? {
              root,
              problem: unsupportedSchema(
                tool.name,
                `its parameters schema uses ${unchecked
                  .map(({ keyword, pointer: at }) => `"${keyword}" at ${at === '' ? '/' : at}`)
                  .join(', ')}, which toolwire cannot check`,
              ),
            }
          : { root };
    }
  } catch (cause) {
    entry = {
      root,
      problem: unsupportedSchema(
        tool.name,
        `its parameters schema cannot be read: ${errorMessage(cause)}`,
        cause,
      ),
    };
  }
  prepared.set(tool, entry);
  return entry;
}
