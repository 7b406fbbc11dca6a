/**
 * User input quoted back in an error message, cut to a readable length: a 100 MB material name
 * was echoed in full to stderr (issue 21). Short values are quoted whole; a long one keeps its
 * first ECHO_MAX_CHARS characters and says how long it was.
 */
export const ECHO_MAX_CHARS = 200;

export function echo(value: string, max = ECHO_MAX_CHARS): string {
  if (value.length <= max) return value;
  return `${value.slice(0, max)}… (${value.length} chars)`;
}
