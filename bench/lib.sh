# SPDX-License-Identifier: GPL-2.0
# Shared helpers for the benchmarks: timing loops and the kernel tree.
set -eu
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
SRC_DIR=$(dirname "$BENCH_DIR")
MAINT=$SRC_DIR/maint
KERNEL=${MAINT_KERNEL_DIR:-$("$SRC_DIR/scripts/get-kernel.sh")}

# time_per_run N cmd...: mean wall time of one run in microseconds, the
# median of 5 batches of N runs (output discarded).
time_per_run() {
	local n=$1 b i t0 t1
	shift
	local res=()
	for b in 1 2 3 4 5; do
		t0=${EPOCHREALTIME//[.,]/}
		for ((i = 0; i < n; i++)); do
			"$@" >/dev/null 2>&1 || true
		done
		t1=${EPOCHREALTIME//[.,]/}
		res+=($(((t1 - t0) / n)))
	done
	printf '%s\n' "${res[@]}" | sort -n | sed -n 3p
}

# peak_rss_kib cmd...: maximum resident set size of one run.
peak_rss_kib() {
	/usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1
}

# ratio A B: A/B with one decimal.
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b ? a / b : 0 }'
}

# kernel_git_tree DIR: a git work tree of the kernel at DIR, cloned from
# the cached repository (made once by t/lib-kernelgit.sh if missing).
kernel_git_tree() {
	local repo=$KERNEL.git
	if [ ! -f "$repo/.git/maint-complete" ]; then
		echo "bench: making $repo (once; a few minutes)" >&2
		TEST_DIRECTORY=$SRC_DIR/t
		. "$SRC_DIR/t/lib-kernelgit.sh"
		kernel_git_copy "$1" >&2
	else
		git clone -q "$repo" "$1"
	fi
}
