import type { Warning } from '../../types/warning.js';
import type {
  CanonicalRequest,
  CanonicalResponse,
  Converted,
  ProviderConverter,
  ProviderId,
  ProviderStreamReader,
} from '../provider-converter.js';
import { checkedConverter } from './checked-converter.js';
import type { OpenAIToolOptions } from './openai-tool-parameters.js';

/** The canonical tool fields of a request, as the tool converters take them (absent ones left out). */
export function toolFieldsOf(
  request: CanonicalRequest,
): Pick<CanonicalRequest, 'tools' | 'toolChoice' | 'parallelToolCalls'> {
  return {
    ...(request.tools === undefined ? {} : { tools: request.tools }),
    ...(request.toolChoice === undefined ? {} : { toolChoice: request.toolChoice }),
    ...(request.parallelToolCalls === undefined ? {} : { parallelToolCalls: request.parallelToolCalls }),
  };
}

/** One provider's converter object from its functions (the response writer collects its own warnings). */
export function makeConverter<Request, Response>(
  id: ProviderId,
  options: OpenAIToolOptions,
  functions: {
    readonly toRequest: (request: CanonicalRequest, options: OpenAIToolOptions) => Converted<Request>;
    readonly fromRequest: (body: unknown) => Converted<CanonicalRequest>;
    readonly toResponse: (response: CanonicalResponse, warnings: Warning[]) => Response;
    readonly fromResponse: (body: unknown) => Converted<CanonicalResponse>;
    readonly createStreamReader: () => ProviderStreamReader;
  },
): ProviderConverter<Request, Response> {
  return checkedConverter({
    id,
    toRequest: (request) => functions.toRequest(request, options),
    fromRequest: (body) => functions.fromRequest(body),
    toResponse: (response) => {
      const warnings: Warning[] = [];
      return { value: functions.toResponse(response, warnings), warnings };
    },
    fromResponse: (body) => functions.fromResponse(body),
    createStreamReader: functions.createStreamReader,
  });
}
