/**
 * Runs the stages of `pnpm test` on the machine's cores: a stage starts once every stage it needs
 * has passed, when its slots are free. Stages start in the order they are listed, and none
 * overtakes an earlier one that is ready but waits for room, so the long stages listed first are
 * never starved by short ones. A stage whose need failed is skipped, and says which; every other
 * stage still runs, so one run reports every failure.
 */

/**
 * @typedef {{ name: string, needs?: string[], slots?: number }} Schedulable
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
  }
  /** @type {Map<string, Outcome>} */
  const done = new Map();
  const running = new Map();
  let used = 0;
  const slotsOf = (s) => Math.min(capacity, Math.max(1, s.slots ?? 1));

  return new Promise((resolve, reject) => {
    const pump = () => {
      for (const stage of stages) {
        if (done.has(stage.name) || running.has(stage.name)) continue;
        const needs = stage.needs ?? [];
        const failed = needs.find((n) => done.has(n) && !done.get(n).ok);
        if (failed) {
          done.set(stage.name, { ok: false, seconds: 0, skipped: failed });
          continue;
        }
        if (!needs.every((n) => done.has(n))) continue;
        if (used + slotsOf(stage) > capacity) break;
        used += slotsOf(stage);
        const started = now();
        running.set(stage.name, stage);
        run(stage).then(
          ({ ok }) => finish(stage, { ok, seconds: (now() - started) / 1000 }),
          (error) => reject(error),
        );
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
      running.delete(stage.name);
      used -= slotsOf(stage);
      done.set(stage.name, outcome);
      pump();
    };
    pump();
  });
}
