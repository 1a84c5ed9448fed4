/**
 * Puts the calling worker thread in Linux's idle scheduling class (and at nice 19 where that fails):
 * it then runs only on a core nothing else wants, so the thread that serves pages is never kept
 * waiting by it. Used by the staff-reads worker, whose body is an eval'd CommonJS script that includes
 * this function's source, so it uses nothing of this module's scope: only the worker's own `require`.
 */
export function idleThisThread(): void {
  /* eslint-disable @typescript-eslint/no-require-imports -- runs inside an eval'd CommonJS worker */
  try {
    (require('node:os') as typeof import('node:os')).setPriority(19);
    const fs = require('node:fs') as typeof import('node:fs');
    const threadId = fs.readlinkSync('/proc/thread-self').split('/').pop() ?? '';
    (require('node:child_process') as typeof import('node:child_process')).execFileSync(
      '/usr/bin/chrt',
      ['--idle', '--pid', '0', threadId],
      { stdio: 'ignore', timeout: 2000 },
    );
  } catch {
    // Without chrt (not Linux) the nice value stays; without either, the thread runs as it is.
  }
  /* eslint-enable @typescript-eslint/no-require-imports */
}
