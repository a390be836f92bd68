#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# SIGTERM, SIGINT, SIGHUP and SIGPIPE at every point of a command (the
# shim sends the signal before its Nth write/fsync/rename/close/mkdir/
# open): what it created is removed (temporary files, locks, the
# temporary directories of split, split --series and join) and every
# output is the old state or the new one, never a mix.  Git children are
# stopped and waited for.  Issue 21, item 5, defect 6.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-fault.sh"

build_shim

# the signals a test sends maint and expects to end it: SIGHUP only when
# it was not ignored when the test started (under nohup maint keeps it
# ignored, as it should, and goes on)
end_signals="TERM INT"
sigign=$(awk '/^SigIgn:/ { print $2 }' /proc/$$/status 2>/dev/null)
if test -n "$sigign" && test $((0x$sigign & 1)) = 1; then
	echo "# SIGHUP ignored (nohup?): not sent where maint must end"
else
	end_signals="$end_signals HUP"
fi

test_expect_success 'format --in-place' '
	sweep signal format setup_file maint format --in-place
'

test_expect_success 'move --in-place' '
	sweep signal move setup_file maint move --in-place --section=S \
		"^OPEN FIRMWARE"
'

test_expect_success 'split' '
	sweep signal split setup_file maint split --by=dir --min=1 --outdir=D
'

test_expect_success 'join' '
	sweep signal join setup_split maint join --output=J D
'

test_expect_success 'merge' '
	sweep signal merge setup_merge maint merge base ours theirs
'

test_expect_success 'export' '
	sweep signal export setup_file maint export --output=E.json
'

test_expect_success 'merge --install' '
	sweep signal install setup_git maint merge --install --attributes
'

test_expect_success 'split --series' '
	SNAP_SKIP="./.git*" SNAP_NAMES=1 STRIDE=4 sweep signal series \
		setup_series maint split --by=dir --min=1 --series=S
'

# a git that signals maint while format-patch is about to write: maint
# must stop it and wait for it, or format-patch makes its output
# directory again inside the temporary tree maint removed
test_expect_success 'split --series: a signal while git runs' '
	mkdir -p bin && real=$(command -v git) &&
	cat >bin/git <<-EOF &&
	#!/bin/bash
	for a in "\$@"; do
		if [ "\$a" = format-patch ]; then
			kill -TERM \$PPID
			sleep 0.5
		fi
	done
	exec "$real" "\$@"
	EOF
	chmod +x bin/git &&
	for SIG in $end_signals; do
		sed -i "s/kill -[A-Z]* /kill -$SIG /" bin/git &&
		setup_series &&
		(cd w && PATH=$TRASH/bin:$PATH test_expect_code $((128 + $(kill -l $SIG))) \
			maint split --by=dir --min=1 --series=S) &&
		sleep 1 &&
		ls -a w >names &&
		! grep "maint-\|^S\$" names || exit 1
	done
'

test_expect_success 'split of the kernel file killed at many points' '
	K=${MAINT_KERNEL_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/maint/linux-source-${MAINT_KERNEL_VERSION:-6.12}}/MAINTAINERS &&
	if ! test -f "$K"; then echo "no kernel tree: skipped"; exit 0; fi &&
	maint split --by=dir --input="$K" --outdir=ref >/dev/null &&
	n=0 &&
	for d in 0 0.005 0.01 0.015 0.02 0.03 0.05 0.08; do
		for SIG in TERM INT HUP; do
			rm -rf k && mkdir k
			# SIGINT as Ctrl-C sends it (a background job ignores it)
			perl -e "\$SIG{INT} = q(DEFAULT); exec @ARGV" \
				maint split --by=dir --input="$K" --outdir=k/D \
				>/dev/null &
			pid=$! &&
			sleep $d && kill -$SIG $pid 2>/dev/null || :
			wait $pid && st=0 || st=$?
			test $st = 0 || n=$((n + 1))
			echo "after ${d}s, SIG$SIG: exit $st"
			ls -a k >names &&
			! grep "maint-" names || exit 1
			# old state (nothing) or new (the whole split)
			if test -e k/D; then
				diff -r ref k/D >/dev/null || exit 1
			else
				test $st != 0 || exit 1
			fi
		done
	done &&
	echo "killed in $n runs of 24"

'

# get --all answers a long list in forked children: a signal that ends
# it ends them too, before it exits (none goes on writing its part)
test_expect_success 'get --all: a signal stops its children first' '
	K=${MAINT_KERNEL_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/maint/linux-source-${MAINT_KERNEL_VERSION:-6.12}} &&
	if ! test -f "$K/MAINTAINERS"; then echo "no kernel tree: skipped"; exit 0; fi &&
	if ! command -v pgrep >/dev/null; then echo "no pgrep: skipped"; exit 0; fi &&
	(cd "$K" && find . -type f ! -name .maint-extracted) |
		sed "s|^\./||" | sort >files &&
	for SIG in $end_signals; do
		(cd "$K" && exec perl -e "\$SIG{INT} = q(DEFAULT); exec @ARGV" \
			maint get --all - <"$TRASH/files" >"$TRASH/all.out") &
		pid=$! && kids= && i=0 &&
		while test -z "$kids" && test $i -lt 500; do
			kids=$(pgrep -P $pid) || sleep 0.01
			i=$((i + 1))
		done &&
		test -n "$kids" &&
		kill -$SIG $pid &&
		{ wait $pid && st=0 || st=$?; } &&
		test $st = $((128 + $(kill -l $SIG))) &&
		for k in $kids; do
			! kill -0 $k 2>/dev/null || exit 1
		done
	done
'

echo "# $(points_tried) points where a signal was sent"
test_done
