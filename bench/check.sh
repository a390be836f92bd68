#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint check --self-test=patterns against get_maintainer.pl
# --self-test=patterns on a git copy of the 6.12 tree, measured in the
# same run (the script takes a minute or more: it runs once).  Target:
# at least 100x.  Also the whole maint check and --coverage.
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# a git work tree of the kernel (the script lists files with git ls-files)
repo=$KERNEL.git
if [ ! -f "$repo/.git/maint-complete" ]; then
	echo "bench: making $repo (once; a few minutes)" >&2
	TEST_DIRECTORY=$SRC_DIR/t
	. "$SRC_DIR/t/lib-kernelgit.sh"
	kernel_git_copy "$work/tree" >&2
else
	git clone -q "$repo" "$work/tree"
fi
cd "$work/tree"
files=$(git ls-files | wc -l)

t0=$(date +%s%N)
perl "$KERNEL/scripts/get_maintainer.pl" --self-test=patterns >/dev/null
t1=$(date +%s%N)
perl_us=$(((t1 - t0) / 1000))
maint_us=$(time_per_run 5 "$MAINT" check --self-test=patterns)
all_us=$(time_per_run 3 "$MAINT" check --fail-on=never)
cov_us=$(time_per_run 3 "$MAINT" check --coverage)
maint_rss=$(peak_rss_kib "$MAINT" check --fail-on=never)

echo "self-test of the F:/X: patterns ($files files in git):"
printf '  %-34s %10s us\n' "get_maintainer.pl --self-test" "$perl_us"
printf '  %-34s %10s us\n' "maint check --self-test" "$maint_us"
echo "  ratio: $(ratio "$perl_us" "$maint_us")x faster (target: 100x)"
printf '  %-34s %10s us  %6s KiB\n' "maint check (every check)" "$all_us" \
	"$maint_rss"
printf '  %-34s %10s us\n' "maint check --coverage" "$cov_us"
