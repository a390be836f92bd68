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
