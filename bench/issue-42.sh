#!/usr/bin/env bash
# Every figure of issue 42 side by side in one run, one bench after another on the same machine, each
# preceded by the load average (a figure taken at load above 1.5 on 2 cores says less). Builds the
# executable first; needs chromium, java with Saxon-HE (bench/rules-java.ts) and PostgreSQL's server
# binaries (test/postgres.ts), as .ci/run installs them. About 30 minutes on the 2-core machine.
#   bash bench/issue-42.sh [log file=bench-issue-42.log]
set -u
cd "$(dirname "$0")/.."
log="${1:-bench-issue-42.log}"
: >"$log"
exe=dist/invoice-service

step() {
  printf '\n== %s\n== %s UTC, load %s\n' "$*" "$(date -u +%H:%M:%S)" "$(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$log"
  "$@" 2>&1 | tee -a "$log"
}

step npm run build --silent
# §3 memory and size
step npx bun bench/idle-memory.ts "$exe" --runs 3 --cache warm
step npx bun bench/idle-memory.ts "$exe" --runs 3 --cache cold
step npx bun bench/idle-memory.ts --size "$exe"
step npx bun bench/startup.ts "$exe" 5
# §1 rendering against a warm Chromium, 20 and 200 lines, concurrency 2
step npx bun bench/http-vs-chromium.ts "$exe" 10 2 realistic both
# §2 the official rules: first check after a start, warm checks (1.5 s apart, so the pool primes its
# second worker), 10,000 lines against Java Saxon-HE
step npx bun bench/rules-first-check.ts "$exe" 1000 2
step npx bun bench/rules-warm.ts "$exe" 1000 10 1500
step npx bun bench/rules-warm.ts "$exe" 10000 1 0
# ... the same invoice on one line (no whitespace between tags), as many senders write theirs
step env ONE_LINE=1 npx bun bench/rules-warm.ts "$exe" 10000 1 0
step npx bun bench/rules-java.ts 10000 2
step npx bun bench/rules-java.ts 1000 3
# ... a file with a finding on each of thousands of lines (each finding's location), and Java on the same
step env SAVE=/tmp npx bun bench/rules-many-errors.ts "$exe" 2000 20000
step env XML=/tmp/many-errors-2000.xml npx bun bench/rules-java.ts 0 2
step env XML=/tmp/many-errors-20000.xml npx bun bench/rules-java.ts 0 2
# ... and every profile on the documents the service writes, up to the API's 2,000 lines
step npx bun bench/rules-profiles.ts 1000,2000
# §4 reports at 50,000 invoices on both engines
step npx bun bench/reports.ts sqlite 50000 5
step npx bun bench/reports.ts postgresql 50000 5
# §5 the mixed load: SQLite, one, two and three PostgreSQL instances (90 s of warm-up: with 30 the slower
# setups were measured while their workers still compiled, bench/README "The warm-up decides the ratio"),
# two rounds, the second in the reverse order (single rounds of one build swung from 0.56 to 1.03)
step env VERBOSE=1 npx bun bench/instances.ts 30 16 --rounds 2 --warmup 90
printf '\n== done %s UTC\n' "$(date -u +%H:%M:%S)" | tee -a "$log"
