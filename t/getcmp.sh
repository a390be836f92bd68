#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# getcmp.sh OUTDIR [ARGS...]: run scripts/get_maintainer.pl and maint get
# with the same ARGS in the current directory (a kernel tree) and compare
# standard output and exit status.  Prints one line:
#   same    byte-identical to the script
#   tie     byte-identical to the script with its one hash-order
#           dependence fixed: sections matching at the same pattern depth
#           taken in byte order of their headers (maint's documented
#           order; the script takes them in Perl's hash order, which
#           changes from run to run); and git signers with the same
#           count (vcs_assign()) taken in byte order.  The fixed copy is
#           made with sed from the script itself.
#   DIFF    anything else (both outputs are kept in OUTDIR)
out=$1
shift
ties=$out/get_maintainer-ties.pl
if [ ! -f "$ties" ]; then
	sed -e '/^sub vcs_assign/,/^}/s/sort {\$hash{\$b} <=> \$hash{\$a}} keys %hash/sort {$hash{$b} <=> $hash{$a} || $a cmp $b} keys %hash/' \
	    -e 's/sort {\$hash{\$b} <=> \$hash{\$a}} keys %hash/sort {$hash{$b} <=> $hash{$a} || $typevalue[find_starting_index($a)] cmp $typevalue[find_starting_index($b)] || $a <=> $b} keys %hash/' \
		scripts/get_maintainer.pl >"$ties.tmp.$$"
	if cmp -s scripts/get_maintainer.pl "$ties.tmp.$$"; then
		echo "DIFF cannot make the tie-broken script" && exit 1
	fi
	mv "$ties.tmp.$$" "$ties"
fi
key=$(printf '%s\0' "$@" | md5sum | cut -c1-16)
p=$out/$key.perl
m=$out/$key.maint
{ perl scripts/get_maintainer.pl "$@" 2>/dev/null; echo "exit $?"; } >"$p" </dev/null
{ "${MAINT:-maint}" get "$@" 2>/dev/null; echo "exit $?"; } >"$m" </dev/null
if cmp -s "$p" "$m"; then
	echo "same $*"
	rm -f "$p" "$m"
	exit 0
fi
{ perl "$ties" "$@" 2>/dev/null; echo "exit $?"; } >"$p" </dev/null
if cmp -s "$p" "$m"; then
	echo "tie $*"
	rm -f "$p" "$m"
	exit 0
fi
echo "DIFF $* ($p $m)"
