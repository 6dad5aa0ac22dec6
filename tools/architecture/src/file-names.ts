import { execFileSync } from 'node:child_process';
import { ROOT } from './import-graph';

/**
 * Names that keep the spelling their tools and readers expect: dotfiles (`.gitignore`,
 * `.prettierrc.json`) and the capitalised documents at a folder's top (`README.md`).
 */
const CONVENTIONAL = /^\.|^(README|LICENSE|CHANGELOG|CONTRIBUTING)\.md$/;

/** Lower-case words and digits joined by single hyphens, in every dot-separated part. */
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;

/** True for a file or folder name spelled in kebab-case, or by a convention that keeps its own. */
export function isKebabCase(name: string): boolean {
  return KEBAB.test(name) || CONVENTIONAL.test(name);
}

/** The parts of a path (folders and file) that are not in kebab-case. */
export function misnamed(path: string): string[] {
  return path.split('/').filter((part) => !isKebabCase(part));
}

/** Every file of the repository: tracked, and new ones git does not ignore. */
export function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out.split('\n').filter(Boolean);
}
