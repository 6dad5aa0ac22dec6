import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryFiles } from './file-names';
import { ROOT } from './import-graph';

/** The most lines a module may have (issue 59): past it, it holds more than one concern. */
export const SOURCE_LIMIT = 300;
/** The most lines a test file may have: past it, split it by what its tests are about. */
export const TEST_LIMIT = 600;

const CODE = /\.(ts|tsx|mjs|js)$/;
const TEST = /(\.test\.|\.spec\.)|(^|\/)test\//;

export const isTest = (path: string) => TEST.test(path);

const linesOf = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Each file of code past its limit, with its lines and the limit, as `path: lines > limit`. */
export function oversized(
  files: readonly string[],
  read = (path: string) => readFileSync(join(ROOT, path), 'utf8'),
) {
  return files
    .filter((path) => CODE.test(path))
    .map((path) => ({
      path,
      lines: linesOf(read(path)),
      limit: isTest(path) ? TEST_LIMIT : SOURCE_LIMIT,
    }))
    .filter(({ lines, limit }) => lines > limit)
    .map(({ path, lines, limit }) => `${path}: ${lines} > ${limit}`);
}

/** The repository's files of code, as git lists them (tracked or not ignored), that still exist. */
export const codeFiles = () =>
  repositoryFiles().filter((path) => CODE.test(path) && existsSync(join(ROOT, path)));
