/**
 * Reads one file of a suite's generated bank shipped under public/banks/<dir>/. The URL is resolved
 * against document.baseURI (not `/`), so the page works when served from any sub-path.
 */
export async function readBankFile(dir: string, file: string): Promise<string> {
  const url = new URL(`banks/${dir}/${file}`, document.baseURI);
  let response: Response;
  try {
    response = await fetch(url);
  } catch (cause) {
    throw new Error(`Could not fetch the task bank file ${url.pathname}: ${String(cause)}`, { cause });
  }
  if (!response.ok) {
    throw new Error(`The task bank file ${url.pathname} answered HTTP ${response.status} ${response.statusText}`.trim());
  }
  return response.text();
}
