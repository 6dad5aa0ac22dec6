/**
 * Runs the stages of `pnpm test` on the machine's cores: a stage starts once every stage it needs
 * has passed, when its slots are free. Stages start in the order they are listed, and none
 * overtakes an earlier one that is ready but waits for room, so the long stages listed first are
 * never starved by short ones. A stage whose need failed is skipped, and says which; every other
 * stage still runs, so one run reports every failure.
 *
 * A `background` stage runs at the lowest priority (the runner's part), so it takes only the CPU
 * the others leave idle. Besides the slots it may run in one lane of its own, one background stage
 * at a time, and so beside a stage that holds every slot: the browser suite keeps two cores busy
 * only part of the time, and a typecheck there costs it almost nothing (ADR 031). In the lane it
 * may overtake a stage that waits for room, since it takes none; in a slot it may not.
 */

/**
 * A stage `after` others starts only once they have ended, passed or failed: an order, not a
 * need (the BFF's suite waits for the browser suite to have both cores first, and still runs
 * when it failed, so that one run reports every failure).
 *
 * @typedef {{ name: string, needs?: string[], after?: string[], slots?: number, background?: boolean }} Schedulable
 * @typedef {{ ok: boolean, seconds: number, skipped?: string }} Outcome
 */

/**
 * @template {Schedulable} S
 * @param {S[]} stages
 * @param {number} capacity  slots in all (the cores)
 * @param {(stage: S) => Promise<{ ok: boolean }>} run
 * @param {() => number} [now]  milliseconds
 * @returns {Promise<Map<string, Outcome>>}  in the stages' order
 */
export async function schedule(stages, capacity, run, now = () => performance.now()) {
  const names = new Set(stages.map((s) => s.name));
  for (const stage of stages) {
    for (const need of stage.needs ?? []) {
      if (!names.has(need))
        throw new Error(`stage ${stage.name} needs ${need}, which is not a stage`);
    }
    for (const earlier of stage.after ?? []) {
      if (!names.has(earlier))
        throw new Error(`stage ${stage.name} comes after ${earlier}, which is not a stage`);
    }
  }
  /** @type {Map<string, Outcome>} */
  const done = new Map();
  /** @type {Map<string, 'slots' | 'lane'>} */
  const running = new Map();
  let used = 0;
  let laneUsed = false;
  const slotsOf = (s) => Math.min(capacity, Math.max(1, s.slots ?? 1));

  return new Promise((resolve, reject) => {
    const start = (stage, where) => {
      if (where === 'slots') used += slotsOf(stage);
      else laneUsed = true;
      const started = now();
      running.set(stage.name, where);
      run(stage).then(
        ({ ok }) => finish(stage, { ok, seconds: (now() - started) / 1000 }),
        (error) => reject(error),
      );
    };
    const pump = () => {
      // Whether a stage waits for room: no later one may take a slot before it.
      let waiting = false;
      for (const stage of stages) {
        if (done.has(stage.name) || running.has(stage.name)) continue;
        const needs = stage.needs ?? [];
        const failed = needs.find((n) => done.has(n) && !done.get(n).ok);
        if (failed) {
          done.set(stage.name, { ok: false, seconds: 0, skipped: failed });
          continue;
        }
        if (![...needs, ...(stage.after ?? [])].every((n) => done.has(n))) continue;
        if (!waiting && used + slotsOf(stage) <= capacity) start(stage, 'slots');
        else if (stage.background && !laneUsed) start(stage, 'lane');
        else if (!stage.background) waiting = true;
      }
      if (running.size === 0 && done.size < stages.length) {
        // Nothing runs and nothing can start: only a skipped stage's dependents are left.
        const before = done.size;
        for (const stage of stages) {
          if (!done.has(stage.name)) {
            const failed = (stage.needs ?? []).find((n) => done.has(n) && !done.get(n).ok);
            if (failed) done.set(stage.name, { ok: false, seconds: 0, skipped: failed });
          }
        }
        if (done.size === before) {
          reject(new Error('the stages wait on each other: their needs make a cycle'));
          return;
        }
        pump();
        return;
      }
      if (done.size === stages.length) {
        resolve(new Map(stages.map((s) => [s.name, done.get(s.name)])));
      }
    };
    const finish = (stage, outcome) => {
      if (running.get(stage.name) === 'slots') used -= slotsOf(stage);
      else laneUsed = false;
      running.delete(stage.name);
      done.set(stage.name, outcome);
      pump();
    };
    pump();
  });
}
