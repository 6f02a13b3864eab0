import { schemaAlignment } from '../schema/schema-alignment.js';
import { alignsByDefault } from './aligns-by-default.js';
import type { FormatDefinition, FormatOptions } from './format-definition.js';

/**
 * `options` with `align: schemaAlignment` when they give none (`undefined` options included). Anything
 * that is not an object is returned as it is, for the parser's options check to reject.
 */
export function withSchemaAlignment<T extends FormatOptions>(options: T | undefined): T {
  if (options === undefined) return { align: schemaAlignment } as T;
  if (typeof options !== 'object' || options === null || options.align !== undefined) return options;
  // Not `{ ...options, align }`: on Node 20 (V8 11) a property added to an object spread's copy goes
  // through the runtime (about 3 µs, most of a short parse); a literal property before the spread does
  // not. An own `align: undefined` would win over it, so that rare object is copied the slow way.
  return Object.hasOwn(options, 'align')
    ? Object.assign({}, options, { align: schemaAlignment })
    : { align: schemaAlignment, ...options };
}

/**
 * `definition` with a `create` that aligns arguments with `schemaAlignment` when the options give no
 * `align` (its other fields as they are); a definition that already does is returned itself. The
 * registry's definitions are these, so `getFormat(id).create({ tools })` aligns as it always has.
 */
export function schemaAligned(definition: FormatDefinition): FormatDefinition {
  if (alignsByDefault.has(definition)) return definition;
  const aligned: FormatDefinition = {
    ...definition,
    create: (options?: FormatOptions) => definition.create(withSchemaAlignment(options)),
  };
  alignsByDefault.add(aligned);
  return aligned;
}
