import { listDetectionMarkers } from '../formats/auto.js';
import { listFormats } from '../formats/registry.js';

/**
 * `toolwire formats`: one block per format id (aliases, description, model names), then how `auto`
 * chooses: by model name, else by the detection markers. `--json` prints `{formats, detection_markers}`.
 */
export function runFormatsCommand(write: (text: string) => void, json: boolean): void {
  const formats = listFormats();
  if (json) {
    const rows = formats.map((format) => ({
      id: format.id,
      aliases: format.aliases,
      description: format.description,
      models: format.models,
    }));
    write(`${JSON.stringify({ formats: rows, detection_markers: listDetectionMarkers() }, null, 2)}\n`);
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
    '  picks the format from --model (the model-name entry above found earliest in it, the longest of those),',
  );
  lines.push('  else from the first of these markers in the output:');
  for (const { marker, format } of listDetectionMarkers())
    lines.push(`    ${JSON.stringify(marker).padEnd(32)} ${format}`);
  lines.push(
    '  else a leading {"name" is llama3_json, [{"name" xlam, [name( pythonic; otherwise the agent-style `tagged` fallback.',
  );
  write(`${lines.join('\n')}\n`);
}
