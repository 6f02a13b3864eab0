/**
 * Requests exactly as agent clients send them, field for field (texts shortened), that the gateway
 * once refused. Each is answered as the client expects.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type GatewayHarness, hermesCall, startGateway } from './gateway-harness.js';
import { frames, postResponses } from './responses-helpers.js';

/** POSTs `body` to the gateway's `/v1/messages?beta=true` as Claude Code does. */
async function postMessages(body: unknown): Promise<{ status: number; json: unknown }> {
  if (harness === undefined) throw new Error('no gateway');
  const response = await fetch(`${harness.url}/v1/messages?beta=true`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

let harness: GatewayHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const execCommand = {
  type: 'function',
  name: 'exec_command',
  description: 'Runs a command in a PTY, returning output or a session ID for ongoing interaction.',
  strict: false,
  parameters: {
    type: 'object',
    properties: {
      cmd: { type: 'string', description: 'Shell command to execute.' },
      workdir: { type: 'string', description: 'Working directory for the command.' },
      yield_time_ms: { type: 'number', description: 'Wait before yielding output.' },
    },
    required: ['cmd'],
    additionalProperties: false,
  },
};

/**
 * The first request of a `codex exec` turn (Codex CLI 0.171.0, `wire_api = "responses"`): developer
 * and user messages of `input_text`, function tools with `strict: false`, a `namespace` of tools and
 * `web_search`, `reasoning.summary`, `store: false`, `include` of encrypted reasoning,
 * `prompt_cache_key`, and `client_metadata` with the session's ids.
 */
const codexTurn = {
  model: 'm',
  stream: true,
  input: [
    {
      type: 'message',
      id: 'msg_3a3bbe74-ec68-5b42-b1ef-84678d8a7c5e',
      role: 'developer',
      content: [{ type: 'input_text', text: 'You are a coding agent.' }],
    },
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Print the marker.' }] },
  ],
  tools: [
    execCommand,
    {
      type: 'namespace',
      name: 'multi_agent_v1',
      description: 'Tools for spawning and managing sub-agents.',
      tools: [{ type: 'function', name: 'close_agent', strict: false, parameters: { type: 'object' } }],
    },
    { type: 'web_search' },
  ],
  tool_choice: 'auto',
  parallel_tool_calls: true,
  reasoning: { summary: 'auto' },
  store: false,
  include: ['reasoning.encrypted_content'],
  prompt_cache_key: '01a24736-048f-7c93-855e-31942d969a13',
  client_metadata: {
    'x-codex-window-id': '01a24736-048f-7c93-855e-31942d969a13:0',
    thread_id: '01a24736-048f-7c93-855e-31942d969a13',
    turn_id: '01a24736-054e-7130-a6ff-210fd64ad3ce',
    root_turn_id: '01a24736-054e-7130-a6ff-210fd64ad3ce',
    'x-codex-turn-metadata': '{"session_id":"01a24736-048f-7c93-855e-31942d969a13","request_kind":"turn"}',
    'x-codex-installation-id': '15409575-076f-48e0-9a4b-c71c4f5440e1',
    session_id: '01a24736-048f-7c93-855e-31942d969a13',
  },
};

describe('Codex CLI', () => {
  it('a codex exec turn with client_metadata is answered (it was a 400 unsupported_parameter)', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: hermesCall('exec_command', { cmd: 'echo hi' }) }] },
    });
    const { status, text } = await postResponses(harness, codexTurn);
    expect(status).toBe(200);
    const events = frames(text);
    const done = events.find((event) => event.event === 'response.output_item.done');
    expect(done?.data.item).toEqual({
      id: expect.stringMatching(/^fc_[A-Za-z0-9]{24}$/),
      type: 'function_call',
      status: 'completed',
      call_id: expect.stringMatching(/^call_[A-Za-z0-9]{24}$/),
      name: 'exec_command',
      arguments: '{"cmd":"echo hi"}',
    });
    expect(events.at(-1)?.event).toBe('response.completed');
    expect(harness.notices).toEqual([
      'include: "reasoning.encrypted_content" adds nothing here: reasoning items carry their text as reasoning_text content, to send back as it is',
      'tools: "namespace" tools are not served by this gateway; tools[1] ignored',
      'tools: "web_search" tools are not served by this gateway; tools[2] ignored',
    ]);
  });

  it('client_metadata must be an object', async () => {
    harness = await startGateway({ replay: { recordings: [] } });
    const { status, text } = await postResponses(harness, { ...codexTurn, client_metadata: 'x' });
    expect(status).toBe(400);
    expect(JSON.parse(text)).toEqual({
      error: {
        message: '"client_metadata" must be an object',
        type: 'invalid_request_error',
        param: 'client_metadata',
        code: 'invalid_value',
      },
    });
  });
});

const bash = {
  name: 'Bash',
  description: 'Run a command',
  input_schema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
};

/** The gpt-oss template's system and developer turns for `bash` under `instructions`. */
const harmonyHead = (instructions: string) =>
  '<|start|>system<|message|>You are ChatGPT, a large language model trained by OpenAI.\nKnowledge cutoff: 2024-06\n\n' +
  'Reasoning: medium\n\n# Valid channels: analysis, commentary, final. Channel must be included for every message.\n' +
  "Calls to these tools must go to the commentary channel: 'functions'.<|end|>" +
  `<|start|>developer<|message|># Instructions\n\n${instructions}\n\n# Tools\n\n## functions\n\nnamespace functions {\n\n` +
  '// Run a command\ntype Bash = (_: {\ncommand: string,\n}) => any;\n\n} // namespace functions<|end|>';

describe('Claude Code', () => {
  it('role "system" messages inside messages are rendered in place (they were a 400 on messages.1.role)', async () => {
    harness = await startGateway({
      format: 'harmony',
      template: 'gpt-oss',
      replay: { recordings: [{ output: '<|channel|>final<|message|>Done.<|return|>' }] },
    });
    // Claude Code 2.1.332 sends its environment as a system message after the task; `clear_at` as
    // Anthropic defines it: a `next_user_message` system message is no longer shown once a user
    // message follows it.
    const { status, json } = await postMessages({
      model: 'm',
      max_tokens: 100,
      stream: false,
      system: [{ type: 'text', text: 'You are an agent.' }],
      tools: [bash],
      metadata: { user_id: 'user_e2e' },
      thinking: { type: 'adaptive' },
      context_management: { edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] },
      output_config: { effort: 'medium' },
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: '<system-reminder>\nBe brief.\n</system-reminder>' },
            { type: 'text', text: 'Print it.' },
          ],
        },
        {
          role: 'system',
          content: [{ type: 'text', text: '# Environment\nPrimary working directory: /work' }],
        },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'echo hi' } }],
        },
        { role: 'system', content: 'Shown once.', clear_at: 'next_user_message' },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'hi' }] },
        { role: 'system', content: 'Still shown.', clear_at: 'next_user_message' },
      ],
    });
    expect(status).toBe(200);
    expect((json as { content: unknown }).content).toEqual([{ type: 'text', text: 'Done.' }]);
    // The tool result keeps its tool's name though a system message splits it from its call.
    expect(harness.replay.requests[0]?.body.prompt).toBe(
      `${harmonyHead('You are an agent.')}<|start|>user<|message|><system-reminder>\nBe brief.\n</system-reminder>\nPrint it.<|end|>` +
        '<|start|>system<|message|># Environment\nPrimary working directory: /work<|end|>' +
        '<|start|>assistant to=functions.Bash<|channel|>commentary json<|message|>{"command": "echo hi"}<|call|>' +
        '<|start|>functions.Bash to=assistant<|channel|>commentary<|message|>"hi"<|end|>' +
        '<|start|>system<|message|>Still shown.<|end|><|start|>assistant',
    );
  });

  it('system messages that change tools, or of another shape, are a 400 naming the field', async () => {
    harness = await startGateway({ replay: { recordings: [] } });
    const base = { model: 'm', max_tokens: 10, tools: [bash] };
    const user = { role: 'user', content: 'Hi' };
    const cases: [unknown, string, string, string][] = [
      [
        {
          role: 'system',
          content: [{ type: 'tool_addition', tool: { type: 'tool_reference', name: 'Bash' } }],
        },
        'messages.1.content.0: "tool_addition" (tools changed mid-conversation) is not supported by this gateway',
        'messages.1.content.0.type',
        'unsupported_parameter',
      ],
      [
        { role: 'system', content: [{ type: 'image', source: {} }] },
        'messages.1.content.0: system blocks must be of type text',
        'messages.1.content.0.type',
        'invalid_value',
      ],
      [
        { role: 'system', content: 'x', clear_at: 'later' },
        'messages.1.clear_at must be "never" or "next_user_message"',
        'messages.1.clear_at',
        'invalid_value',
      ],
      [
        { role: 'developer', content: 'x' },
        'messages.1.role must be "user", "assistant" or "system"',
        'messages.1.role',
        'invalid_value',
      ],
    ];
    for (const [message, text] of cases) {
      const { status, json } = await postMessages({ ...base, messages: [user, message] });
      expect(status).toBe(400);
      expect(json).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: text } });
    }
  });
});
