#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get's exit status on the script's early die()s is get_maintainer.pl's
# (6.12, the fixture's, run here): Perl exits with $!, which is ENOENT (2)
# when which_conf() found no .get_maintainer.ignore and 0 (exit 255) after
# reading one, and ENOTTY (25) after "-t STDIN" when standard input is no
# terminal.  Each invocation is run with and without an ignore file, with
# standard input from /dev/null and from a terminal (script(1)).
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"

PERL=$(command -v perl)

make_get_tree tree
cd tree || exit 1

cat >../cases <<'E'
-f kernel/fork.c --self-test
--self-test=x -f kernel/fork.c
--no-such-option -f kernel/fork.c
--pattern-depth=x -f kernel/fork.c
--noemail --noscm --nostatus --nosubsystem --noweb --nobug -f kernel/fork.c
--nom --nor --nol --nogit --nogit-fallback -f kernel/fork.c
--nogit --nogit-fallback -f no/such/file
--nogit --nogit-fallback no-such.patch

E

# status_of HOW CMD...: CMD's exit status, standard input from /dev/null
# (HOW null) or a terminal (HOW tty)
status_of() {
	how=$1 && shift
	if [ "$how" = null ]; then
		"$@" </dev/null >/dev/null 2>&1
		echo $?
	else
		script -qec "$* >/dev/null 2>&1; echo rc=\$?" /dev/null \
			</dev/null | tr -d '\r' | sed -n 's/^rc=//p'
	fi
}

# compare HOW: every case, maint's status and the script's; differences
# in ../diff.HOW
compare() {
	: >../diff.$1
	while IFS= read -r args; do
		# shellcheck disable=SC2086
		p=$(status_of $1 "$PERL" scripts/get_maintainer.pl $args) &&
		# shellcheck disable=SC2086
		m=$(status_of $1 "$MAINT" get $args) &&
		{ [ "$p" = "$m" ] ||
		  echo "[$args] script $p, maint $m" >>../diff.$1; } || return 1
	done <../cases
	cat ../diff.$1
	! test -s ../diff.$1
}

test_expect_success 'no .get_maintainer.ignore, standard input /dev/null' '
	test ! -e .get_maintainer.ignore && compare null
'

test_expect_success 'and a standard input that is a terminal' '
	command -v script >/dev/null || return 0
	compare tty
'

test_expect_success 'with a .get_maintainer.ignore, standard input /dev/null' '
	echo "nobody@example.org" >.get_maintainer.ignore &&
	compare null
'

test_expect_success 'and a standard input that is a terminal' '
	command -v script >/dev/null || return 0
	compare tty
'

test_expect_success 'the statuses seen are the three of the script' '
	p=$(status_of null "$PERL" scripts/get_maintainer.pl --no-such-option) &&
	test "$p" = 255 &&
	rm .get_maintainer.ignore &&
	p=$(status_of null "$PERL" scripts/get_maintainer.pl --no-such-option) &&
	test "$p" = 2 &&
	p=$(status_of null "$PERL" scripts/get_maintainer.pl --nom --nor --nol \
		--nogit --nogit-fallback -f kernel/fork.c) &&
	test "$p" = 25
'

test_expect_success '--git where there is no git: the script'"'"'s warning, in its place' '
	test ! -e .git &&
	printf "%s\n" "diff --git a/kernel/fork.c b/kernel/fork.c" \
		"--- a/kernel/fork.c" "+++ b/kernel/fork.c" "@@ -1 +1 @@" \
		"-int x;" "+int y;" >../p.patch &&
	for args in "--git -f no/such" "--git ../p.patch" "--git MAINTAINERS" \
		"-f kernel/fork.c" "--git -f kernel/fork.c"; do
		# shellcheck disable=SC2086
		"$PERL" scripts/get_maintainer.pl $args 2>&1 >/dev/null |
			sed "s|^scripts/get_maintainer.pl:|P:|" >../err.script &&
		# shellcheck disable=SC2086
		"$MAINT" get $args 2>&1 >/dev/null |
			sed "s|^maint get:|P:|" >../err.maint &&
		test_cmp ../err.script ../err.maint || return 1
	done &&
	test_grep "No supported VCS found" ../err.script
'

test_done
