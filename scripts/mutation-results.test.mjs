// @ts-check
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

import { changedSince } from './mutation-results.mjs';

describe('a kept mutation result', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mutation-results-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src/limit.ts'), 'export const over = (a, b) => a > b;\n');
  writeFileSync(join(dir, 'src/limit.test.ts'), "it('refuses over the limit', () => {});\n");
  writeFileSync(join(dir, 'src/new.test.ts'), "it('kills more', () => {});\n");

  const report = (module, test) => ({
    files: { 'src/limit.ts': { source: module } },
    testFiles: { 'src/limit.test.ts': { source: test } },
  });
  const MODULE = 'export const over = (a, b) => a > b;\n';
  const TEST = "it('refuses over the limit', () => {});\n";

  const cases = [
    {
      name: 'stands while the module and its tests read as it judged them',
      r: report(MODULE, TEST),
      changed: [],
    },
    {
      name: 'stands with CRLF line ends in the result',
      r: report(MODULE.replace('\n', '\r\n'), TEST),
      changed: [],
    },
    {
      name: 'is out of date once the module changed',
      r: report('export const over = (a, b) => a >= b;\n', TEST),
      changed: ['src/limit.ts'],
    },
    {
      name: 'is out of date once a test that judged it changed',
      r: report(MODULE, "it('x', () => {});\n"),
      changed: ['src/limit.test.ts'],
    },
    {
      name: 'is out of date once a test that judged it is gone',
      r: { ...report(MODULE, TEST), testFiles: { 'src/gone.test.ts': { source: '' } } },
      changed: ['src/gone.test.ts'],
    },
    {
      name: 'ignores a runner’s nameless test file',
      r: { ...report(MODULE, TEST), testFiles: { '': { source: 'whatever' } } },
      changed: [],
    },
  ];
  for (const { name, r, changed } of cases) {
    it(name, () => assert.deepEqual(changedSince(r, dir), changed));
  }
});
