/** CLI output: JSON for machines with --json, short sentences for people otherwise. */
export function print(json: boolean, value: unknown, human: string): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${human}\n`);
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export function requireInteger(
  name: string,
  value: string | undefined,
  options: { min?: number } = {},
) {
  if (value === undefined) throw new UsageError(`--${name} is required`);
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || (options.min !== undefined && parsed < options.min)) {
    throw new UsageError(
      `--${name} must be a whole number${options.min !== undefined ? ` >= ${options.min}` : ''}`,
    );
  }
  return parsed;
}
