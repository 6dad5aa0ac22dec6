import { randomUUID } from 'node:crypto';

/**
 * A small seeded generator (mulberry32): the sandbox's price waves and made-up addresses come
 * from it. Ids do not (see `newId`).
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A record's id: a random UUID (version 4). Never drawn from a seeded generator or a counter: a
 * sandbox that keeps its state across restarts would otherwise hand out an id it gave before,
 * and the console would open one record for another (issue 67).
 */
export function newId(): string {
  return randomUUID();
}

/** `length` characters from `alphabet`. */
export function charsFrom(random: () => number, alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
}
