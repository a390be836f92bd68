#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every crash and property failure the fuzzers found (t/fuzz/regress/NAME)
# replayed through its harness, built with clang's libFuzzer, ASan and
# UBSan (make fuzzers).  Without clang the test skips, except in CI
# (MAINT_NEED_FUZZ=1), where clang is installed.
. "$(dirname "$0")/test-lib.sh"

if ! command -v "${FUZZ_CC:-clang}" >/dev/null; then
	[ "${MAINT_NEED_FUZZ:-}" = 1 ] && {
		echo "Bail out! clang is needed (MAINT_NEED_FUZZ=1)"
		exit 1
	}
	skip_all "no clang for the libFuzzer harnesses"
fi

test_expect_success 'the harnesses build' '
	make -C "$SRC_DIR" -s fuzzers >build.log 2>&1 || { cat build.log; exit 1; }
'

for dir in "$SRC_DIR"/t/fuzz/regress/*/; do
	name=$(basename "$dir")
	[ -n "$(ls -A "$dir")" ] || continue
	test_expect_success "fuzz-$name: every kept input passes" '
		n=0 &&
		for f in "'"$dir"'"*; do
			[ -f "$f" ] || continue
			"$SRC_DIR/t/fuzz/fuzz-'"$name"'" -runs=1 "$f" >log 2>&1 ||
				{ echo "$f:"; tail -30 log; exit 1; }
			n=$((n + 1))
		done &&
		test $n -gt 0
	'
done

test_expect_success 'a few seconds of fuzzing from the seeds find nothing new' '
	mkdir -p new &&
	"$SRC_DIR/t/fuzz/fuzz-format" -runs=2000 -max_len=4096 -seed=1 \
		new "$SRC_DIR/t/fuzz/corpus/format" >log 2>&1 ||
		{ tail -30 log; exit 1; }
'

test_done
