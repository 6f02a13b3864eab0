import {
  alternatives,
  type CodePointRange,
  chars,
  type GrammarNode,
  literal,
  optional,
  repeat,
  sequence,
} from './grammar-node.js';

function set(text: string, ...ranges: CodePointRange[]): GrammarNode {
  return chars([...[...text].map((c) => [c.codePointAt(0), c.codePointAt(0)] as CodePointRange), ...ranges]);
}

const DIGIT = chars([[0x30, 0x39]]);
const HEX = chars([
  [0x30, 0x39],
  [0x41, 0x46],
  [0x61, 0x66],
]);
const ALNUM = chars([
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x61, 0x7a],
]);

function digits(count: number): GrammarNode {
  return repeat(DIGIT, count, count);
}

const TWO_DIGIT_HOUR = alternatives(sequence(set('01'), DIGIT), sequence(literal('2'), set('0123')));
const SIXTY = sequence(set('012345'), DIGIT);
const DATE = sequence(
  digits(4),
  literal('-'),
  alternatives(sequence(literal('0'), set('123456789')), sequence(literal('1'), set('012'))),
  literal('-'),
  alternatives(
    sequence(literal('0'), set('123456789')),
    sequence(set('12'), DIGIT),
    sequence(literal('3'), set('01')),
  ),
);
const TIME = sequence(
  TWO_DIGIT_HOUR,
  literal(':'),
  SIXTY,
  literal(':'),
  alternatives(SIXTY, literal('60')),
  optional(sequence(literal('.'), repeat(DIGIT, 1))),
  alternatives(set('Zz'), sequence(set('+-'), TWO_DIGIT_HOUR, literal(':'), SIXTY)),
);
const OCTET = alternatives(
  sequence(literal('25'), set('012345')),
  sequence(literal('2'), set('01234'), DIGIT),
  sequence(literal('1'), DIGIT, DIGIT),
  sequence(set('123456789'), DIGIT),
  DIGIT,
);
const LABEL = repeat(alternatives(ALNUM, literal('-')), 1);

/**
 * Grammars (over the JSON string text, all ASCII, so no escapes) for the `format` values toolwire
 * constrains: RFC 3339 `date-time` / `date` / `time` (full-time, with offset; leap second 60
 * allowed as RFC 3339 §5.6 does; day 31 is not checked against the month), RFC 4122 `uuid` (any
 * version), `email` (a dot-atom local part `@` host labels, the RFC 5321 subset models write), `uri`
 * (RFC 3986 scheme `:` then any URI characters; not a full RFC 3986 parse) and `ipv4` (dotted quad,
 * no leading zeros). `undefined` for other formats.
 */
export function formatGrammar(format: string): GrammarNode | undefined {
  switch (format) {
    case 'date':
      return DATE;
    case 'time':
      return TIME;
    case 'date-time':
      return sequence(DATE, set('Tt'), TIME);
    case 'uuid':
      return sequence(
        repeat(HEX, 8, 8),
        literal('-'),
        repeat(HEX, 4, 4),
        literal('-'),
        repeat(HEX, 4, 4),
        literal('-'),
        repeat(HEX, 4, 4),
        literal('-'),
        repeat(HEX, 12, 12),
      );
    case 'email': {
      const atom = repeat(alternatives(ALNUM, set("!#$%&'*+/=?^_`{|}~-")), 1);
      return sequence(
        atom,
        repeat(sequence(literal('.'), atom), 0),
        literal('@'),
        LABEL,
        repeat(sequence(literal('.'), LABEL), 0),
      );
    }
    case 'uri':
      return sequence(
        chars([
          [0x41, 0x5a],
          [0x61, 0x7a],
        ]),
        repeat(alternatives(ALNUM, set('+.-')), 0),
        literal(':'),
        // RFC 3986 unreserved, reserved and "%" characters.
        repeat(alternatives(ALNUM, set("-._~:/?#[]@!$&'()*+,;=%")), 0),
      );
    case 'ipv4':
      return sequence(OCTET, literal('.'), OCTET, literal('.'), OCTET, literal('.'), OCTET);
    default:
      return undefined;
  }
}
