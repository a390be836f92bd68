#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# getcmp.sh OUTDIR [ARGS...]: run scripts/get_maintainer.pl and maint get
# with the same ARGS in the current directory (a kernel tree) and compare
# standard output and exit status.  Prints one line:
#   same    byte-identical
#   tie     identical to the script's output under another hash seed
#           (the script's order depends on it for equal pattern depths)
#   set     the script's output varies with its hash seed, and maint's
#           has the same lines
#   DIFF    anything else (the outputs are kept in OUTDIR)
out=$1
shift
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
varies=0
for seed in 1 2 3 4 5 6 7 8 9 10 11 12; do
	# a new random hash seed each run (Perl's default)
	env -u PERL_HASH_SEED -u PERL_PERTURB_KEYS perl scripts/get_maintainer.pl \
		"$@" >"$p.$seed" 2>/dev/null </dev/null
	echo "exit $?" >>"$p.$seed"
	if cmp -s "$p.$seed" "$m"; then
		echo "tie $*"
		rm -f "$p" "$m" "$p".*
		exit 0
	fi
	cmp -s "$p.$seed" "$p" || varies=1
done
if [ $varies = 1 ] && cmp -s <(sort "$p") <(sort "$m"); then
	echo "set $*"
	rm -f "$p" "$m" "$p".*
	exit 0
fi
rm -f "$p".*
echo "DIFF $* ($p $m)"
