/**
 * The server's own words in an HTTP error's body, on one line and shortened: a JSON body's
 * `message` (a string or a list of strings, as the REST clients read it), else the first line of
 * the text with any HTML tags left out; '' when there is none.
 */
export function serverText(body: unknown, text: string): string {
  const said = [(body as { message?: unknown } | null)?.message ?? text.replace(/<[^>]*>/g, '\n')]
    .flat()
    .filter((m) => typeof m === 'string')
    .join('; ');
  const line = said.split('\n').find((l) => l.trim()) ?? '';
  return line.length > 100 ? `${line.trim().slice(0, 99)}…` : line.trim();
}
