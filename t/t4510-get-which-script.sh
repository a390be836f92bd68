#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Which scripts/get_maintainer.pl maint get answers as (GENERATIONS in
# maint-get(1)): the tree's script (6.12's in make_get_tree's tree,
# mainline's of t/fixtures/upstream), the newest without a script
# (another project; --notree where there is none), git config
# maint.generation over the script, --generation over both; --version
# and --help say which and why.  The answers are the scripts' own, run
# on the same tree.  Needs no kernel tree.  (The name holds no
# "generation": a path with it would make every config file look worth
# asking git about.)
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"

# the user's own git config (a maint.generation of theirs) stays out
mkdir home && export HOME=$TRASH/home GIT_CONFIG_NOSYSTEM=1
unset XDG_CONFIG_HOME GIT_CONFIG_GLOBAL GIT_DIR
OLD=$FIXTURES/get/get_maintainer.pl
NEW=$FIXTURES/upstream/get_maintainer.pl
ARGS="-f drivers/net/acme/main.c"

# answer DIR OUT [ARGS...]: maint get's output and exit status in DIR
answer() {
	d=$1 o=$2
	shift 2
	(cd "$d" && { "$MAINT" get "$@"; echo "exit $?"; } </dev/null) >"$o"
}
# script DIR SCRIPT OUT [ARGS...]: the same from a script
script() {
	d=$1 s=$2 o=$3
	shift 3
	(cd "$d" && { perl "$s" "$@"; echo "exit $?"; } </dev/null) >"$o"
}

test_expect_success 'setup: the 6.12 tree, a copy with no script' '
	make_get_tree tree &&
	cp -r tree noscript && rm noscript/scripts/get_maintainer.pl &&
	script tree "$OLD" old.expect $ARGS &&
	script tree "$NEW" new.expect $ARGS &&
	test_grep "odd fixer:NETWORKING DRIVERS" old.expect &&
	test_grep "maintainer:NETWORKING DRIVERS" new.expect
'

test_expect_success '6.12 script in the tree: answered as 6.12' '
	answer tree out $ARGS && test_cmp old.expect out &&
	(cd tree && "$MAINT" get --version) >v &&
	test_grep "^answering as get_maintainer.pl of 6.12 (scripts/get_maintainer.pl is of 6.12 or older)$" v
'

test_expect_success 'no script (another project): the newest, as its script' '
	answer noscript out $ARGS && test_cmp new.expect out &&
	(cd noscript && "$MAINT" get --version) >v &&
	test_grep "^answering as get_maintainer.pl of 7.2 (no scripts/get_maintainer.pl here: the newest)$" v &&
	(cd noscript && "$MAINT" get --help) >h &&
	test_grep "^Answering as get_maintainer.pl of 7.2 (no scripts/get_maintainer.pl here: the newest).$" h
'

test_expect_success 'another project, --notree: the newest, as its script' '
	mkdir -p proj/drivers/net/acme &&
	cp tree/MAINTAINERS proj/ &&
	cp tree/drivers/net/acme/main.c proj/drivers/net/acme/ &&
	(cd proj && test_expect_code 2 "$MAINT" get $ARGS 2>../err) &&
	test_grep "does not appear to be a linux kernel source tree" err &&
	answer proj out --notree $ARGS &&
	script proj "$NEW" expect --notree $ARGS &&
	test_grep "maintainer:NETWORKING DRIVERS" expect &&
	test_cmp expect out
'

test_expect_success 'git config maint.generation over the tree'"'"'s script' '
	cp -r tree gitted && cp "$NEW" gitted/scripts/ &&
	git -C gitted init -q &&
	answer gitted out $ARGS && test_cmp new.expect out &&
	git -C gitted config maint.generation 6.12 &&
	answer gitted out $ARGS && test_cmp old.expect out &&
	(cd gitted && "$MAINT" get --version) >v &&
	test_grep "^answering as get_maintainer.pl of 6.12 (git config maint.generation)$" v &&
	git -C gitted config maint.generation upstream &&
	cp "$OLD" gitted/scripts/ &&
	answer gitted out $ARGS && test_cmp new.expect out
'

test_expect_success '--generation over git config' '
	git -C gitted config maint.generation 6.12 &&
	answer gitted out --generation=7.2 $ARGS && test_cmp new.expect out &&
	(cd gitted && "$MAINT" get --generation=7.1 --version) >v &&
	test_grep "^answering as get_maintainer.pl of 7.1 (--generation)$" v
'

test_expect_success 'a maint.generation nobody knows: said, exit as a die' '
	git -C gitted config maint.generation 6.99 &&
	(cd gitted && test_expect_code 255 "$MAINT" get $ARGS >../bad.out \
		2>../bad.err) &&
	! test -s bad.out &&
	test_grep "git config maint.generation: .6.99. is none of 6.12, 6.15, 7.1, 7.2, upstream" bad.err
'

test_expect_success 'maint.generation through an include, a .git file' '
	git -C gitted config --unset maint.generation &&
	cp -r tree wt && git init -q --separate-git-dir="$TRASH/wt.git" wt &&
	test -f wt/.git &&
	answer wt out $ARGS && test_cmp old.expect out &&
	printf "[maint]\n\tgeneration = 7.2\n" >home/gen.inc &&
	git config --global include.path "$HOME/gen.inc" &&
	answer wt out $ARGS && test_cmp new.expect out &&
	answer gitted out $ARGS && test_cmp new.expect out &&
	git config --global --unset include.path &&
	git config --global maint.generation 7.2 &&
	answer gitted out $ARGS && test_cmp new.expect out
'

test_expect_success 'git config maint.generation seen from 1,500 directories down' '
	git init -q deep && git -C deep config maint.generation 6.12 &&
	d=$(printf "d%.0s/" $(seq 1 1500)) && mkdir -p "deep/$d" &&
	mkdir empty-home &&
	(cd "deep/$d" && HOME=$TRASH/empty-home "$MAINT" get --version) >v &&
	test_grep "^answering as get_maintainer.pl of 6.12 (git config maint.generation)$" v
'

test_done
