import type { Warning } from '../../types/warning.js';

/** The model a body needs; `""` (reported) when the canonical request has none. */
export function modelOf(model: string | undefined, provider: string, warnings: Warning[]): string {
  if (model !== undefined && model !== '') return model;
  warnings.push({
    type: 'other',
    message: `${provider} requires a model; the request names none, so model is ""`,
  });
  return '';
}
