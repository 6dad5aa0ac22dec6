/**
 * Mutation testing only (vitest.mutation.config.ts): activates the mutant under test before the
 * test file imports anything. Stryker 9.6's Vitest runner activates it in a `beforeAll` when a
 * test filter is in place (it always is here: `testFiles`), after the modules were loaded, so a
 * mutant of a module-level constant (a static mutant) never took effect and was reported
 * survived (stryker-js issues 6144 and 6209). A mutant inside a function is the same whether it
 * is activated now or in that `beforeAll`: nothing of it runs while modules load.
 */
import { inject } from 'vitest';

const provided = inject as unknown as (key: string) => unknown;

if (provided('mode') === 'mutant') {
  const key = provided('globalNamespace') as string;
  const scope = globalThis as unknown as Record<string, { activeMutant?: unknown } | undefined>;
  const ns = (scope[key] ??= {});
  ns.activeMutant = provided('activeMutant');
}
