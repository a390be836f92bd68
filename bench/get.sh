#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get against scripts/get_maintainer.pl on the 6.12 tree, measured
# in the same run, and against mainline's script on an upstream-generation
# copy of it.  Targets: one -f call and one patch call at least 50x
# faster; --all over every file at least 15,000x the script's per-file
# time times the file count, peak memory under 64 MiB.  Then the cost of
# --all with a synthetic MAINTAINERS (and tree) 10x and 100x the kernel's.
. "$(dirname "$0")/lib.sh"

cd "$KERNEL"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
P=scripts/get_maintainer.pl
F=drivers/net/ethernet/intel/e1000/e1000_main.c

# a multi-file patch: six files, a line added to each
for f in $F fs/ext2/inode.c kernel/sched/core.c mm/damon/core.c \
	 sound/pci/hda/hda_intel.c drivers/usb/serial/ftdi_sio.c; do
	mkdir -p "$work/b/$(dirname "$f")"
	{ cat "$f"; echo "/* a change */"; } >"$work/b/$f"
	diff -u --label "a/$f" --label "b/$f" "$f" "$work/b/$f" >>"$work/p.diff" || true
done

perl_f=$(time_per_run 5 perl $P -f $F)
maint_f=$(time_per_run 50 "$MAINT" get -f $F)
perl_p=$(time_per_run 5 perl $P "$work/p.diff")
maint_p=$(time_per_run 50 "$MAINT" get "$work/p.diff")

find . -type f ! -name .maint-extracted | sed 's|^\./||' | sort >"$work/files"
n=$(wc -l <"$work/files")
t0=$(date +%s%N)
"$MAINT" get --all - <"$work/files" >"$work/all.out"
t1=$(date +%s%N)
all_us=$(((t1 - t0) / 1000))
rss=$(peak_rss_kib "$MAINT" get --all - <"$work/files")

echo "one file (-f $F):"
printf '  %-22s %9s us\n  %-22s %9s us\n' get_maintainer.pl "$perl_f" "maint get" "$maint_f"
echo "  ratio: $(ratio "$perl_f" "$maint_f")x (target 50x)"
echo "one patch (6 files):"
printf '  %-22s %9s us\n  %-22s %9s us\n' get_maintainer.pl "$perl_p" "maint get" "$maint_p"
echo "  ratio: $(ratio "$perl_p" "$maint_p")x (target 50x)"
echo "every file of the tree ($n), --all:"
printf '  %-22s %9s us (%s us a file x %s files, extrapolated)\n' \
	get_maintainer.pl "$((perl_f * n))" "$perl_f" "$n"
printf '  %-22s %9s us, peak %s KiB (target 64 MiB)\n' "maint get --all" "$all_us" "$rss"
echo "  ratio: $(ratio "$((perl_f * n))" "$all_us")x (target 15,000x)"

# the same with mainline's script (t/fixtures/upstream/): an
# upstream-generation tree, the 6.12 tree as links with that script in
# scripts/, where maint get answers as that script
up=$work/up
mkdir "$up" "$up/scripts"
for f in "$KERNEL"/* "$KERNEL"/.[!.]*; do
	b=${f##*/}
	case $b in scripts) ;; *) ln -s "$f" "$up/$b" ;; esac
done
for f in "$KERNEL"/scripts/*; do ln -s "$f" "$up/scripts/"; done
rm "$up/scripts/get_maintainer.pl"
cp "$SRC_DIR/t/fixtures/upstream/get_maintainer.pl" "$up/scripts/"
cd "$up"
uperl_f=$(time_per_run 5 perl $P -f $F)
umaint_f=$(time_per_run 50 "$MAINT" get -f $F)
uperl_p=$(time_per_run 5 perl $P "$work/p.diff")
umaint_p=$(time_per_run 50 "$MAINT" get "$work/p.diff")
t0=$(date +%s%N)
"$MAINT" get --all - <"$work/files" >"$work/all.up"
t1=$(date +%s%N)
uall_us=$(((t1 - t0) / 1000))
ugen=$("$MAINT" get --version | tail -1 | sed 's/^answering as //')
cd "$KERNEL"
echo "upstream generation ($ugen):"
printf '  -f:    %9s us / %7s us, ratio %sx (target 50x)\n' \
	"$uperl_f" "$umaint_f" "$(ratio "$uperl_f" "$umaint_f")"
printf '  patch: %9s us / %7s us, ratio %sx (target 50x)\n' \
	"$uperl_p" "$umaint_p" "$(ratio "$uperl_p" "$umaint_p")"
printf '  --all: %9s us / %7s us, ratio %sx (target 15,000x)\n' \
	"$((uperl_f * n))" "$uall_us" "$(ratio "$((uperl_f * n))" "$uall_us")"

# synthetic: MAINTAINERS copied K times under copyN/ prefixes
synth() {
	awk -v k="$1" '
		/^[A-Z]:/ { t = substr($0, 1, 1) }
		{ lines[NR] = $0 }
		END {
			for (c = 1; c <= k; c++)
				for (i = 1; i <= NR; i++) {
					l = lines[i]
					if (l ~ /^[FX]:/) {
						v = l; sub(/^[FX]:[ \t]*/, "", v)
						print substr(l, 1, 2) "\tcopy" c "/" v
					} else if (l ~ /^[NK]:/) {
						if (c == 1) print l
					} else if (l ~ /^[A-Z]:/ || l == "" || c == 1) {
						print l
					} else {
						print l " (copy " c ")"
					}
				}
		}' MAINTAINERS >"$work/M$1"
	awk -v k="$2" '{ for (c = 1; c <= k; c++) print "copy" c "/" $0 }' \
		"$work/files" >"$work/files$1-$2"
}
echo "growth (--all, synthetic MAINTAINERS and file lists):"
# 1x, 10x and 100x: MAINTAINERS and tree grown together (the index keeps
# the work at files x patterns that can match: the time per file stays
# flat); BENCH_FULL=1 adds the whole tree at 100x (8.7M files, ~GB out)
specs="1 1 10 1 100 1 10 10"
[ "${BENCH_FULL:-0}" = 1 ] && specs="$specs 100 100"
set -- $specs
pairs=
while [ $# -ge 2 ]; do pairs="$pairs $1:$2"; shift 2; done
for spec in $pairs; do
	spec=${spec/:/ }
	set -- $spec
	synth "$1" "$2"
	lines=$(wc -l <"$work/M$1")
	files=$(wc -l <"$work/files$1-$2")
	t0=$(date +%s%N)
	"$MAINT" get --notree --mpath "$work/M$1" --all - <"$work/files$1-$2" >/dev/null
	t1=$(date +%s%N)
	rss=$(peak_rss_kib "$MAINT" get --notree --mpath "$work/M$1" --all - <"$work/files$1-$2")
	printf '  MAINTAINERS x%-4s (%8s lines), %8s files: %6s ms (%s us a file), peak %s KiB\n' \
		"$1" "$lines" "$files" "$(((t1 - t0) / 1000000))" \
		"$(((t1 - t0) / 1000 / files))" "$rss"
done
