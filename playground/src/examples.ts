/** The bundled examples (examples/<format id>.txt and examples/tools.json), built into the page. */

const texts = import.meta.glob('../../examples/*.txt', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

import toolsJson from '../../examples/tools.json?raw';

/** Example id (the file name without `.txt`, a format id) → its text, ids sorted. */
export const examples: ReadonlyMap<string, string> = new Map(
  Object.entries(texts)
    .map(([path, text]) => [path.replace(/^.*\//, '').replace(/\.txt$/, ''), text] as const)
    .sort(([a], [b]) => a.localeCompare(b)),
);

/** examples/tools.json as written. */
export const exampleTools: string = toolsJson;
