/**
 * A reason the process cannot start that an operator fixes in the environment (a published
 * secret, a port in use, a bad variable). The entry points print its message as it is — plain
 * sentences, no stack — and exit 1.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

export const isStartupError = (error: unknown): error is StartupError => error instanceof Error && error.name === 'StartupError';
