import ts from 'typescript';

/**
 * Turns a runnable docs block into a module that checks its own comments. A comment holding `→` is a
 * claim about a value, and every one must be one of these two forms (prose comments do without `→`):
 *
 * - `// EXPRESSION → VALUE`: at that point of the block, EXPRESSION equals VALUE;
 * - `// → VALUE`, at the end of a statement's line or on the lines right after it: that statement's value
 *   (an expression statement's, or the one variable a `const` declares) equals VALUE.
 *
 * VALUE is a JavaScript expression evaluated in the block's scope (a literal, mostly); when it does not
 * end on its line, the comment lines right under it continue it. The comparison is `toStrictEqual`,
 * where `…` inside an expected string stands for any text (see `check.ts`).
 */

export interface Claim {
  /** 1-based line of the block where the claim's comment starts. */
  readonly line: number;
  /** The expression checked, as written (`''` for a statement's own value). */
  readonly expression: string;
  readonly value: string;
}

export interface InstrumentedBlock {
  readonly source: string;
  readonly claims: readonly Claim[];
}

interface Comment {
  readonly pos: number;
  readonly end: number;
  /** The text after `//`. */
  readonly text: string;
  /** Whether only whitespace precedes it on its line. */
  readonly ownLine: boolean;
}

function comments(file: ts.SourceFile): Comment[] {
  const code = file.text;
  const found = new Map<number, Comment>();
  const add = (range: ts.CommentRange): void => {
    if (range.kind !== ts.SyntaxKind.SingleLineCommentTrivia || found.has(range.pos)) return;
    const lineStart = code.lastIndexOf('\n', range.pos - 1) + 1;
    found.set(range.pos, {
      pos: range.pos,
      end: range.end,
      text: code.slice(range.pos + 2, range.end),
      ownLine: code.slice(lineStart, range.pos).trim() === '',
    });
  };
  // Every comment is trivia around some token: the parser, not a scan of the text, knows where strings,
  // templates and regular expressions end.
  const visit = (node: ts.Node): void => {
    ts.getLeadingCommentRanges(code, node.pos)?.forEach(add);
    ts.getTrailingCommentRanges(code, node.end)?.forEach(add);
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return [...found.values()].sort((a, b) => a.pos - b.pos);
}

/** Whether `text` is one complete JavaScript expression. */
function isExpression(text: string): boolean {
  if (text.trim() === '') return false;
  try {
    new Function(`return (${text}\n);`);
    return true;
  } catch {
    return false;
  }
}

const lineOf = (code: string, pos: number): number => code.slice(0, pos).split('\n').length;

/** The top-level or nested statement that ends last at or before `pos`. */
function statementBefore(file: ts.SourceFile, pos: number): ts.Statement | undefined {
  let best: ts.Statement | undefined;
  const visit = (node: ts.Node): void => {
    if (node.pos > pos) return;
    if (ts.isExpressionStatement(node) || ts.isVariableStatement(node)) {
      if (node.end <= pos && (!best || node.end >= best.end)) best = node;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return best;
}

/**
 * The instrumented module: each claim becomes `__check(index, () => (EXPRESSION), () => (VALUE))` in
 * place of its comment. `checkModule` is the specifier of the module exporting `__check`.
 */
export function instrumentBlock(code: string, checkModule: string): InstrumentedBlock {
  const file = ts.createSourceFile('block.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const all = comments(file);
  const claims: Claim[] = [];
  // Text edits, applied from the end so positions stay valid.
  const edits: Array<{ pos: number; end: number; text: string }> = [];
  for (let index = 0; index < all.length; index++) {
    const comment = all[index]!;
    const arrow = comment.text.indexOf('→');
    if (arrow < 0) continue;
    const expression = comment.text.slice(0, arrow).trim();
    let value = comment.text.slice(arrow + 1).trim();
    let end = comment.end;
    // A value that does not end on its line goes on in the own-line comments right under it.
    while (!isExpression(value)) {
      const next = all[index + 1];
      if (!next?.ownLine || code.slice(end, next.pos).trim() !== '' || next.text.includes('→')) break;
      value += `\n${next.text}`;
      end = next.end;
      index++;
    }
    const line = lineOf(code, comment.pos);
    if (!isExpression(value)) throw new Error(`line ${line}: "→ ${value}" is not a JavaScript expression`);
    let checked = expression;
    if (expression === '') {
      const statement = statementBefore(file, comment.pos);
      if (!statement) throw new Error(`line ${line}: "// →" follows no statement`);
      const name = `__value${claims.length}`;
      if (ts.isExpressionStatement(statement)) {
        edits.push({
          pos: statement.getStart(file),
          end: statement.end,
          text: `const ${name} = (${statement.expression.getText(file)});`,
        });
        checked = name;
      } else {
        const declarations = (statement as ts.VariableStatement).declarationList.declarations;
        const declared = declarations.length === 1 ? declarations[0]?.name : undefined;
        if (!declared || !ts.isIdentifier(declared))
          throw new Error(`line ${line}: "// →" after a declaration of more than one name`);
        checked = declared.text;
      }
    } else if (!isExpression(expression)) {
      throw new Error(`line ${line}: "${expression} →" is not a JavaScript expression`);
    }
    const call = `__check(${claims.length}, () => (${checked}\n), () => (${value}\n));`;
    edits.push({ pos: comment.pos, end, text: comment.ownLine ? call : `; ${call}` });
    claims.push({ line, expression, value });
  }
  let source = code;
  for (const edit of edits.sort((a, b) => b.pos - a.pos))
    source = source.slice(0, edit.pos) + edit.text + source.slice(edit.end);
  return { source: `import { __check } from ${JSON.stringify(checkModule)};\n${source}`, claims };
}
