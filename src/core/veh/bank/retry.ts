/** A task construction that failed one of its own checks; the generator retries with the next attempt seed. */
export class RetryableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RetryableError';
  }
}
