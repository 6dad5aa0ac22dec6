/**
 * What a process's resident memory is made of, from `/proc/<pid>/smaps` (Linux): one classifier
 * for the BFF's memory figure and for PGlite measured alone, so that both name the same parts.
 */
import { readFileSync } from 'node:fs';

/** The parts, in bytes: PGlite's WebAssembly heap, code, malloc's heap, files, other anonymous. */
export interface MappingKinds {
  wasm_heap: number;
  code: number;
  malloc: number;
  files: number;
  other_anon: number;
}

/** PGlite's WebAssembly memory reserves at least this much; nothing else writable is as large. */
const WASM_HEAP_MIN_BYTES = 128 * 1024 * 1024;
const HEAD = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/;
const RSS = /^Rss:\s+(\d+) kB/;

/** The kind of one mapping, from its size, permissions and path (smaps' header line). */
export function kindOf(size: number, perms: string, path: string): keyof MappingKinds {
  if (perms.includes('x')) return 'code';
  if (path === '[heap]') return 'malloc';
  if (path && !path.startsWith('[')) return 'files';
  if (perms.startsWith('rw') && size >= WASM_HEAP_MIN_BYTES) return 'wasm_heap';
  return 'other_anon';
}

/** Resident bytes by kind in the text of an smaps file. */
export function classifySmaps(text: string): MappingKinds {
  const kinds: MappingKinds = { wasm_heap: 0, code: 0, malloc: 0, files: 0, other_anon: 0 };
  let kind: keyof MappingKinds = 'other_anon';
  for (const line of text.split('\n')) {
    const head = HEAD.exec(line);
    if (head) {
      const size = parseInt(head[2]!, 16) - parseInt(head[1]!, 16);
      kind = kindOf(size, head[3]!, head[4] ?? '');
      continue;
    }
    const rss = RSS.exec(line);
    if (rss) kinds[kind] += Number(rss[1]) * 1024;
  }
  return kinds;
}

/** Resident bytes by kind of process `pid` (`'self'` for this one). */
export function mappings(pid: number | 'self'): MappingKinds {
  return classifySmaps(readFileSync(`/proc/${pid}/smaps`, 'utf8'));
}
