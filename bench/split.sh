#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint split (each strategy) and maint join against maint format on the
# 6.12 MAINTAINERS, measured in the same run.  Target: within 2x of format.
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
cp "$KERNEL/MAINTAINERS" MAINTAINERS

fmt=$(time_per_run 50 "$MAINT" format)
printf '  %-24s %8s us\n' "maint format" "$fmt"
# each run splits into a new directory; the shell's part is measured apart
base=$(time_per_run 20 bash -c 'd=$(mktemp -u -p .); exec true')
for by in dir list tree; do
	us=$(time_per_run 20 bash -c "d=\$(mktemp -u -p .); exec \"$MAINT\" split --by=$by --outdir \$d")
	us=$((us - base))
	"$MAINT" split --by=$by --outdir out-$by >/dev/null
	printf '  %-24s %8s us  (%sx format; %s files)\n' "maint split --by=$by" "$us" \
		"$(ratio "$us" "$fmt")" "$(find out-$by -type f | wc -l)"
	# the floor: creating the same directories and files (cp -r)
	cp_us=$(time_per_run 20 bash -c "d=\$(mktemp -u -p .); exec cp -r out-$by \$d")
	cp_us=$((cp_us - base))
	printf '  %-24s %8s us  (split less this: %sx format)\n' \
		"  cp -r of its output" "$cp_us" \
		"$(ratio "$((us > cp_us ? us - cp_us : 0))" "$fmt")"
	jn=$(time_per_run 50 "$MAINT" join out-$by)
	printf '  %-24s %8s us  (%sx format)\n' "maint join (by $by)" "$jn" "$(ratio "$jn" "$fmt")"
	# the floor: reading the same files (cat of them, one process)
	find out-$by -type f | sort >files-$by
	cat_us=$(time_per_run 20 xargs -a files-$by cat)
	printf '  %-24s %8s us  (join less this: %sx format)\n' \
		"  cat of its files" "$cat_us" \
		"$(ratio "$((jn > cat_us ? jn - cat_us : 0))" "$fmt")"
done
echo "  (target: within 2x of format)"

# --series on a git copy of 6.12 (t/lib-kernelgit.sh): the whole series,
# commits by plumbing and format-patch included.  Target: <= 15 s.
. "$SRC_DIR/t/lib-kernelgit.sh"
kernel_git_copy "$work/tree" >/dev/null
series=()
for run in 1 2 3; do
	t0=$(date +%s%N)
	(cd "$work/tree" && "$MAINT" split --by=dir --series="$work/series-$run" >/dev/null)
	t1=$(date +%s%N)
	series+=($(((t1 - t0) / 1000)))
done
us=$(printf '%s\n' "${series[@]}" | sort -n | sed -n 2p)
printf '  %-24s %8s us  (%sx format; %s patches; target <= 15 s)\n' \
	"maint split --series" "$us" "$(ratio "$us" "$fmt")" \
	"$(ls "$work/series-1" | wc -l)"
