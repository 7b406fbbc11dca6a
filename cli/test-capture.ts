/** Test helper: a CommandIo that records what a command prints, line by line. */
export function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (s: string) => out.push(s), stderr: (s: string) => err.push(s) }, out, err, text: () => [...out, ...err].join('\n') };
}
