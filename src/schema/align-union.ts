// Aligns a value with a node of several options (`anyOf` / `oneOf` / `type` arrays / enums): the best
// variant wins.
import type { AlignContext } from './align-context.js';
import { alignStringEnum } from './align-enum.js';
import { excerpt, issue, typeName } from './align-issue.js';
import type { AlignIssue } from './align-result.js';
import { Sink } from './align-sink.js';
import { exactMatchList } from './exact-match.js';
import { isStringLiteral, optionsIndex, stringLiterals } from './options-index.js';
import type { SchemaOption } from './schema-root.js';

/**
 * An exact match wins, otherwise the variant with the fewest issues, then the lowest flag score,
 * then the first in schema order. String literals (enum entries) are matched together, so ambiguity
 * is seen across all of them. When no variant fits, a single issue at the union's own path is
 * reported against the union as a whole (`expected` lists every variant).
 */
export function alignUnion(
  context: AlignContext,
  value: unknown,
  options: readonly SchemaOption[],
  path: string,
  sink: Sink,
  depth: number,
): unknown {
  if (exactMatchList(context, value, options, depth)) return value;
  const strings = stringLiterals(options);
  const index = optionsIndex(options);
  let best: { value: unknown; sink: Sink } | undefined;
  for (const option of index.tried) {
    const attempt = new Sink();
    const result = isStringLiteral(option)
      ? alignStringEnum(value, strings, path, attempt, depth)
      : context.option(value, option, path, attempt, depth);
    if (attempt.issues.length === 0 && attempt.score === 0) {
      sink.merge(attempt);
      return result;
    }
    if (
      best === undefined ||
      attempt.issues.length < best.sink.issues.length ||
      (attempt.issues.length === best.sink.issues.length && attempt.score < best.sink.score)
    ) {
      best = { value: result, sink: attempt };
    }
  }
  if (best === undefined) {
    sink.add(issue(path, 'no_match', 'a value allowed by the schema', typeName(value)));
    return value;
  }
  if (best.sink.issues.length > 0 && options.length > 1) {
    // Report against the union as a whole when no variant fits, keeping the closest variant's details.
    index.expected ??= [...new Set(options.map(describeOption))].join(' | ');
    const expected = index.expected;
    const first = best.sink.issues[0] as AlignIssue;
    if (first.path === path && best.sink.issues.length === 1) {
      sink.merge({ ...best.sink, issues: [issue(path, first.code, expected, first.received)] } as Sink);
      return best.value;
    }
  }
  sink.merge(best.sink);
  return best.value;
}

function describeOption(option: SchemaOption): string {
  switch (option.kind) {
    case 'literal':
      return excerpt(option.value);
    case 'any':
      return 'any value';
    case 'never':
      return 'nothing (false schema)';
    case 'unknown':
      return option.typeName;
    default:
      return option.kind;
  }
}
