/** Thrown by a task builder whose random draw failed its own checks; the generator redraws with the next attempt seed. */
export class RetryableCircuitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RetryableCircuitError';
  }
}
