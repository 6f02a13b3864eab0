import { Environment, Interpreter, Template } from '@huggingface/jinja';
import { chatTemplateContext, type SpecialTokens } from './chat-template-context.js';
import { jinjaGlobals } from './jinja-globals.js';
import { type RenderInput, TemplateError } from './prompt-renderer.js';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `name` without the folders of a file path. */
function baseName(name: string): string {
  return name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
}

/** A parsed Jinja chat template; `render` fills the transformers-style context and runs it. */
export interface JinjaChatTemplate {
  render(input: RenderInput, tokens: SpecialTokens): string;
}

/**
 * Parses a Jinja chat template with `@huggingface/jinja` (Python Jinja2's syntax as transformers runs it,
 * `trim_blocks` and `lstrip_blocks` on). `name` names the template in errors (a file path, or
 * `chat_template "tool_use"` of a tokenizer config). Throws `TemplateError` on a syntax error.
 *
 * Rendering reads the variables of `chatTemplateContext` and the globals of `jinjaGlobals`
 * (`strftime_now` of the render date, `raise_exception` throwing `TemplateError`). Any other failure of
 * the template (an unknown filter, an operation on undefined) is a `TemplateError` naming the template.
 *
 * `@huggingface/jinja` 0.5.11 has no hook for filters, tests or list methods, so templates that use
 * Jinja2 features it lacks fail with `TemplateError`: list `.append` / `.pop` (llama.cpp's Kimi K2
 * copies), the `format` filter (vLLM's Llama 3.2 pythonic and ToolACE examples), dict literals with
 * integer keys (Seed-OSS), `undefined ~ str` (vLLM's Llama 4 pythonic), `is sameas` with an argument
 * (a parse error: vLLM's OLMo 3). Template text is not rewritten.
 */
export function parseJinjaChatTemplate(text: string, name: string): JinjaChatTemplate {
  let template: Template;
  try {
    template = new Template(text);
  } catch (error) {
    throw new TemplateError(`${name}: the chat template does not parse: ${messageOf(error)}`);
  }
  return {
    render(input, tokens) {
      const date = input.date ?? new Date();
      // `Template.render` declares the library's globals first and refuses to redeclare them, so the
      // environment is built here with ours (`jinjaGlobals`) and the context.
      const environment = new Environment();
      const context = {
        ...jinjaGlobals(baseName(name), date),
        ...chatTemplateContext({ ...input, date }, tokens),
      };
      for (const [key, value] of Object.entries(context)) environment.set(key, value);
      try {
        return String(new Interpreter(environment).run(template.parsed).value);
      } catch (error) {
        if (error instanceof TemplateError) throw error;
        // The file's name, not its folders: the message reaches clients (a gateway's 500).
        throw new TemplateError(`${baseName(name)}: ${messageOf(error)}`);
      }
    },
  };
}
