/** A mistake in the command line or an unreadable input file: printed as one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
