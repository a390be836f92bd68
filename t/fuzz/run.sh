#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# t/fuzz/run.sh SECONDS FUZZER...: run each libFuzzer harness for SECONDS
# on its seeds: t/fuzz/corpus/NAME (committed), what seed.sh makes from
# the kernel tree (when cached) and the regression inputs in
# t/fuzz/regress/NAME.  A crash or property failure is copied to
# t/fuzz/regress/NAME/ (commit it: t0810 replays it) and fails the run.
# Prints one line per harness: executions, corpus size, result.
# The mutations follow FUZZ_SEED (default 1), so a run on a clean checkout
# walks the same inputs each time (CI does not turn red by chance); set
# FUZZ_SEED=0 for libFuzzer's own random seed, to explore.
set -u
secs=${1:?seconds}
seed=${FUZZ_SEED:-1}
shift
here=$(cd "$(dirname "$0")" && pwd)
work=$here/work
status=0
mkdir -p "$work"
"$here/seed.sh" "$work/seeds" || exit 1
for f in "$@"; do
	name=$(basename "$f")
	name=${name#fuzz-}
	corpus=$work/corpus-$name
	mkdir -p "$corpus" "$here/regress/$name" "$work/crash-$name"
	dirs=("$corpus" "$here/corpus/$name" "$here/regress/$name")
	[ -d "$work/seeds/$name" ] && dirs+=("$work/seeds/$name")
	log=$work/$name.log
	"$f" -max_total_time="$secs" -seed="$seed" -timeout=10 -rss_limit_mb=2048 \
		-max_len=65536 -print_final_stats=1 \
		-artifact_prefix="$work/crash-$name/" "${dirs[@]}" \
		>"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	units=$(ls "$corpus" | wc -l)
	if [ $rc -ne 0 ]; then
		status=1
		for c in "$work/crash-$name"/*; do
			[ -f "$c" ] || continue
			cp "$c" "$here/regress/$name/"
			echo "fuzz-$name: kept $(basename "$c") in t/fuzz/regress/$name (name it after what it shows)"
		done
		tail -40 "$log" | sed "s/^/fuzz-$name: /" >&2
	fi
	printf 'fuzz-%s: %s executions in %ss, corpus %s, %s\n' "$name" \
		"${execs:-?}" "$secs" "$units" \
		"$([ $rc -eq 0 ] && echo ok || echo FAILED)"
done
exit $status
