// The servers of bench/gateway.bench.js, one per child process (so each has its own event loop and its
// peak RSS is its own): `node bench/gateway-servers.js ROLE [BACKEND_URL]` with ROLE
//   backend       an OpenAI Completions model server on node:http that answers every POST /v1/completions
//                 with the recorded answer (gateway-answer.js), one SSE event per chunk, written as fast
//                 as the socket takes them (BACKEND_PACE=stepped: one event per stream per turn of its
//                 event loop);
//   pass-through  a proxy on Hono + @hono/node-server that forwards the request to the backend and
//                 returns its SSE body unchanged (the floor of any gateway on this server stack);
//   parse-only    the pass-through's proxy made to read the tool calls and nothing else: it decodes
//                 the backend's SSE events the plain way, pushes each read's text through toolwire's
//                 public createToolCallStream (hermes, the tools given) and writes OpenAI Chat chunks:
//                 one content delta per read, each call once whole when it closes, as the gateway
//                 does; no history repair, template, choice rules, checks, limits or log line;
//   gateway       the toolwire gateway from the built dist/ (or GATEWAY_DIST), configured as `toolwire serve --config`
//                 would be: one model, format hermes, template builtin:qwen2.5, backend
//                 openai-completions at BACKEND_URL.
// Started with fork(): it sends `{ url }` once listening, answers the message 'usage' with
// `{ rss, cpu }` (the process's peak resident set in bytes, getrusage's maxrss, and the CPU time it
// has used in microseconds, user and system), and exits on 'exit'.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { answerEvents } from './gateway-answer.js';

// The build the gateway comes from: ../dist, or GATEWAY_DIST (bench/gateway-builds.js compares two).
const dist =
  process.env.GATEWAY_DIST === undefined
    ? new URL('../dist/', import.meta.url).href
    : `${pathToFileURL(resolve(process.env.GATEWAY_DIST)).href}/`;
const { readGatewayConfig } = await import(`${dist}server/index.js`);
const { createGateway, gatewayOptions, serveGateway } = await import(`${dist}server/node/index.js`);
const { createToolCallStream } = await import(`${dist}stream/index.js`);

const [role, backendUrl] = process.argv.slice(2);
const stepped = process.env.BACKEND_PACE === 'stepped';

async function startBackend() {
  const events = answerEvents();
  const server = createServer(async (request, response) => {
    let body = '';
    request.setEncoding('utf8');
    for await (const piece of request) body += piece;
    const parsed = JSON.parse(body);
    if (request.url !== '/v1/completions' || request.method !== 'POST' || parsed.stream !== true) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":{"message":"only streamed POST /v1/completions","code":404}}');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const event of events) {
      if (!response.write(event)) await once(response, 'drain');
      // BACKEND_PACE=stepped: one event per stream, then the other streams' turn, as a model server
      // decodes every running sequence a token per step. Else burst: the whole answer as fast as
      // the socket takes it, so that the streams go out nearly one after another.
      if (stepped) await new Promise(setImmediate);
    }
    response.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.closeAllConnections() };
}

async function startPassThrough() {
  const app = new Hono();
  app.post('/v1/completions', async (c) => {
    const upstream = await fetch(`${backendUrl}/v1/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: await c.req.text(),
      signal: c.req.raw.signal,
    });
    return new Response(upstream.body, {
      status: upstream.status,
      headers: { 'content-type': upstream.headers.get('content-type') ?? 'text/event-stream' },
    });
  });
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  if (!server.listening) await once(server, 'listening');
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.closeAllConnections() };
}

async function startParseOnly() {
  const app = new Hono();
  const encoder = new TextEncoder();
  app.post('/v1/chat/completions', async (c) => {
    const request = await c.req.json();
    const upstream = await fetch(`${backendUrl}/v1/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: request.model, prompt: JSON.stringify(request.messages), stream: true }),
      signal: c.req.raw.signal,
    });
    const parser = createToolCallStream({
      format: 'hermes',
      tools: request.tools.map((tool) => tool.function),
    });
    const head = `data: {"id":"chatcmpl-parse-only","object":"chat.completion.chunk","created":1767225600,"model":"bench","choices":[{"index":0,"delta":`;
    const chunk = (delta, finish = null) =>
      `${head}${JSON.stringify(delta)},"logprobs":null,"finish_reason":${JSON.stringify(finish)}}]}\n\n`;
    const reader = upstream.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    let calls = 0;
    let first = true;
    const write = (events) => {
      let content = '';
      let out = '';
      for (const event of events) {
        if (event.type === 'text-delta') content += event.delta;
        else if (event.type === 'tool-call') {
          const call = { index: calls++, id: event.id, type: 'function' };
          call.function = { name: event.toolName, arguments: JSON.stringify(event.input) };
          out += chunk({ tool_calls: [call] });
        }
      }
      if (content !== '') out = chunk(first ? { role: 'assistant', content } : { content }) + out;
      if (out !== '') first = false;
      return out;
    };
    const body = new ReadableStream({
      async pull(controller) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            const out = `${write(parser.finish())}${chunk({}, calls > 0 ? 'tool_calls' : 'stop')}data: [DONE]\n\n`;
            controller.enqueue(encoder.encode(out));
            controller.close();
            return;
          }
          buffered += value;
          const events = buffered.split('\n\n');
          buffered = events.pop();
          let text = '';
          for (const event of events) {
            const data = event.slice('data: '.length);
            if (data === '[DONE]') continue;
            const choice = JSON.parse(data).choices[0];
            if (choice !== undefined) text += choice.text;
          }
          const out = write(parser.push(text));
          if (out !== '') {
            controller.enqueue(encoder.encode(out));
            return;
          }
        }
      },
      cancel: () => reader.cancel(),
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  });
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  if (!server.listening) await once(server, 'listening');
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.closeAllConnections() };
}

async function startGateway() {
  const { config, errors } = readGatewayConfig({
    models: [
      {
        name: 'bench',
        format: 'hermes',
        template: { builtin: 'qwen2.5' },
        backend: { type: 'openai-completions', url: backendUrl },
      },
    ],
  });
  if (config === undefined) throw new Error(errors.join('\n'));
  const gateway = createGateway(await gatewayOptions(config, process.cwd()));
  const serving = await serveGateway(gateway, { port: 0 });
  return { url: serving.url, close: () => serving.close(0) };
}

const starters = {
  backend: startBackend,
  'pass-through': startPassThrough,
  'parse-only': startParseOnly,
  gateway: startGateway,
};
const started = await starters[role]();
process.on('message', async (message) => {
  if (message === 'usage') {
    const usage = process.resourceUsage();
    process.send({ rss: usage.maxRSS * 1024, cpu: usage.userCPUTime + usage.systemCPUTime });
  }
  if (message === 'exit') {
    await started.close();
    // process.exit, not a kill: --cpu-prof writes its profile on a normal exit.
    process.exit(0);
  }
});
process.send({ url: started.url });
