import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runOrThrow, runProcess } from '../package/run-process.js';
import { repo } from './markdown.js';

// Every program in examples/ runs with the one command its header gives, importing `toolwire` by its
// own name (Node resolves a package's own name inside it through package.json `exports`, to dist/), and
// prints exactly these lines.
const root = fileURLToPath(repo);
const printed: Record<string, string[]> = {
  'agent.ts': [
    '1 step-start {}',
    '1 assistant-message [{"type":"text","text":"Let me look."},{"type":"tool-call","toolCallId":"call_0","toolName":"get_weather","input":{"city":"Oslo"}}]',
    '1 tool-call {"type":"tool-call","toolCallId":"call_0","toolName":"get_weather","input":{"city":"Oslo"}}',
    '1 tool-result {"type":"json","value":{"city":"Oslo","unit":"celsius","temperature":4}}',
    '1 step-end "tool-calls"',
    '2 step-start {}',
    '2 assistant-message [{"type":"tool-call","toolCallId":"call_0_2","toolName":"convert_temperature","input":{"value":4,"to":"fahrenheit"}}]',
    '2 tool-call {"type":"tool-call","toolCallId":"call_0_2","toolName":"convert_temperature","input":{"value":4,"to":"fahrenheit"}}',
    '2 tool-result {"type":"json","value":39.2}',
    '2 step-end "tool-calls"',
    '3 step-start {}',
    '3 assistant-message [{"type":"text","text":"It is 4 °C (39.2 °F) in Oslo."}]',
    '3 step-end "stop"',
    '3 finish "stop"',
    'messages: user, assistant, tool, assistant, tool, assistant',
  ],
  'ai-sdk.ts': [
    'call call_0 get_weather {"city":"Paris","days":2}',
    'call call_1 get_time {"zone":"Europe/Paris"}',
    'result call_0 {"city":"Paris","days":2,"celsius":18,"sky":"sunny"}',
    'result call_1 {"zone":"Europe/Paris","time":"14:05"}',
    'step finished: tool-calls',
    'step finished: stop',
    'text: In Paris it is 14:05 and 18 °C, sunny for the next 2 days.',
  ],
};
const programs = readdirSync(new URL('examples/', repo)).filter((name) => name.endsWith('.ts'));

/** The command in the header comment: "Run it: `COMMAND`". */
const command = (name: string): string =>
  /Run it: `([^`]+)`/.exec(readFileSync(new URL(`examples/${name}`, repo), 'utf8'))?.[1] ?? '';

describe('examples/', () => {
  beforeAll(async () => {
    // `npm test` builds before testing; a bare `vitest run` builds here when dist/ is missing.
    if (!existsSync(new URL('dist/index.js', repo)))
      await runOrThrow('npm', ['run', 'build', '--silent'], { cwd: root });
  }, 120_000);

  it('has a test of what each program prints', () => {
    expect(programs.sort()).toEqual(Object.keys(printed).sort());
  });

  it.each(programs)('%s runs with the command in its header and prints its results', async (name) => {
    expect(command(name)).toBe(`npx vite-node examples/${name}`);
    const result = await runProcess('bash', ['-c', command(name)], { cwd: root });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n')).toEqual([...(printed[name] ?? []), '']);
  }, 120_000);
});
