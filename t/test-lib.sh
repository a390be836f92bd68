# SPDX-License-Identifier: GPL-2.0
#
# A small TAP test library in the spirit of git's t/test-lib.sh.
# Source it from a tNNNN-name.sh script, then:
#
#   test_expect_success 'description' '
#	commands && more commands
#   '
#   test_done
#
# Each test body runs in a subshell with 'set -e' inside the script's own
# trash directory (t/trash.NAME), which is removed when every test passed.
# Helpers: test_cmp, test_must_fail, test_expect_code, test_grep,
# test_when_finished, kernel_tree.  "bash t/tNNNN-name.sh -v" (or
# TEST_VERBOSE=1) prints every test's output, not only a failing one's.
# See t/README.

set -u
TEST_DIRECTORY=$(cd "$(dirname "$0")" && pwd)
SRC_DIR=$(dirname "$TEST_DIRECTORY")
MAINT=$SRC_DIR/maint
FIXTURES=$TEST_DIRECTORY/fixtures
EXAMPLES=$SRC_DIR/examples
PATH=$SRC_DIR:$PATH
export MAINT SRC_DIR FIXTURES EXAMPLES PATH
LC_ALL=C
export LC_ALL
# no history index built in the background after a get (it would write
# in .git/maint while a test looks there); t4230 tests it
MAINT_GET_INDEX_BACKGROUND=0
export MAINT_GET_INDEX_BACKGROUND

test_name=$(basename "$0" .sh)
TRASH=$TEST_DIRECTORY/trash.$test_name
rm -rf "$TRASH"
mkdir -p "$TRASH"
cd "$TRASH" || exit 1

test_count=0
test_failed=0
test_verbose=${TEST_VERBOSE:-0}
[ "${1:-}" = -v ] && test_verbose=1

test_expect_success() {
	test_count=$((test_count + 1))
	if (set -e; eval "$2") >"$TRASH/.log" 2>&1; then
		echo "ok $test_count - $1"
		[ "$test_verbose" = 1 ] && sed -e 's/^/#   /' "$TRASH/.log"
	else
		test_failed=$((test_failed + 1))
		echo "not ok $test_count - $1"
		sed -e 's/^/#   /' "$TRASH/.log"
	fi
}

# test_when_finished CMD...: run CMD when the test ends, passed or failed
# (the last registered first), e.g. to undo a change to a shared file.
test_when_finished() {
	test_cleanup="$*${test_cleanup:+; $test_cleanup}"
	trap 'eval "$test_cleanup"' EXIT
}

test_skip() {
	test_count=$((test_count + 1))
	echo "ok $test_count - $1 # SKIP $2"
}

skip_all() {
	# after some tests ran (a script whose last part needs the kernel
	# tree): the plan is the tests that ran, and the rest is skipped
	if [ "$test_count" -gt 0 ]; then
		echo "# SKIP the rest: $1"
		test_done
	fi
	echo "1..0 # SKIP $1"
	cd / && rm -rf "$TRASH"
	exit 0
}

test_done() {
	echo "1..$test_count"
	if [ "$test_failed" -eq 0 ]; then
		cd / && rm -rf "$TRASH"
		exit 0
	fi
	echo "# failed $test_failed of $test_count (trash kept: $TRASH)"
	exit 1
}

# test_cmp EXPECTED ACTUAL: byte comparison, showing a diff on failure.
test_cmp() {
	if ! cmp -s "$1" "$2"; then
		echo "files differ: $1 $2"
		diff -u "$1" "$2" | head -40 || true
		return 1
	fi
}

# test_expect_code N cmd...: the command must exit with status N.
test_expect_code() {
	want=$1
	shift
	set +e
	"$@"
	got=$?
	set -e
	if [ "$got" != "$want" ]; then
		echo "expected exit $want, got $got: $*"
		return 1
	fi
}

# test_must_fail cmd...: non-zero exit, but not a crash (signal).
test_must_fail() {
	set +e
	"$@"
	got=$?
	set -e
	if [ "$got" = 0 ]; then
		echo "expected failure: $*"
		return 1
	fi
	if [ "$got" -gt 128 ] && [ "$got" -lt 160 ]; then
		echo "died by signal ($got): $*"
		return 1
	fi
}

# test_grep PATTERN FILE: like grep -q, but shows the file when it fails.
test_grep() {
	if ! grep -q -e "$1" "$2"; then
		echo "no '$1' in $2:"
		sed -e 's/^/    /' "$2"
		return 1
	fi
}

# The kernel tree, or skip the whole script (fail when MAINT_NEED_KERNEL=1,
# as CI sets it, so a missing tree can never pass silently).
kernel_tree() {
	KERNEL=${MAINT_KERNEL_DIR:-}
	if [ -z "$KERNEL" ]; then
		cache=${MAINT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/maint}
		KERNEL=$cache/linux-source-${MAINT_KERNEL_VERSION:-6.12}
	fi
	if [ ! -f "$KERNEL/.maint-extracted" ] && [ ! -f "$KERNEL/MAINTAINERS" ]; then
		if [ "${MAINT_NEED_KERNEL:-0}" = 1 ]; then
			echo "1..1"
			echo "not ok 1 - kernel tree missing at $KERNEL (run scripts/get-kernel.sh)"
			exit 1
		fi
		skip_all "no kernel tree (run scripts/get-kernel.sh)"
	fi
	export KERNEL
}
