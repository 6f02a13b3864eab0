// Aligner: the dispatcher of the alignment engine over one `SchemaRoot`, from a schema node to its
// options and from an option to the aligner of its type.
import type { JSONSchema } from '../types/json-schema.js';
import { alignArray } from './align-array.js';
import { alignBoolean } from './align-boolean.js';
import { type AlignContext, MAX_VALUE_DEPTH } from './align-context.js';
import { alignLiteral, alignStringEnum } from './align-enum.js';
import { issue, tooDeepIssue, typeName } from './align-issue.js';
import { alignNull } from './align-null.js';
import { alignNumber } from './align-number.js';
import { alignObject } from './align-object.js';
import type { Sink } from './align-sink.js';
import { alignString } from './align-string.js';
import { alignUnion } from './align-union.js';
import type { CompilePlan } from './compile-plan.js';
import { exactMatch } from './exact-match.js';
import { type StringLiteral, singleLiteral } from './options-index.js';
import type { SchemaOption, SchemaRoot } from './schema-root.js';

/** The alignment engine over one `SchemaRoot` (stateless: one may serve any number of values). */
export class Aligner implements AlignContext {
  /** `alignValue`'s compilation state of the root node (`compiled-aligner.ts`). */
  readonly rootPlan: CompilePlan = { calls: 0, spent: 0, compiled: undefined };
  /** The same for other nodes given with `AlignValueOptions.root`, created on first use. */
  plans: WeakMap<object, CompilePlan> | undefined;
  /**
   * @param partial the value is a prefix of a streamed value (a preview): a missing required property
   *   is null (flagged `missing_as_null`) instead of an issue, as BAML's partial mode does.
   * @param applyDefaults a missing declared property takes its schema `default` (`AlignOptions`).
   */
  constructor(
    readonly root: SchemaRoot,
    readonly partial = false,
    readonly applyDefaults = true,
  ) {}

  allowsNull(schema: JSONSchema | undefined): boolean {
    return this.root
      .options(schema)
      .some(
        (option) =>
          option.kind === 'null' ||
          option.kind === 'any' ||
          (option.kind === 'literal' && option.value === null),
      );
  }

  node(value: unknown, schema: JSONSchema | undefined, path: string, sink: Sink, depth: number): unknown {
    if (depth > MAX_VALUE_DEPTH) {
      sink.add(tooDeepIssue(path));
      return value;
    }
    const options = this.root.options(schema);
    if (options.length === 1) return this.option(value, options[0] as SchemaOption, path, sink, depth);
    return alignUnion(this, value, options, path, sink, depth);
  }

  /** See `exactMatch`. */
  exact(value: unknown, schema: JSONSchema | undefined, depth: number): boolean {
    return exactMatch(this, value, schema, depth);
  }

  option(value: unknown, option: SchemaOption, path: string, sink: Sink, depth: number): unknown {
    switch (option.kind) {
      case 'any':
      case 'unknown':
        return value;
      case 'never':
        sink.add(issue(path, 'no_match', 'nothing (false schema)', typeName(value)));
        return value;
      case 'literal':
        if (typeof option.value === 'string')
          return alignStringEnum(value, singleLiteral(option as StringLiteral), path, sink, depth);
        return alignLiteral(value, option.value, path, sink, depth);
      case 'string':
        return alignString(this, value, option.schema, path, sink, depth);
      case 'integer':
      case 'number':
        return alignNumber(value, option.kind, option.schema, path, sink, depth);
      case 'boolean':
        return alignBoolean(value, path, sink, depth);
      case 'null':
        return alignNull(value, path, sink);
      case 'object':
        return alignObject(this, value, option, path, sink, depth);
      case 'array':
        return alignArray(this, value, option, path, sink, depth);
    }
  }
}
