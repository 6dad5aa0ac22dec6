/**
 * The endpoint tables of the service's specification (`packages/schemas/spec/svc-api.md`), read
 * row by row: the independent statement the registry's method, path and scope are tested against
 * (`registry.test.ts`). Strict on purpose: a row of an endpoint table it cannot read throws, naming
 * the line, rather than being skipped, and so does a gap in the numbering, so that an endpoint
 * cannot drop out of the check unnoticed.
 */

/** One endpoint of the specification. */
export interface SpecEndpoint {
  /** Its number in the specification (`1` to `42`). */
  number: number;
  method: string;
  /** The path template, `{name}` for a path parameter. */
  path: string;
  /** The token's scope; `null` where the table says `none` (public market data). */
  scope: string | null;
  /** The operation's name: the table's Operation column, else the heading `### N. Name`. */
  name: string;
}

const HEADER = ['#', 'Method', 'Path', 'Scope'];
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const PATH = /^\/v2(?:\/(?:[a-z0-9-]+|\{[a-z_]+\}))+$/;
const SCOPE = /^[a-z]+:[a-z_]+$/;

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());

/** The name an operation goes by, without the remark in brackets the tables add to some. */
const plainName = (text: string) => text.replace(/\s*\(.*\)\s*$/, '').trim();

/** Every endpoint of the specification's endpoint tables, in the order of their numbers. */
export function specEndpoints(markdown: string): SpecEndpoint[] {
  const lines = markdown.split('\n');
  const headings = new Map<number, string>();
  for (const line of lines) {
    const heading = /^###\s+(\d+)\.\s+(.+?)\s*$/.exec(line);
    if (heading) headings.set(Number(heading[1]), plainName(heading[2]!));
  }
  const found: (Omit<SpecEndpoint, 'name'> & { name: string | undefined; line: number })[] = [];
  for (let i = 0; i < lines.length; i++) {
    const header = cellsOf(lines[i]!);
    if (!lines[i]!.trim().startsWith('|') || HEADER.some((cell, k) => header[k] !== cell)) continue;
    const withName = header[4] === 'Operation';
    if (header.length !== (withName ? 5 : 4)) {
      throw new Error(
        `line ${i + 1}: an endpoint table with columns it does not know: ${lines[i]}`,
      );
    }
    if (!/^\|(\s*:?-+:?\s*\|)+$/.test(lines[i + 1]?.trim() ?? '')) {
      throw new Error(`line ${i + 2}: an endpoint table without its separator row`);
    }
    for (i += 2; i < lines.length && lines[i]!.trim().startsWith('|'); i++) {
      const cells = cellsOf(lines[i]!);
      const [number, method, path, scope, name] = cells;
      const readable =
        cells.length === header.length &&
        /^[1-9]\d*$/.test(number!) &&
        METHODS.has(method!) &&
        PATH.test(path!) &&
        (scope === 'none' || SCOPE.test(scope!)) &&
        (!withName || /\w/.test(name!));
      if (!readable) throw new Error(`line ${i + 1}: an endpoint row it cannot read: ${lines[i]}`);
      found.push({
        number: Number(number),
        method: method!,
        path: path!,
        scope: scope === 'none' ? null : scope!,
        name: withName ? plainName(name!) : undefined,
        line: i + 1,
      });
    }
  }
  if (found.length === 0) throw new Error('no endpoint table (| # | Method | Path | Scope |)');
  found.sort((a, b) => a.number - b.number);
  return found.map(({ line, ...endpoint }, k) => {
    if (endpoint.number !== k + 1) {
      throw new Error(`line ${line}: endpoint ${endpoint.number} where ${k + 1} was expected`);
    }
    const name = endpoint.name ?? headings.get(endpoint.number);
    if (!name) throw new Error(`line ${line}: endpoint ${endpoint.number} has no name`);
    return { ...endpoint, name };
  });
}

/** The registry's id for an operation name of the specification: `List Orders` → `listOrders`. */
export function idOfName(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return words
    .map((word, k) =>
      k === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
}
