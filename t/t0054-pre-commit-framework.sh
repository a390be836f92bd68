#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# .pre-commit-hooks.yaml with the pre-commit framework itself, in a
# throwaway repository whose .pre-commit-config.yaml adds maint with the
# three lines the file's comment gives: a MAINTAINERS entry out of order,
# or one maint check calls an error, blocks the commit with maint's
# message; a good entry is committed.  The hook repository is a git copy
# of this source tree (its work tree as it is).
. "$(dirname "$0")/test-lib.sh"

command -v pre-commit >/dev/null || {
	[ "${MAINT_NEED_DEB:-0}" = 1 ] && {
		echo "1..1"
		echo "not ok 1 - pre-commit not installed (scripts/install-deps.sh)"
		exit 1
	}
	skip_all "pre-commit (the framework) not installed"
}

HOME=$TRASH
PRE_COMMIT_HOME=$TRASH/pre-commit-cache
export HOME PRE_COMMIT_HOME
unset GIT_CONFIG_GLOBAL XDG_CONFIG_HOME GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE
git config --global user.name "Hook Test"
git config --global user.email "hook@example.org"
git config --global init.defaultBranch main

test_expect_success 'a git copy of maint as the hook repository' '
	mkdir hooks &&
	(cd "$SRC_DIR" && git ls-files -z --cached --others --exclude-standard |
		xargs -0 tar cf -) | tar xf - -C hooks &&
	(cd hooks && git init -q && git add -A && git commit -qm hooks) &&
	test -f hooks/.pre-commit-hooks.yaml
'

test_expect_success 'a project with a good MAINTAINERS and the three lines' '
	git init -q proj &&
	cd proj &&
	mkdir -p drivers/frob drivers/acme &&
	echo "int frob;" >drivers/frob/frob.c &&
	echo "int acme;" >drivers/acme/acme.c &&
	cat >MAINTAINERS <<-\EOF &&
	ACME DRIVER
	M:	Ann Acme <ann@acme.example.org>
	S:	Maintained
	F:	drivers/acme/

	THE REST
	M:	Linus Torvalds <torvalds@linux-foundation.org>
	L:	linux-kernel@vger.kernel.org
	S:	Buried alive in reporters
	F:	*
	F:	*/
	EOF
	"$MAINT" format --check --input MAINTAINERS &&
	# the lines of the comment in .pre-commit-hooks.yaml
	sed -n "/^#   - repo:/,/^#     hooks:/p" "$SRC_DIR/.pre-commit-hooks.yaml" |
		sed "s/^#//" >lines &&
	test "$(wc -l <lines)" = 3 &&
	{ echo "repos:" &&
	  sed -e "s|<maint.s repository>|$TRASH/hooks|" \
	      -e "s|<a tag or commit>|$(git -C ../hooks rev-parse HEAD)|" lines
	} >.pre-commit-config.yaml &&
	cat .pre-commit-config.yaml &&
	pre-commit install >../install.out &&
	git add -A &&
	git commit -qm "the project" >../commit.out 2>&1 &&
	cat ../commit.out &&
	grep -q "maint format --check.*Passed" ../commit.out &&
	grep -q "maint check.*Passed" ../commit.out &&
	test "$(git rev-list --count HEAD)" = 1
'

test_expect_success 'a section out of order blocks the commit, with maint'\''s message' '
	cd proj &&
	cat >>MAINTAINERS <<-\EOF &&

	FROB DRIVER
	M:	Fred Frob <fred@frob.example.org>
	S:	Maintained
	F:	drivers/frob/
	EOF
	git add MAINTAINERS &&
	test_must_fail git commit -qm "frob" >../bad.out 2>&1 &&
	cat ../bad.out &&
	grep -q "maint format --check.*Failed" ../bad.out &&
	grep -q "^MAINTAINERS:[0-9]*: warning: section .* is out of order" ../bad.out &&
	test "$(git rev-list --count HEAD)" = 1
'

test_expect_success 'an entry maint check calls an error blocks the commit' '
	cd proj &&
	git checkout -q MAINTAINERS 2>/dev/null; git reset -q --hard &&
	sed -i "s/^\(M:\tAnn Acme\) <ann@acme.example.org>/\1 ann-at-acme/" MAINTAINERS &&
	git add MAINTAINERS &&
	test_must_fail git commit -qm "bad address" >../bad2.out 2>&1 &&
	cat ../bad2.out &&
	grep -q "maint check.*Failed" ../bad2.out &&
	grep -q "MAINTAINERS:2: error: " ../bad2.out &&
	grep -q "pre-commit: maint check found problems" ../bad2.out &&
	test "$(git rev-list --count HEAD)" = 1
'

test_expect_success 'a good entry, in order, is committed' '
	cd proj &&
	git reset -q --hard &&
	cat >MAINTAINERS <<-\EOF &&
	ACME DRIVER
	M:	Ann Acme <ann@acme.example.org>
	S:	Maintained
	F:	drivers/acme/

	FROB DRIVER
	M:	Fred Frob <fred@frob.example.org>
	S:	Maintained
	F:	drivers/frob/

	THE REST
	M:	Linus Torvalds <torvalds@linux-foundation.org>
	L:	linux-kernel@vger.kernel.org
	S:	Buried alive in reporters
	F:	*
	F:	*/
	EOF
	git add MAINTAINERS &&
	git commit -qm "frob" >../good.out 2>&1 &&
	cat ../good.out &&
	grep -q "maint format --check.*Passed" ../good.out &&
	grep -q "maint check.*Passed" ../good.out &&
	test "$(git rev-list --count HEAD)" = 2
'

test_expect_success 'a split MAINTAINERS/ directory: a file out of order blocks it' '
	cd proj &&
	"$MAINT" split --by=dir --min=1 --outdir=split >/dev/null &&
	git rm -q MAINTAINERS &&
	mv split MAINTAINERS &&
	git add MAINTAINERS &&
	git commit -qm split >../split.out 2>&1 &&
	grep -q "maint format --check.*Passed" ../split.out &&
	f=$(git ls-files MAINTAINERS/ | head -1) &&
	printf "\nAAA FIRST\nM:\tA A <a@a.example.org>\nS:\tMaintained\nF:\tdrivers/frob/\n" >>"$f" &&
	git add MAINTAINERS &&
	test_must_fail git commit -qm "dir" >../dir.out 2>&1 &&
	cat ../dir.out &&
	grep -q "maint format --check.*Failed" ../dir.out &&
	grep -q "^$f:[0-9]*: warning: section .* is out of order" ../dir.out
'

test_done
