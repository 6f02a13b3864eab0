const userPrefix = 'user:\n';
const assistantSuffix = '\n\nassistant:\n';
const userStop = '\nuser:';

/**
 * A `fetch` for the AI SDK's completion models (`createOpenAI({ fetch: rawPromptFetch() }).completion(id)`)
 * that sends a whole-prompt mode prompt (`toolCallMiddleware({ promptTemplate })`) to `/completions`
 * as it is. Those models turn the prompt into text with `user:` / `assistant:` lines
 * (`convertToOpenAICompletionPrompt` in `@ai-sdk/openai`: a single user message becomes
 * `"user:\n" + text + "\n\nassistant:\n"`, and `"\nuser:"` is added to `stop`); this takes that
 * wrapping off again, so the endpoint gets exactly the text the chat template would have made.
 *
 * Only a JSON body whose `prompt` is a string with exactly that wrapping is changed (the `"\nuser:"`
 * stop sequence is removed with it; other stop sequences are kept); every other request goes to
 * `base` unchanged. `base` defaults to the global `fetch`.
 */
export function rawPromptFetch(base: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
  return (input, init) => {
    const body = init?.body;
    if (typeof body !== 'string') return base(input, init);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return base(input, init);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return base(input, init);
    const request = parsed as Record<string, unknown>;
    const prompt = request.prompt;
    if (
      typeof prompt !== 'string' ||
      !prompt.startsWith(userPrefix) ||
      !prompt.endsWith(assistantSuffix) ||
      prompt.length < userPrefix.length + assistantSuffix.length
    )
      return base(input, init);
    const unwrapped: Record<string, unknown> = {
      ...request,
      prompt: prompt.slice(userPrefix.length, prompt.length - assistantSuffix.length),
    };
    if (Array.isArray(request.stop)) {
      const stop = request.stop.filter((entry) => entry !== userStop);
      if (stop.length === 0) delete unwrapped.stop;
      else unwrapped.stop = stop;
    }
    return base(input, { ...init, body: JSON.stringify(unwrapped) });
  };
}
