// Which source an executable was built from: the commit and its date, read from git when the server's code
// is transpiled or compiled (imported `with { type: 'macro' }` by version.ts), so two builds of the same
// package version tell themselves apart (`invoice-service version`). Null outside a git checkout (a source
// tarball), or where git is not installed.
export function buildCommit(): string | null {
  try {
    const result = Bun.spawnSync(['git', 'log', '-1', '--format=%h %cs'], {
      cwd: import.meta.dir,
      stdout: 'pipe',
      stderr: 'ignore',
    });
    const line = result.exitCode === 0 ? result.stdout.toString().trim() : '';
    return /^[0-9a-f]{7,40} \d{4}-\d{2}-\d{2}$/.test(line) ? line : null;
  } catch {
    return null;
  }
}
