import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  budgetVerdict,
  clock,
  cpuOfTimes,
  fromNodeTest,
  fromPlaywright,
  fromVitest,
  machineFactor,
  slowest,
  table,
} from './report.mjs';

test('a Vitest report gives its counts and each test with its file and time', () => {
  const suite = fromVitest(
    {
      testResults: [
        {
          name: '/repo/apps/bff/src/a.test.ts',
          status: 'passed',
          assertionResults: [
            { fullName: 'a sends once', status: 'passed', duration: 1200 },
            { fullName: 'a skips', status: 'skipped', duration: 0 },
          ],
        },
        {
          name: '/repo/apps/bff/src/b.test.ts',
          status: 'failed',
          assertionResults: [{ fullName: 'b fails', status: 'failed', duration: 30 }],
        },
        // A file that could not load: no tests, but a failure.
        { name: '/repo/apps/bff/src/c.test.ts', status: 'failed', assertionResults: [] },
      ],
    },
    '/repo',
  );
  assert.equal(suite.passed, 1);
  assert.equal(suite.failed, 2);
  assert.equal(suite.skipped, 1);
  assert.deepEqual(slowest(suite.tests, 1), [
    { title: 'a sends once', file: 'apps/bff/src/a.test.ts', ms: 1200 },
  ]);
});

test('a Playwright report counts a flaky test as failed and sums the time of its attempts', () => {
  const suite = fromPlaywright({
    suites: [
      {
        title: 'journal.spec.ts',
        file: 'journal.spec.ts',
        specs: [],
        suites: [
          {
            title: 'Journal',
            file: 'journal.spec.ts',
            specs: [
              {
                title: 'lists',
                file: 'journal.spec.ts',
                tests: [{ status: 'expected', results: [{ duration: 900 }] }],
              },
              {
                title: 'filters',
                file: 'journal.spec.ts',
                tests: [{ status: 'flaky', results: [{ duration: 1000 }, { duration: 800 }] }],
              },
              {
                title: 'breaks',
                file: 'journal.spec.ts',
                tests: [{ status: 'unexpected', results: [{ duration: 5 }] }],
              },
              {
                title: 'later',
                file: 'journal.spec.ts',
                tests: [{ status: 'skipped', results: [] }],
              },
            ],
          },
        ],
      },
    ],
    errors: [],
  });
  assert.deepEqual([suite.passed, suite.failed, suite.skipped], [1, 2, 1]);
  assert.deepEqual(slowest(suite.tests, 1), [
    { title: 'Journal › filters', file: 'journal.spec.ts', ms: 1800 },
  ]);
});

test('a Playwright run whose global setup threw fails with no test', () => {
  const suite = fromPlaywright({ suites: [], errors: [{ message: 'the BFF exited' }] });
  assert.equal(suite.failed, 1);
});

test('node --test counts come from its closing lines', () => {
  const suite = fromNodeTest('ok 1 - a\n# tests 3\n# pass 2\n# fail 1\n# skipped 0\n');
  assert.deepEqual([suite.passed, suite.failed, suite.skipped], [2, 1, 0]);
});

test("a stage's CPU time is its children's user and system time, as bash and dash print it", () => {
  assert.equal(cpuOfTimes('0m0.011s 0m0.006s\n2m35.147s 0m17.985s\n'), 173.132);
  assert.equal(cpuOfTimes('0m0.000000s 0m0.000000s\n0m12.500000s 0m1.250000s\n'), 13.75);
  assert.equal(cpuOfTimes(''), undefined);
});

test('a stage is over budget only past its budget stretched by the machine factor', () => {
  assert.deepEqual(budgetVerdict({ seconds: 100, budget: 100, factor: 1 }), {
    over: false,
    allowed: 100,
  });
  assert.deepEqual(budgetVerdict({ seconds: 101, budget: 100, factor: 1 }), {
    over: true,
    allowed: 100,
  });
  assert.deepEqual(budgetVerdict({ seconds: 149, budget: 100, factor: 1.5 }), {
    over: false,
    allowed: 150,
  });
  assert.deepEqual(budgetVerdict({ seconds: 9999, budget: undefined, factor: 1 }), {
    over: false,
    allowed: undefined,
  });
});

test('a faster machine does not tighten the budget; a slower one stretches it', () => {
  assert.equal(machineFactor(100, 150), 1);
  assert.equal(machineFactor(300, 150), 2);
});

test('times read as minutes and seconds, and the table aligns its columns', () => {
  assert.equal(clock(83.4), '1:23');
  assert.equal(clock(59.6), '1:00');
  assert.equal(
    table(
      ['stage', 'time'],
      [
        ['bff', '4:05'],
        ['schemas', '0:18'],
      ],
      [false, true],
    ),
    'stage    time\n-------  ----\nbff      4:05\nschemas  0:18',
  );
});
