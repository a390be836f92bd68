#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Paths of 1,000, 10,000 and 100,000 components (1x, 10x, 100x): export
# --format=codeowners and json, get --all on files below the patterns.
# Target: linear in the depth (about 10x the time for 10x the depth;
# 100,000 components well under a second).
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

for n in 1000 10000 100000; do
	perl -e '
		my $n = shift; my $p = "a/" x $n;
		print "THE SECTION\nM:\tA <a\@x.example>\nS:\tMaintained\n",
		      "F:\t$p\nF:\t${p}x.c\nF:\t${p}*.h\nX:\t${p}b/\n\n",
		      "OTHER\nM:\tB <b\@x.example>\nS:\tMaintained\n",
		      "F:\t${p}c/\nN:\tx\\.c\$\n";
		open(my $f, ">", "f.$n") or die;
		print $f "${p}x.c\n${p}c/y.h\n${p}b/z.c\n";
	' "$n" >"M.$n"
done

for what in codeowners json get; do
	base=
	for n in 1000 10000 100000; do
		case $what in
		get)
			us=$(time_per_run 3 bash -c "exec \"$MAINT\" get --notree \
				--nogit --nogit-fallback --mpath M.$n --all - <f.$n") ;;
		*)
			us=$(time_per_run 3 "$MAINT" export --format=$what \
				--tree= --input "M.$n") ;;
		esac
		[ -n "$base" ] || base=$us
		printf '  %-12s depth %6s %9s us  (%sx the time of depth 1,000)\n' \
			"$what" "$n" "$us" "$(ratio "$us" "$base")"
	done
done
echo "  (target: linear, 100x the depth about 100x the time; under 1 s)"
