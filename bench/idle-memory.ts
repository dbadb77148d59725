// Idle memory of a fresh executable, and what a start loads.
//   bun bench/idle-memory.ts <exe> [<exe> ...] [--runs 3] [--cache warm|cold|asis]
//     Each run: a fresh temp DATA_DIR, a random port, `/health` polled until 200, 5 s idle, then VmRSS,
//     RssAnon and RssFile read three times 1 s apart (/proc/PID/status); with several executables the runs
//     alternate (A, B, A, B, ...) so a busier moment of the shared machine does not favour one of them.
//     CPU is the process's user + system time up to the last read (/proc/PID/stat).
//     How the executable's file sits in the page cache changes RssFile by up to 10 MiB for the same bytes
//     (the kernel maps the cached neighbours of each page a start touches, and how the file came into the
//     cache, written by the build or `cp`, read back, paged in, changes how many): before each start it is
//     dropped from the cache (`dd iflag=nocache count=0`), then with `warm` (the default) read back whole,
//     the same state for every build; `cold` pages it in from the disk, as after a reboot; `asis` leaves the
//     cache alone (right after a build or `cp` it reads 3-4 MiB above `warm`).
//   bun bench/idle-memory.ts --modules [src/main.ts]
//     The modules a start evaluates: the bundle's metafile (`bun build --metafile`), followed from the entry
//     through static imports only (a dynamic `import()` is loaded on first use, not at start); with the
//     largest packages among them.
//   bun bench/idle-memory.ts --size <exe>
//     What the executable holds: the Bun runtime (everything outside its `.bun` ELF section), the bytecode,
//     each JavaScript file and the embedded assets by kind, read from the section's file table.
//   bun bench/idle-memory.ts --resident <exe>
//     One start as above (page cache `warm`), then which of the executable's pages it has resident, by part:
//     the runtime's ELF sections (the code a start ran), the bytecode, each JavaScript file, the assets.
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const IDLE_MS = 5000;
const TICKS = 100; // USER_HZ, 100 on Linux

type Reading = { vm: number; anon: number; file: number };

function readStatus(pid: number): Reading {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { vm: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') };
}

function cpuMs(pid: number): number {
  // Fields after the command's closing parenthesis: utime is the 12th, stime the 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

type Cache = 'warm' | 'cold' | 'asis';

async function setCache(exe: string, cache: Cache): Promise<void> {
  if (cache === 'asis') return;
  const drop = Bun.spawnSync(['dd', `if=${exe}`, 'iflag=nocache', 'count=0', 'status=none']);
  if (drop.exitCode !== 0) throw new Error(`could not drop ${exe} from the page cache`);
  if (cache === 'warm') await Bun.file(exe).arrayBuffer();
}

async function once(
  exe: string,
  cache: Cache,
  atIdle: (pid: number) => void = () => {},
): Promise<{ startMs: number; cpu: number; readings: Reading[] }> {
  await setCache(exe, cache);
  const dataDir = mkdtempSync(join(tmpdir(), 'inv-idle-'));
  const port = 19_000 + Math.floor(Math.random() * 900);
  const started = performance.now();
  const proc = Bun.spawn([exe, 'serve', '--port', String(port)], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  try {
    let startMs = 0;
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
      if (res?.status === 200) {
        startMs = performance.now() - started;
        break;
      }
      if (performance.now() - started > 15_000) throw new Error(`${exe}: no /health 200 within 15 s`);
      await Bun.sleep(2);
    }
    await Bun.sleep(IDLE_MS);
    const readings: Reading[] = [];
    for (let i = 0; i < 3; i++) {
      if (i > 0) await Bun.sleep(1000);
      readings.push(readStatus(proc.pid));
    }
    atIdle(proc.pid);
    return { startMs, cpu: cpuMs(proc.pid), readings };
  } finally {
    proc.kill('SIGTERM');
    await proc.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function idle(exes: string[], runs: number, cache: Cache): Promise<void> {
  const results = new Map<string, Awaited<ReturnType<typeof once>>[]>(exes.map((e) => [e, []]));
  for (let r = 0; r < runs; r++) {
    for (const exe of exes) results.get(exe)?.push(await once(exe, cache));
  }
  const f = (n: number) => n.toFixed(1);
  for (const [exe, list] of results) {
    console.log(exe);
    for (const run of list) {
      const vm = run.readings.map((x) => f(x.vm)).join(' / ');
      const last = run.readings.at(-1) as Reading;
      console.log(
        `  /health 200 at ${run.startMs.toFixed(0)} ms; VmRSS ${vm} MiB; RssAnon ${f(last.anon)}, RssFile ${f(last.file)}; CPU ${run.cpu.toFixed(0)} ms`,
      );
    }
    const all = list.flatMap((run) => run.readings.map((x) => x.vm)).sort((a, b) => a - b);
    console.log(`  VmRSS ${f(all[0] ?? 0)}-${f(all.at(-1) ?? 0)} MiB over ${list.length} starts`);
  }
}

type Meta = {
  inputs: Record<string, { bytes: number; imports: { path: string; kind: string; external?: boolean }[] }>;
};

/**
 * Whether an import is evaluated when its importer is: not a dynamic `import()`, and not a `require()` in
 * our own source, which calls it only inside a function, on first use (src/einvoicing/xmlbuilder.ts); a
 * package's own `require()` calls are taken as evaluated with it.
 */
const eager = (from: string, imp: { kind: string; external?: boolean }): boolean =>
  imp.kind !== 'dynamic-import' && !imp.external && !(imp.kind === 'require-call' && from.startsWith('src/'));

async function modules(entry: string): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'inv-meta-'));
  try {
    const build = Bun.spawnSync(
      [
        process.execPath,
        'build',
        entry,
        '--target=bun',
        '--format=esm',
        `--outdir=${out}`,
        `--metafile=${join(out, 'meta.json')}`,
      ],
      { cwd: resolve(import.meta.dir, '..'), stdout: 'ignore', stderr: 'inherit' },
    );
    if (build.exitCode !== 0) throw new Error('build failed');
    const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8')) as Meta;
    const seen = new Set<string>();
    const stack = [Object.keys(meta.inputs).find((p) => p.endsWith(entry.replace(/^\.\//, ''))) as string];
    while (stack.length > 0) {
      const path = stack.pop() as string;
      if (seen.has(path) || !meta.inputs[path]) continue;
      seen.add(path);
      for (const imp of meta.inputs[path].imports) {
        if (eager(path, imp)) stack.push(imp.path);
      }
    }
    let bytes = 0;
    const byPackage = new Map<string, number>();
    for (const path of seen) {
      const size = meta.inputs[path]?.bytes ?? 0;
      bytes += size;
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? '(src)';
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + size);
    }
    console.log(
      `${entry}: ${seen.size} modules evaluated at start (of ${Object.keys(meta.inputs).length} bundled), ${(bytes / 1e6).toFixed(2)} MB of source`,
    );
    for (const [pkg, size] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
      console.log(`  ${(size / 1e3).toFixed(0).padStart(6)} KB  ${pkg}`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

interface Part {
  name: string;
  from: number; // offsets in the file
  to: number;
}

/**
 * The parts of a `bun build --compile` executable as file offsets: the ELF sections of the runtime, and in
 * the `.bun` section (a u64 length, then the standalone module graph) the bytecode and each embedded file.
 * The graph's layout was read from Bun 1.4.5's output: it ends with `\n---- Bun! ----\n`, before which
 * the file table's offset and length; each file is 52 bytes: six (offset, length) pairs (name, contents,
 * source map, bytecode, two more) and four bytes (encoding, loader, format, side). Another Bun may lay it
 * out otherwise: a table that does not read as names under /$bunfs/ is refused.
 */
function partsOf(exe: string) {
  const fd = openSync(exe, 'r');
  const read = (at: number, length: number) => {
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, at);
    return buffer;
  };
  try {
    const head = read(0, 64);
    const shoff = Number(head.readBigUInt64LE(0x28));
    const [shentsize, shnum, shstrndx] = [
      head.readUInt16LE(0x3a),
      head.readUInt16LE(0x3c),
      head.readUInt16LE(0x3e),
    ];
    const table = read(shoff, shentsize * shnum);
    const header = (i: number) => ({
      name: table.readUInt32LE(i * shentsize),
      type: table.readUInt32LE(i * shentsize + 4),
      offset: Number(table.readBigUInt64LE(i * shentsize + 24)),
      size: Number(table.readBigUInt64LE(i * shentsize + 32)),
    });
    const strings = header(shstrndx);
    const names = read(strings.offset, strings.size);
    const sections: Part[] = [];
    for (let i = 1; i < shnum; i++) {
      const h = header(i);
      if (h.type === 8) continue; // NOBITS (.bss): no bytes in the file
      sections.push({
        name: names.toString('latin1', h.name, names.indexOf(0, h.name)),
        from: h.offset,
        to: h.offset + h.size,
      });
    }
    const bun = sections.find((x) => x.name === '.bun');
    if (bun === undefined) throw new Error(`${exe} has no .bun section`);
    const payload = read(bun.from + 8, bun.to - bun.from - 8);
    const end = payload.lastIndexOf('\n---- Bun! ----\n');
    const unknown = new Error('the module graph is not laid out as Bun 1.4.5 lays it');
    if (end < 0) throw unknown;
    const tableAt = payload.readUInt32LE(end - 24);
    const tableLength = payload.readUInt32LE(end - 20);
    if (tableLength % 52 !== 0) throw unknown;
    const files: (Part & { js: boolean })[] = [];
    let bytecodeEnd = 0;
    for (let at = tableAt; at < tableAt + tableLength; at += 52) {
      const word = (k: number) => payload.readUInt32LE(at + 4 * k);
      const name = payload.toString('utf8', word(0), word(0) + word(1));
      if (!name.startsWith('/$bunfs/')) throw unknown;
      bytecodeEnd = Math.max(bytecodeEnd, word(6) + word(7));
      const from = bun.from + 8 + word(2);
      files.push({
        name: name.replace('/$bunfs/root/', ''),
        from,
        to: from + word(3),
        js: payload[at + 49] === 1,
      });
    }
    // Every entry's bytecode is a window into one pool at the start of the graph (shared strings and
    // functions); the windows all end where the pool ends.
    const bytecode: Part = { name: 'bytecode', from: bun.from + 8, to: bun.from + 8 + bytecodeEnd };
    return { total: Bun.file(exe).size, sections: sections.filter((x) => x !== bun), bun, bytecode, files };
  } finally {
    closeSync(fd);
  }
}

/** An embedded asset's kind, for the size table. */
function kindOf(name: string): string {
  if (/-[0-9a-f]{16}\.sef-/.test(name))
    return 'rule pack: stylesheets compiled with the speed rewrites (SEF)';
  if (name.includes('.sef-')) return "rule pack: the pack's own compiled stylesheets (SEF)";
  if (/\.(xslt|xsl)$/.test(name)) return 'rule pack: XSLT';
  if (name.endsWith('.sch')) return 'rule pack: Schematron';
  if (name.endsWith('.xsd')) return 'XSD schemas';
  if (name.endsWith('.ttf')) return 'fonts';
  if (name.startsWith('swagger-ui')) return 'Swagger UI';
  if (name.endsWith('.png')) return 'template thumbnails';
  if (name.endsWith('.sql')) return 'migrations';
  return 'other (licences, manifest, ICC profile, DTD)';
}

function size(exe: string): void {
  const { total, bun, bytecode, files } = partsOf(exe);
  const mb = (n: number) => `${(n / 1e6).toFixed(2).padStart(7)} MB`;
  const length = (p: Part) => p.to - p.from;
  const js = files.filter((f) => f.js).sort((a, b) => length(b) - length(a));
  console.log(`${exe}: ${total.toLocaleString('en')} bytes`);
  console.log(`${mb(total - length(bun))}  the Bun runtime (outside the .bun section)`);
  console.log(`${mb(length(bytecode))}  bytecode`);
  console.log(
    `${mb(js.reduce((sum, f) => sum + length(f), 0))}  JavaScript, ${js.length} files; the largest:`,
  );
  for (const f of js.slice(0, 8)) console.log(`    ${mb(length(f))}  ${f.name}`);
  const kinds = new Map<string, number>();
  for (const f of files.filter((x) => !x.js))
    kinds.set(kindOf(f.name), (kinds.get(kindOf(f.name)) ?? 0) + length(f));
  for (const [kind, n] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`${mb(n)}  ${kind}`);
}

/** Which of the executable's pages a process has resident, by part (file pages only: bit 61 of pagemap). */
function residentParts(pid: number, exe: string): Map<string, number> {
  const { sections, bytecode, files } = partsOf(exe);
  const parts: Part[] = [
    bytecode,
    ...files.map((f) => ({ ...f, name: f.js ? f.name : 'assets' })),
    ...sections.map((x) => ({ ...x, name: `runtime ${x.name}` })),
  ];
  const pages = new Map<string, number>();
  const pagemap = openSync(`/proc/${pid}/pagemap`, 'r');
  try {
    for (const line of readFileSync(`/proc/${pid}/maps`, 'utf8').split('\n')) {
      const [range = '', , offset = '0', , , path] = line.trim().split(/\s+/);
      if (path !== exe) continue;
      const [from = 0, to = 0] = range.split('-').map((x) => Number.parseInt(x, 16));
      const entries = Buffer.alloc(((to - from) / 4096) * 8);
      readSync(pagemap, entries, 0, entries.length, (from / 4096) * 8);
      for (let i = 0; i < entries.length / 8; i++) {
        const entry = entries.readBigUInt64LE(i * 8);
        if (!(entry >> 63n) || !((entry >> 61n) & 1n)) continue; // not present, or no longer the file's
        const at = Number.parseInt(offset, 16) + i * 4096;
        const part = parts.find((p) => p.from <= at && at < p.to)?.name ?? 'runtime (between sections)';
        pages.set(part, (pages.get(part) ?? 0) + 1);
      }
    }
  } finally {
    closeSync(pagemap);
  }
  return pages;
}

async function resident(exe: string): Promise<void> {
  let pages = new Map<string, number>();
  const run = await once(exe, 'warm', (pid) => {
    pages = residentParts(pid, exe);
  });
  const last = run.readings.at(-1) as Reading;
  const mib = (n: number) => ((n * 4096) / 2 ** 20).toFixed(2).padStart(6);
  console.log(
    `${exe}: VmRSS ${last.vm.toFixed(1)} MiB (RssAnon ${last.anon.toFixed(1)}, RssFile ${last.file.toFixed(1)})`,
  );
  console.log(`  of its own pages resident, by part (the rest of RssFile is libc and the like):`);
  for (const [part, n] of [...pages].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`  ${mib(n)} MiB  ${part}`);
}

const args = process.argv.slice(2);
if (args[0] === '--modules') {
  await modules(args[1] ?? 'src/main.ts');
} else if (args[0] === '--size') {
  size(resolve(args[1] ?? 'dist/invoice-service'));
} else if (args[0] === '--resident') {
  await resident(resolve(args[1] ?? 'dist/invoice-service'));
} else {
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const runs = Number(option('--runs') ?? 3);
  const cache = (option('--cache') ?? 'warm') as Cache;
  if (!['warm', 'cold', 'asis'].includes(cache)) throw new Error('--cache is warm, cold or asis');
  const values = new Set([option('--runs'), option('--cache')]);
  const exes = args.filter((a) => !a.startsWith('--') && !values.has(a)).map((a) => resolve(a));
  console.log(
    `${new Date().toISOString()}, page cache: ${cache}, load average ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
  );
  await idle(exes.length > 0 ? exes : [resolve('dist/invoice-service')], runs, cache);
}
