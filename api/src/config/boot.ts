/**
 * Ends the process after a failed boot with one clear line (e.g. a wrong setting) instead of a stack of
 * framework frames.
 */
export function exitOnBootFailure(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Hearth could not start: ${message.split('\n')[0]}\n`);
  process.exit(1);
}
