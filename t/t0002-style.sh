#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Kernel style: SPDX headers, clang-format clean, 80 columns.
. "$(dirname "$0")/test-lib.sh"

cd "$SRC_DIR" || exit 1
sources=$(git ls-files '*.c' '*.h' 2>/dev/null || ls lib/*/*.[ch] builtin/*.[ch] *.[ch] t/unit/*.[ch])

test_expect_success 'every source, script, man page and document has an SPDX line' '
	for f in $sources Makefile .ci/* scripts/*.sh bench/*.sh bench/run \
		 t/*.sh doc/*.1 .clang-format *.md doc/*.md bench/*.md; do
		case $f in doc/maint-move.1|doc/maint-join.1) continue ;; esac
		head -3 "$f" | grep -q "SPDX-License-Identifier: GPL-2.0" ||
			{ echo "no SPDX line: $f"; exit 1; }
	done
'

# Longer lines only for string literals, which kernel style never breaks.
test_expect_success 'C sources fit in 80 columns (tabs of 8)' '
	! expand -t 8 $sources | awk "length > 80" | grep -v "\"" | grep .
'

if command -v clang-format >/dev/null; then
	test_expect_success 'C sources are clang-formatted (.clang-format)' '
		clang-format --dry-run --Werror $sources
	'
else
	test_skip 'C sources are clang-formatted' 'no clang-format installed'
fi

test_done
