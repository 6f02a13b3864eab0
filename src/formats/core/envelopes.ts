import type { EnvelopeSpec } from '../../grammar/envelope/envelope-spec.js';

/**
 * Envelope specs shared by the formats of one family (see `EnvelopeSpec`); each format's definition
 * picks one with its own markers, so a family's grammar shape is written once.
 */

type Reasoning = EnvelopeSpec['reasoning'];

const think = { open: '<think>', close: '</think>' } as const;

/** `{"name": NAME, "arguments": ARGS}` as one call object (keys as the format names them). */
function callObject(nameKey = 'name', argumentsKey = 'arguments'): { open: string; close: string } {
  return { open: `{"${nameKey}": "{name}", "${argumentsKey}": `, close: '}' };
}

/** A call object in its own tags, one block per call (hermes, granite4, internlm, ...). */
export function taggedObjectEnvelope(
  open: string,
  close: string,
  options: {
    reasoning?: Reasoning;
    separator?: string;
    nameKey?: string;
    argumentsKey?: string;
    trigger?: string;
  } = {},
): EnvelopeSpec {
  const object = callObject(options.nameKey, options.argumentsKey);
  return {
    call: { open: open + object.open, close: object.close + close },
    arguments: { kind: 'json' },
    separator: options.separator ?? '',
    trigger: options.trigger ?? open,
    ...(options.reasoning === undefined ? {} : { reasoning: options.reasoning }),
  };
}

/** A JSON list of call objects after (and before) the format's markers (granite, jamba, xlam, ...). */
export function objectListEnvelope(
  open: string,
  close: string,
  options: {
    reasoning?: Reasoning;
    nameKey?: string;
    argumentsKey?: string;
    nameIsKey?: boolean;
    trigger?: string;
  } = {},
): EnvelopeSpec {
  return {
    section: { open: `${open}[`, close: `]${close}` },
    call:
      options.nameIsKey === true
        ? { open: '{"{name}": ', close: '}' }
        : callObject(options.nameKey, options.argumentsKey),
    separator: ', ',
    arguments: { kind: 'json' },
    ...(options.trigger === undefined ? {} : { trigger: options.trigger }),
    ...(options.reasoning === undefined ? {} : { reasoning: options.reasoning }),
  };
}

/**
 * Python call syntax: `[name(key=value, ...), ...]` between the format's markers, or (`list: false`)
 * one call per line (OLMo 3).
 */
export function pythonCallsEnvelope(
  open: string,
  close: string,
  options: { reasoning?: Reasoning; list?: boolean } = {},
): EnvelopeSpec {
  const list = options.list !== false;
  return {
    section: list ? { open: `${open}[`, close: `]${close}` } : { open, close },
    call: { open: '{name}(', close: ')' },
    separator: list ? ', ' : '\n',
    arguments: {
      kind: 'keyed',
      open: '{key}=',
      close: '',
      separator: ', ',
      strings: 'json',
      values: 'python',
    },
    ...(options.reasoning === undefined ? {} : { reasoning: options.reasoning }),
  };
}

/** XML parameters `<parameter name="K">raw</parameter>` and the like: strings raw, other values JSON. */
export function xmlParametersEnvelope(spec: {
  section?: { open: string; close: string };
  call: { open: string; close: string };
  parameter: { open: string; close: string; types?: { string: string; other: string } };
  separator?: string;
  reasoning?: Reasoning;
  trigger?: string;
  indexBase?: number;
  rawExcludes?: readonly string[];
  textBefore?: boolean;
  textBlock?: { open: string; close: string };
}): EnvelopeSpec {
  const { parameter } = spec;
  return {
    ...(spec.section === undefined ? {} : { section: spec.section }),
    call: spec.call,
    separator: spec.separator ?? '',
    arguments: {
      kind: 'keyed',
      open: parameter.open,
      close: parameter.close,
      strings: 'raw',
      ...(parameter.types === undefined ? {} : { types: parameter.types }),
      // A raw value also ends at the call's closing tag (parsers close a parameter missing its own).
      rawExcludes: [spec.call.close.trim().split('\n')[0] ?? '', ...(spec.rawExcludes ?? [])].filter(
        (text) => text !== '',
      ),
    },
    ...(spec.trigger === undefined ? {} : { trigger: spec.trigger }),
    ...(spec.indexBase === undefined ? {} : { indexBase: spec.indexBase }),
    ...(spec.textBefore === undefined ? {} : { textBefore: spec.textBefore }),
    ...(spec.textBlock === undefined ? {} : { textBlock: spec.textBlock }),
    ...(spec.reasoning === undefined ? {} : { reasoning: spec.reasoning }),
  };
}

/** GLM's `<arg_key>K</arg_key><arg_value>V</arg_value>` pairs (`between` after each tag pair). */
export function argKeyValueEnvelope(spec: {
  section?: { open: string; close: string };
  callOpen: string;
  callClose: string;
  between?: string;
  separator?: string;
}): EnvelopeSpec {
  const between = spec.between ?? '';
  return xmlParametersEnvelope({
    ...(spec.section === undefined ? {} : { section: spec.section }),
    call: { open: spec.callOpen, close: spec.callClose },
    parameter: { open: `<arg_key>{key}</arg_key>${between}<arg_value>`, close: `</arg_value>${between}` },
    separator: spec.separator ?? '',
    reasoning: think,
    trigger: spec.section?.open ?? '<tool_call>',
  });
}

/** Gemma's `call:NAME{key:value,...}`: strings between `quote` markers, other values JSON. */
export function gemmaCallsEnvelope(
  open: string,
  close: string,
  quote: string,
  reasoning?: Reasoning,
): EnvelopeSpec {
  return {
    call: { open: `${open}call:{name}{`, close: `}${close}` },
    arguments: { kind: 'keyed', open: '{key}:', close: '', separator: ',', strings: { quote } },
    trigger: open,
    ...(reasoning === undefined ? {} : { reasoning }),
  };
}

export { think as thinkTags };
