import assert from 'node:assert/strict';
import { test } from 'node:test';

import { schedule } from './schedule.mjs';

/** Runs `stages` with a fake clock: each stage takes `takes` ticks; returns who ran when. */
async function simulate(stages, capacity, fails = new Set()) {
  let tick = 0;
  const log = [];
  const pending = [];
  const run = (stage) =>
    new Promise((resolve) => {
      log.push({ name: stage.name, start: tick });
      pending.push({
        at: tick + stage.takes,
        resolve: () => resolve({ ok: !fails.has(stage.name) }),
      });
    });
  const outcome = schedule(stages, capacity, run, () => tick);
  // Awaited below; a refusal must not count as unhandled while the clock advances.
  outcome.catch(() => {});
  // Advance the clock to the next finish, one finish at a time, until nothing is pending.
  for (;;) {
    await new Promise((r) => setImmediate(r));
    if (pending.length === 0) break;
    pending.sort((a, b) => a.at - b.at);
    const next = pending.shift();
    tick = next.at;
    next.resolve();
  }
  return { results: await outcome, log };
}

test('a stage waits for what it needs, and two one-slot stages share two cores', async () => {
  const { results, log } = await simulate(
    [
      { name: 'install', takes: 1, slots: 2 },
      { name: 'a', takes: 5, needs: ['install'] },
      { name: 'b', takes: 3, needs: ['install'] },
      { name: 'c', takes: 1, needs: ['b'] },
    ],
    2,
  );
  assert.deepEqual(
    log.map((l) => [l.name, l.start]),
    [
      ['install', 0],
      ['a', 1],
      ['b', 1],
      ['c', 4],
    ],
  );
  assert.equal(results.get('a').seconds, 0.005);
  assert.ok([...results.values()].every((r) => r.ok));
});

test('a two-slot stage runs alone, and a later stage does not overtake it', async () => {
  const { log } = await simulate(
    [
      { name: 'a', takes: 2 },
      { name: 'big', takes: 4, slots: 2 },
      { name: 'small', takes: 1 },
    ],
    2,
  );
  assert.deepEqual(
    log.map((l) => [l.name, l.start]),
    [
      ['a', 0],
      ['big', 2],
      ['small', 6],
    ],
  );
});

test('background stages run one at a time beside a stage that holds every slot', async () => {
  const { log } = await simulate(
    [
      { name: 'e2e', takes: 10, slots: 2 },
      { name: 'bff', takes: 4, slots: 2 },
      { name: 'unit', takes: 2 },
      { name: 'lint', takes: 3, background: true },
      { name: 'typecheck', takes: 3, background: true },
      { name: 'format', takes: 9, background: true },
    ],
    2,
  );
  assert.deepEqual(
    log.map((l) => [l.name, l.start]),
    [
      ['e2e', 0],
      // The lane, one after another, while the suites wait for the slots.
      ['lint', 0],
      ['typecheck', 3],
      ['format', 6],
      ['bff', 10],
      ['unit', 14],
    ],
  );
});

test('a stage after another waits for it to end, and runs whether it passed or failed', async () => {
  const { log, results } = await simulate(
    [
      { name: 'build', takes: 1 },
      { name: 'e2e', takes: 10, slots: 2, needs: ['build'] },
      { name: 'bff', takes: 4, after: ['e2e'] },
      { name: 'web', takes: 2, after: ['e2e'] },
    ],
    2,
    new Set(['e2e']),
  );
  assert.deepEqual(
    log.map((l) => [l.name, l.start]),
    [
      ['build', 0],
      // Not in the slot the build leaves free before the browser suite starts.
      ['e2e', 1],
      ['bff', 11],
      ['web', 11],
    ],
  );
  assert.equal(results.get('e2e').ok, false);
  assert.equal(results.get('bff').ok, true);
});

test('a background stage takes a free slot, but not one a waiting stage is owed', async () => {
  const { log } = await simulate(
    [
      { name: 'a', takes: 2 },
      { name: 'big', takes: 4, slots: 2 },
      { name: 'lint', takes: 1, background: true },
      { name: 'format', takes: 1, background: true },
      { name: 'typecheck', takes: 1, background: true },
    ],
    2,
  );
  assert.deepEqual(
    log.map((l) => [l.name, l.start]),
    [
      ['a', 0],
      // The slot `a` leaves free is owed to `big`: lint runs in the lane, the rest after it.
      ['lint', 0],
      ['format', 1],
      ['big', 2],
      ['typecheck', 2],
    ],
  );
});

test('a stage whose need failed is skipped and names it; the others still run', async () => {
  const { results } = await simulate(
    [
      { name: 'build', takes: 1 },
      { name: 'e2e', takes: 1, needs: ['build'] },
      { name: 'after-e2e', takes: 1, needs: ['e2e'] },
      { name: 'unit', takes: 1 },
    ],
    1,
    new Set(['build']),
  );
  assert.equal(results.get('build').ok, false);
  assert.deepEqual(results.get('e2e'), { ok: false, seconds: 0, skipped: 'build' });
  assert.deepEqual(results.get('after-e2e'), { ok: false, seconds: 0, skipped: 'e2e' });
  assert.equal(results.get('unit').ok, true);
});

test('more slots than the machine has run with all of them, not never', async () => {
  const { log } = await simulate([{ name: 'wide', takes: 1, slots: 4 }], 2);
  assert.deepEqual(
    log.map((l) => l.name),
    ['wide'],
  );
});

test('an unknown need and a cycle are refused, not waited on forever', async () => {
  await assert.rejects(simulate([{ name: 'a', takes: 1, needs: ['nope'] }], 2), /not a stage/);
  await assert.rejects(
    simulate(
      [
        { name: 'a', takes: 1, needs: ['b'] },
        { name: 'b', takes: 1, needs: ['a'] },
      ],
      2,
    ),
    /cycle/,
  );
});
