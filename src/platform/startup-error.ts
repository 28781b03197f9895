/**
 * A reason the process cannot start that the operator can fix (a port in use, a folder it may not
 * read, a database it cannot reach, a missing or malformed setting). The CLI prints its message as
 * one line, without a stack trace, and exits non-zero
 * (docs/decisions/0117-start-up-problems-in-one-line.md).
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
