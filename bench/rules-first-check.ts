// The first check after a fresh start: the executable alone (no RULESETS_DIR: its embedded pack and
// precompiled stylesheets), a fresh data dir, one `validate-compliance` sent as soon as `/health` answers.
// Twice per start kind: an official XRechnung UBL example, and the 1,000-line Peppol invoice of
// rules-large.ts; then the same invoice three more times (warm). Prints wall time to the answer, the service's CPU
// time (all its threads, from /proc) over that request, whether it was fully checked, and whether the
// service compiled anything (a background compile would add SEFs to the data dir's cache beyond the
// embedded ones; it must not be needed).
// Usage: bun bench/rules-first-check.ts [dist/invoice-service] [lines=1000] [starts=2]
// (10,000 lines: a 14 MB body, so MAX_BODY_BYTES=20971520 in the environment.)
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { largePeppolInvoice } from './rules-large';
import { startService } from './service';

const target = resolve(process.argv[2] ?? 'dist/invoice-service');
const lines = Number(process.argv[3] ?? 1000);
const starts = Number(process.argv[4] ?? 2);
const rulesetsDir = resolve(join(import.meta.dir, '../../shared/rulesets'));
const large = largePeppolInvoice(rulesetsDir, lines);
const xrechnung = readFileSync(join(rulesetsDir, 'examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml'), 'utf8');

/** The process's peak RSS so far (VmHWM). */
function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** utime + stime of the process, all threads, in seconds. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const env = { ...process.env };
delete env.RULESETS_DIR;
process.env = env;

console.log(`| Check | Wall | Service CPU | Fully checked | SEFs in the cache after | Service peak RSS |`);
console.log('|---|---|---|---|---|---|');
for (const [name, profile, xml] of [
  ['XRechnung UBL example, first check', 'xrechnung_ubl', xrechnung],
  [`${lines}-line Peppol, first check`, 'peppol_bis_billing_3', large],
] as const) {
  for (let s = 0; s < starts; s++) {
    // A loaded machine can take longer than the default 60 s limit; the limit is not what is measured.
    const service = await startService([target], { COMPLIANCE_TIME_LIMIT_SECONDS: '600' });
    const check = async (label: string) => {
      const cpu = cpuSeconds(service.pid);
      const started = performance.now();
      const res = await fetch(`${service.base}/api/v1/documents/validate-compliance`, {
        method: 'POST',
        headers: { authorization: `Bearer ${service.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ profile, xml }),
      });
      const body = (await res.json()) as { data?: { fully_checked: boolean; valid: boolean } };
      const wall = (performance.now() - started) / 1000;
      const used = cpuSeconds(service.pid) - cpu;
      let sefs = 0;
      try {
        sefs = readdirSync(join(service.dataDir, 'cache', 'sef')).filter((f) =>
          f.endsWith('.sef.json'),
        ).length;
      } catch {}
      console.log(
        `| ${label} | ${wall.toFixed(2)} s | ${used.toFixed(2)} s | ${res.status} ${body.data?.fully_checked} | ${sefs} | ${peakRssMiB(service.pid)} MiB |`,
      );
    };
    await check(name);
    if (profile === 'peppol_bis_billing_3' && s === 0) {
      for (let w = 1; w <= 3; w++) await check(`${lines}-line Peppol, again (${w})`);
    }
    service.stop();
  }
}
process.exit(0);
