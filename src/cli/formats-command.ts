import { listFormats } from '../formats/registry.js';

/** `toolwire formats`: one block per format id: aliases, description, model names, marker example. */
export function runFormatsCommand(write: (text: string) => void, json: boolean): void {
  const formats = listFormats();
  if (json) {
    const rows = formats.map((format) => ({
      id: format.id,
      aliases: format.aliases,
      description: format.description,
      models: format.models,
    }));
    write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  const lines: string[] = [];
  for (const format of formats) {
    lines.push(`${format.id}${format.aliases.length > 0 ? ` (aliases: ${format.aliases.join(', ')})` : ''}`);
    lines.push(`  ${format.description}`);
    if (format.models.length > 0) lines.push(`  models: ${format.models.join(', ')}`);
  }
  lines.push('auto');
  lines.push(
    '  picks the format from --model (matched against the model names above), else from the first markers seen',
  );
  write(`${lines.join('\n')}\n`);
}
