/**
 * Compares the names an output holds with the declared ones: `missing` (declared, absent), `unexpected`
 * (present, not declared) and `inOrder` (the names present follow the declared order). A name that is
 * absent is reported as missing, never given a position: ranking by `indexOf` gives it -1, which sorts
 * first, and so a test passed while a request dropped the first tool (BAML; issue 11).
 */
export function orderReport(declared: readonly string[], output: readonly string[]) {
  const missing = declared.filter((name) => !output.includes(name));
  const unexpected = output.filter((name) => !declared.includes(name));
  const present = output.filter((name) => declared.includes(name));
  const expected = declared.filter((name) => output.includes(name));
  const inOrder =
    present.length === expected.length && present.every((name, index) => name === expected[index]);
  return { missing, unexpected, inOrder };
}
