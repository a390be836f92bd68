# SPDX-License-Identifier: GPL-2.0
# For the I/O fault and interruption tests: build t/fault-inject.c (an
# LD_PRELOAD shim) into the trash directory as $SHIM, or skip the script.
# "fault N ERRNO cmd..." runs cmd with its Nth write/fsync/rename/close/
# mkdir/open failing with ERRNO (ENOSPC or EIO); "fault_count FILE cmd..."
# runs it without a fault and writes how many such calls it made to FILE.
build_shim() {
	SHIM=$TRASH/fault-inject.so
	${CC:-cc} -shared -fPIC -O1 -o "$SHIM" \
		"$TEST_DIRECTORY/fault-inject.c" -ldl 2>"$TRASH/shim.err" ||
		skip_all "cannot build the fault-injection shim"
	# a sanitizer build wants its runtime first; the shim only wraps libc
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0
	export SHIM ASAN_OPTIONS
}

fault() {
	n=$1 e=$2
	shift 2
	LD_PRELOAD=$SHIM FAULT_AT=$n FAULT_ERRNO=$e "$@"
}

fault_count() {
	f=$1
	shift
	LD_PRELOAD=$SHIM FAULT_COUNT=$f "$@"
}

# snapshot DIR: every file and link below DIR with its checksum, and
# every directory (.git/config left out: git's own, written by git);
# SNAP_NAMES=1: the names only (outputs that hold dates); SNAP_SKIP=GLOB:
# paths left out
snapshot() {
	(cd "$1" && {
		find . -mindepth 1 \( -type f -o -type l \) \
			! -path ./.git/config ${SNAP_SKIP:+! -path "$SNAP_SKIP"} -print0 | sort -z |
			if [ -n "${SNAP_NAMES:-}" ]; then
				tr "\0" "\n"
			else
				xargs -0 -r md5sum
			fi
		find . -mindepth 1 -type d ${SNAP_SKIP:+! -path "$SNAP_SKIP"} | sort
	})
}

# sweep MODE NAME SETUP CMD...: run CMD in ./w (made afresh by the
# function SETUP) once without a fault to count its calls, then once for
# every call N: MODE "fault" fails it with ENOSPC and with EIO, MODE
# "signal" sends the Nth a signal (TERM, INT, HUP and PIPE in turn).
# After each run ./w must be as before or as after the clean run, byte
# for byte, nothing left over; a run that failed must have said so,
# naming the file, and none may crash.  Each run tried is a line of
# $TRASH/points (see points_tried); prints what went wrong and returns 1.  STRIDE=S: every S-th
# call only (MAINT_FAULT_FULL=1: every call all the same).
sweep() {
	mode=$1 name=$2 setup=$3
	shift 3
	rm -rf w && $setup && snapshot w >before &&
	(cd w && LD_PRELOAD=$SHIM FAULT_COUNT=$TRASH/count "$@" \
		>/dev/null 2>"$TRASH/err") || {
		echo "$name: fails without a fault:"; cat err; return 1
	}
	snapshot w >after
	k=$(cat count) bad=0 t0=$SECONDS
	if [ "$mode" = fault ]; then kinds="ENOSPC EIO"; else kinds=one; fi
	sigs=(TERM INT HUP PIPE)
	# every call, or every STRIDE-th (from a start that varies) to bound
	# the time a slow command takes; MAINT_FAULT_FULL=1: every call
	stride=${STRIDE:-1}
	[ "${MAINT_FAULT_FULL:-0}" = 1 ] && stride=1
	for n in $(seq $((1 + RANDOM % stride)) "$stride" "$k"); do
		for e in $kinds; do
			rm -rf w && $setup
			if [ "$mode" = fault ]; then
				env="FAULT_ERRNO=$e"
			else
				e=${sigs[$((n % 4))]}
				env="FAULT_SIGNAL=$e"
			fi
			# (the shell's "Terminated" notes: not ours to show)
			{ (cd w && env LD_PRELOAD="$SHIM" FAULT_AT=$n $env \
				"$@" >/dev/null 2>"$TRASH/err"); } 2>/dev/null &&
				st=0 || st=$?
			snapshot w >now
			echo "$n" >>"$TRASH/points"
			what=
			if [ $st = 0 ]; then
				cmp -s after now ||
					what="exit 0, not the new state"
			elif ! cmp -s before now && ! cmp -s after now; then
				what="exit $st, neither the old nor the new state"
			elif [ "$mode" = fault ] && [ $st -gt 128 ]; then
				what="died with $st"
			elif [ "$mode" = fault ] && ! grep -q "[^ ]*: " err; then
				what="exit $st without naming the file"
			elif [ "$mode" = signal ] && [ $st -le 128 ] &&
			     ! cmp -s before now; then
				what="exit $st after the signal, yet changed"
			fi
			if [ -n "$what" ]; then
				echo "$name: call $n, $e: $what"
				sed -e 's/^/    stderr: /' err | head -5
				diff before now | head -10
				bad=1
			fi
		done
	done
	echo "$name: $k calls, swept in $((SECONDS - t0))s"
	return $bad
}

# the number of runs with a fault (or a signal) the sweeps made
points_tried() {
	if [ -f "$TRASH/points" ]; then wc -l <"$TRASH/points"; else echo 0; fi
}

# the inputs the sweeps start from (t0831, t0832), in w/ under the trash
# directory: the example file; a split of it; three sides to merge; a git
# repository; a kernel-like tree with history for split --series
M=$EXAMPLES/MAINTAINERS

setup_file() {
	mkdir w && cp "$M" w/MAINTAINERS
}

setup_split() {
	setup_file && maint split --by=dir --min=1 --input=w/MAINTAINERS \
		--outdir=w/D >/dev/null
}

setup_merge() {
	setup_file &&
	sed -e "s/^S:\tMaintained/S:\tOdd Fixes/" "$M" >w/ours &&
	sed -e "s/^L:\tnetdev@/L:\tnet@/" "$M" >w/theirs && cp "$M" w/base
}

setup_git() {
	setup_file && git init -q w && echo "* text" >w/.gitattributes
}

setup_series() {
	rm -rf w && mkdir w && (
		cd w && cp "$M" MAINTAINERS && mkdir scripts &&
		printf "/*\n!/scripts/\n" >.gitignore &&
		echo "# checkpatch MAINTAINERS" >scripts/checkpatch.pl &&
		git init -q -b main && git config user.name "Sweep Test" &&
		git config user.email sweep@example.org &&
		git add -f -A && git commit -qm base
	)
}
