#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint --version prints a real version, never an empty or placeholder
# string: git describe in a checkout (scripts/version.sh), the version of
# debian/changelog where there is no checkout (a package build).
. "$(dirname "$0")/test-lib.sh"

# the package build sets it (debian/rules); in these tests version.sh works
# it out itself
unset MAINT_VERSION

version_re='^maint version [0-9][0-9a-zA-Z.+~-]*$'

test_expect_success 'maint --version: a version, one line' '
	"$MAINT" --version >out &&
	test "$(wc -l <out)" = 1 &&
	grep -q "$version_re" out
'

test_expect_success 'maint --version: the version scripts/version.sh gives' '
	test -n "${MAINT_PACKAGE_BUILD:-}" && exit 0
	"$MAINT" --version >out &&
	test "$(wc -l <out)" = 1 &&
	grep -q "$version_re" out &&
	echo "maint version $("$SRC_DIR/scripts/version.sh")" >expect &&
	test_cmp expect out &&
	! grep -qi "unknown\|placeholder\|version \$" out
'

test_expect_success 'in a checkout: git describe (the commit is in it)' '
	test -n "${MAINT_PACKAGE_BUILD:-}" && exit 0
	if git -C "$SRC_DIR" rev-parse --git-dir >/dev/null 2>&1; then
		h=$(git -C "$SRC_DIR" rev-parse --short=12 HEAD) &&
		grep -q "$h" out ||
		grep -q "$(git -C "$SRC_DIR" describe --tags --match "v[0-9]*" 2>/dev/null | sed s/^v//)" out
	fi
'

test_expect_success 'a copy without .git: the version of debian/changelog' '
	mkdir src &&
	(cd "$SRC_DIR" && git ls-files -z --cached --others --exclude-standard 2>/dev/null | xargs -0 tar cf - ||
	 tar cf - --exclude=./t/trash.* .) | tar xf - -C src &&
	v=$(sed -n "1s/^maint (\([^)]*\)).*/\1/p" "$SRC_DIR/debian/changelog") &&
	test -n "$v" &&
	test "$(src/scripts/version.sh)" = "$v" &&
	make -s -C src -j2 maint >/dev/null &&
	src/maint --version >out &&
	echo "maint version $v" >expect &&
	test_cmp expect out
'

test_expect_success 'a copy inside another git repository: not its describe' '
	git init -q outer &&
	mkdir outer/sub &&
	cp -r src/scripts src/debian outer/sub/ &&
	v=$(sed -n "1s/^maint (\([^)]*\)).*/\1/p" src/debian/changelog) &&
	test "$(outer/sub/scripts/version.sh)" = "$v"
'

test_expect_success 'no checkout and no changelog: an error, not an empty version' '
	mkdir -p bare/scripts &&
	cp "$SRC_DIR/scripts/version.sh" bare/scripts/ &&
	test_must_fail bare/scripts/version.sh >out 2>err &&
	! test -s out &&
	test_grep "no git checkout" err
'

test_done
