/** `toolwire` (the root entry) exports everything public, the stream classes included. */
import { describe, expect, it } from 'vitest';
import * as root from '../../src/index.js';
import * as stream from '../../src/stream/index.js';

describe('root exports', () => {
  it('re-exports every value of toolwire/stream', () => {
    const missing = Object.keys(stream).filter((name) => !(name in root));
    expect(missing).toEqual([]);
  });
});
