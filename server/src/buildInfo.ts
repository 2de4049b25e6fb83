import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface BuildInfo {
  version: string;
  commit?: string;
  /** Epoch milliseconds when this process started. */
  startedAt: number;
}

/**
 * Version from package.json; commit from BUILD_COMMIT or, in a git checkout, from git. Either may
 * be missing (a tarball, a fresh repository), which is not an error.
 */
export function readBuildInfo(root: string, startedAt: number): BuildInfo {
  let version = '0.0.0';
  try {
    version = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string }).version ?? version;
  } catch {
    version = '0.0.0';
  }
  let commit = process.env.BUILD_COMMIT?.trim() || undefined;
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    } catch {
      commit = undefined;
    }
  }
  return commit ? { version, commit, startedAt } : { version, startedAt };
}
