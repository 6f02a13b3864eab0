import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_USER_TEXT } from '../../playground/src/analyze.js';
import { grammarFor, parseToolCalls, structuralTagFor } from '../../src/formats/index.js';
import { fromParseResult, getProvider, providerIds, repairHistory } from '../../src/providers/index.js';
import type { Message } from '../../src/types/message.js';
import { serveFolder } from './static-server.js';

// The playground page in a real browser (issue 28): built with Vite, served on 127.0.0.1, driven in
// headless Chromium. Every view is checked against the library function it shows.
const chromiumPath = '/usr/bin/chromium';
const hasChromium = existsSync(chromiumPath);
if (!hasChromium)
  console.log(`playground browser tests skipped: ${chromiumPath} is missing (apt-get install chromium)`);

const repo = new URL('../../', import.meta.url);
const examples = new URL('examples/', repo);
const shots = fileURLToPath(new URL('test-results/playground/', repo));
const example = (id: string): string => readFileSync(new URL(`${id}.txt`, examples), 'utf8');
const tools = JSON.parse(readFileSync(new URL('tools.json', examples), 'utf8'));
const formats = ['hermes', 'qwen3_coder', 'mistral', 'harmony', 'glm45'];

let context: BrowserContext;
let page: Page;
let url: string;
let closeServer: () => Promise<void> = async () => {};
let userData = '';
const consoleErrors: string[] = [];

/** Waits until the page shows the worker's answer to its latest state. */
async function settle(target: Page = page): Promise<void> {
  await target.waitForFunction(() => document.body.dataset.busy === 'false', undefined, { timeout: 60_000 });
}

async function showView(view: string): Promise<void> {
  await page.click(`#tab-${view}`);
  await settle();
}

async function enter(format: string, text: string): Promise<void> {
  await page.selectOption('#format', format);
  await page.fill('#text', text);
  await settle();
}

async function shownCalls(): Promise<{ name: string; arguments: string }[]> {
  return page.$$eval('#calls > li', (items) =>
    items.map((item) => ({
      name: item.querySelector('.call-name')?.textContent ?? '',
      arguments: item.querySelector('.call-arguments')?.textContent ?? '',
    })),
  );
}

async function shownSpans(): Promise<{ text: string; start: number; end: number }[]> {
  return page.$$eval('#spans > span', (spans) =>
    spans.map((span) => ({
      text: span.textContent ?? '',
      start: Number((span as HTMLElement).dataset.start),
      end: Number((span as HTMLElement).dataset.end),
    })),
  );
}

/**
 * A paste of `input` into the text area: its value set and the `input` event a paste fires
 * (`page.fill` types through the input method path, far too slow for 1 MB).
 */
async function paste(input: string): Promise<void> {
  await page.evaluate((value) => {
    const area = document.getElementById('text') as HTMLTextAreaElement;
    area.value = value;
    area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }, input);
}

const text = (selector: string): Promise<string> =>
  page.$eval(selector, (element) => element.textContent ?? '');

describe.skipIf(!hasChromium)('playground page in Chromium', () => {
  beforeAll(async () => {
    await build({ configFile: fileURLToPath(new URL('playground/vite.config.ts', repo)), logLevel: 'warn' });
    const served = await serveFolder(fileURLToPath(new URL('playground/dist/', repo)));
    url = served.url;
    closeServer = served.close;
    mkdirSync(shots, { recursive: true });
    userData = mkdtempSync(join(tmpdir(), 'toolwire-chromium-'));
    context = await chromium.launchPersistentContext(userData, {
      executablePath: chromiumPath,
      headless: true,
      viewport: { width: 1400, height: 1000 },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    await page.goto(url);
    await settle();
  });

  afterAll(async () => {
    await context?.close();
    await closeServer();
    if (userData !== '') rmSync(userData, { recursive: true, force: true });
  });

  it('loads with no console error, showing the hermes example', async () => {
    expect(await page.title()).toBe('toolwire playground');
    expect(await page.inputValue('#text')).toBe(example('hermes'));
    expect((await shownCalls()).map((call) => call.name)).toEqual(['get_weather', 'get_weather']);
    expect(consoleErrors).toEqual([]);
  });

  it.each(
    formats,
  )('%s: a pasted example shows the calls parseToolCalls returns, spans covering the input', async (id) => {
    const input = example(id);
    await showView('output');
    await enter(id, input);
    const result = parseToolCalls(input, { format: id, tools });
    expect(result.toolCalls.length).toBeGreaterThan(0);
    expect(await shownCalls()).toEqual(
      result.toolCalls.map((call) => ({
        name: call.name,
        arguments: JSON.stringify(call.arguments, null, 2),
      })),
    );
    expect(await page.$$eval('#invalid-calls > li', (items) => items.length)).toBe(
      result.invalidToolCalls.length,
    );
    expect(await text('#content')).toBe(result.content);
    expect(await text('#reasoning')).toBe(result.reasoning);
    const spans = await shownSpans();
    expect(spans.reduce((sum, span) => sum + (span.end - span.start), 0)).toBe(input.length);
    expect(spans.map((span) => span.text).join('')).toBe(input);
    for (const span of spans) expect(span.text).toBe(input.slice(span.start, span.end));
    await page.screenshot({ path: join(shots, `output-${id}.png`), fullPage: true });
    expect(consoleErrors).toEqual([]);
  });

  it('auto picks the format from the model name', async () => {
    await page.fill('#model', 'Qwen3-Coder-30B-A3B-Instruct');
    await enter('auto', example('qwen3_coder'));
    expect(await text('#parse-details > p')).toBe('Format: qwen3_coder');
    await page.fill('#model', '');
    await settle();
  });

  it("stream view: the replay's check passes and the timeline ends each call", async () => {
    const input = example('hermes');
    await enter('hermes', input);
    await showView('stream');
    await page.fill('#chunk-size', '3');
    await settle();
    expect(await page.getAttribute('#stream-check', 'data-equal')).toBe('true');
    expect(await text('#stream-check')).toContain(`(${Math.ceil(input.length / 3)} chunks,`);
    const types = await page.$$eval('#timeline tbody tr td:nth-child(3)', (cells) =>
      cells.map((c) => c.textContent),
    );
    expect(types.filter((type) => type === 'tool-call')).toHaveLength(2);
    expect(types.filter((type) => type === 'tool-input-start')).toHaveLength(2);
    await page.screenshot({ path: join(shots, 'stream.png'), fullPage: true });
  });

  it.each([
    ['gbnf', 'required'],
    ['ebnf', 'auto'],
    ['structural-tag', 'search_web'],
  ])('grammar view: %s with tool_choice %s is the library grammar', async (kind, choice) => {
    await enter('qwen3_coder', example('qwen3_coder'));
    await showView('grammar');
    await page.selectOption('#grammar-kind', kind);
    await page.selectOption('#tool-choice', choice);
    await settle();
    const options = { tools, format: 'qwen3_coder', toolChoice: choice, parallel: false };
    const expected =
      kind === 'structural-tag'
        ? JSON.stringify(structuralTagFor(options).structuralTag, null, 2)
        : grammarFor({ ...options, dialect: kind as 'gbnf' | 'ebnf' }).grammar;
    expect(expected.length).toBeGreaterThan(100);
    expect(await text('#grammar-text')).toBe(expected);
    await page.screenshot({ path: join(shots, `grammar-${kind}.png`), fullPage: true });
  });

  it.each(providerIds)('provider view: %s is the converter output and repairHistory result', async (id) => {
    const input = example('glm45');
    await enter('glm45', input);
    await showView('provider');
    await page.selectOption('#provider', id);
    await settle();
    const message = fromParseResult(parseToolCalls(input, { format: 'glm45', tools }));
    const response = getProvider(id).toResponse({ message, finishReason: { unified: 'tool-calls' } });
    expect(await text('#provider-response')).toBe(JSON.stringify(response.value, null, 2));
    const history: Message[] = [{ role: 'user', content: HISTORY_USER_TEXT }, message];
    const repaired = repairHistory(history, { target: id, tools });
    expect(await text('#provider-history')).toBe(JSON.stringify(repaired.messages, null, 2));
    expect(await text('#provider-changes')).toBe(JSON.stringify(repaired.changes, null, 2));
    expect(repaired.changes.length).toBeGreaterThan(0);
    await page.screenshot({ path: join(shots, `provider-${id}.png`), fullPage: true });
  });

  it('keeps its state in the URL: the address opens the same view', async () => {
    await enter('mistral', example('mistral'));
    await page.fill('#text', `${example('mistral')} `);
    await page.selectOption('#provider', 'gemini');
    await page.check('#strict-format');
    await settle();
    await page.waitForFunction(() => location.hash.includes('provider=gemini'));
    const shared = page.url();
    const other = await context.newPage();
    await other.goto(shared);
    await settle(other);
    expect(await other.inputValue('#text')).toBe(`${example('mistral')} `);
    expect(await other.inputValue('#format')).toBe('mistral');
    expect(await other.inputValue('#provider')).toBe('gemini');
    expect(await other.isChecked('#strict-format')).toBe(true);
    expect(await other.getAttribute('#tab-provider', 'aria-selected')).toBe('true');
    await other.close();
    await page.uncheck('#strict-format');
    await settle();
  });

  it('moves between views with the arrow keys, Home and End', async () => {
    await showView('output');
    await page.focus('#tab-output');
    await page.keyboard.press('ArrowRight');
    expect(await page.getAttribute('#tab-stream', 'aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-stream');
    await page.keyboard.press('End');
    expect(await page.isHidden('#panel-output')).toBe(true);
    expect(await page.isVisible('#panel-provider')).toBe(true);
    await page.keyboard.press('Home');
    await settle();
    expect(await page.getAttribute('#tab-output', 'aria-selected')).toBe('true');
  });

  it('a 1 MB paste is parsed whole, its spans covering it', async () => {
    const one = example('hermes');
    const input = one.repeat(Math.ceil(1_000_000 / one.length));
    await page.selectOption('#format', 'hermes');
    await paste(input);
    // The main thread answers while the worker parses (the parse is not on it).
    expect(await page.evaluate(() => document.body.dataset.busy)).toBe('true');
    await settle();
    const spans = await shownSpans();
    expect(spans.at(-1)?.end).toBe(input.length);
    expect(spans.reduce((sum, span) => sum + (span.end - span.start), 0)).toBe(input.length);
    const calls = parseToolCalls(input, { format: 'hermes', tools }).toolCalls.length;
    expect(await text('#calls-heading')).toBe(`Tool calls (${calls})`);
    // Ten thousand call cards would freeze the layout: the first 200 are listed, every call is coloured.
    expect(await page.$$eval('#calls > li', (items) => items.length)).toBe(200);
    expect(await page.$$eval('#spans > span[data-kind="call"]', (spans) => spans.length)).toBe(calls);
    expect(await text('#text-status')).toBe(
      `${input.length.toLocaleString('en')} characters (too long to keep in the address)`,
    );
    expect(consoleErrors).toEqual([]);
  });
});
