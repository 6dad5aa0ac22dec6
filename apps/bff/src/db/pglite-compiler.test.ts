import { readFileSync } from 'node:fs';
import { expect, inject, it, vi } from 'vitest';

// Unit level: whether the flag is asked for, and when; what it saves is the memory figure's
// (`pnpm bench memory`, ADR 026).
const setFlagsFromString = vi.hoisted(() => vi.fn());
vi.mock('node:v8', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:v8')>()),
  setFlagsFromString,
}));

const { openPglite } = await import('./pglite-db');

it('asks V8 for its baseline compiler only before the first cluster opens, and once', async () => {
  const seed = () => new Blob([readFileSync(inject('pgliteSeed'))]);
  const first = await openPglite('memory://', seed());
  expect(setFlagsFromString.mock.calls).toEqual([['--liftoff-only']]);
  const second = await openPglite('memory://', seed());
  expect(setFlagsFromString.mock.calls).toEqual([['--liftoff-only']]);
  await Promise.all([first.close(), second.close()]);
}, 60_000);
