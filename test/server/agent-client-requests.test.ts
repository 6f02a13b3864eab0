/**
 * Requests exactly as agent clients send them, field for field (texts shortened), that the gateway
 * once refused. Each is answered as the client expects.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type GatewayHarness, hermesCall, startGateway } from './gateway-harness.js';
import { frames, postResponses } from './responses-helpers.js';

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
      'include: "reasoning.encrypted_content" is not produced by this gateway; ignored',
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
