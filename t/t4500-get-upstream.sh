#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get on an upstream-generation tree: the 6.12 tree (read-only, as
# links) with mainline's script of the 7.2 cycle in scripts/ (the fixture
# t/fixtures/upstream/get_maintainer.pl) and a MAINTAINERS with "**"
# patterns added, compared byte for byte with that script: roles
# decoupled from S:, --substatus (and its terminal default), "**" in F:
# and X:, --json.  Where Perl's hash order decides, every output the
# script gives over several seeds is accepted (and its tie-broken copy,
# as t/getcmp.sh makes it).  The same tree answered as 6.12 with
# --generation=6.12 is compared with the 6.12 script.
. "$(dirname "$0")/test-lib.sh"
kernel_tree

UP=$TRASH/uptree4500
SAMPLE=${MAINT_GET_SAMPLE:-100}
CMP_DIR=$UP
. "$TEST_DIRECTORY/lib-getcmp.sh"

# the double encoding of upstream's JSON line undone (only that line)
undouble() {
	perl -MEncode -pe '$_ = decode("UTF-8", $_) if /^\{"(bug|maintainers)"/'
}

# seedcmp ARGS...: in $UP, maint get ARGS against the script over seeds
# 0..5 and its tie-broken copy; "same ARGS" or "DIFF ARGS"
seedcmp() {
	(cd "$UP" && maint get "$@" 2>/dev/null; echo "exit $?") >m.out </dev/null
	for s in 0 1 2 3 4 5 ties; do
		if [ $s = ties ]; then
			(cd "$UP" && perl "$OUT/get_maintainer-ties.pl" "$@" 2>/dev/null;
			 echo "exit $?") </dev/null | undouble >p.out
		else
			(cd "$UP" && PERL_HASH_SEED=$s PERL_PERTURB_KEYS=0 \
				perl scripts/get_maintainer.pl "$@" 2>/dev/null;
			 echo "exit $?") </dev/null | undouble >p.out
		fi
		if cmp -s p.out m.out; then
			echo "same $*"
			return 0
		fi
	done
	echo "DIFF $*"
	diff p.out m.out | head -10
}

# ttycmp ARGS...: the same under a pseudo-terminal (script -qec)
ttycmp() {
	(cd "$UP" && script -qec "maint get $*" /dev/null) >m.out </dev/null
	for s in 0 1 2 3 4 5; do
		(cd "$UP" && PERL_HASH_SEED=$s PERL_PERTURB_KEYS=0 \
			script -qec "perl scripts/get_maintainer.pl $*" /dev/null) \
			>p.out </dev/null
		if cmp -s p.out m.out; then
			echo "same tty $*"
			return 0
		fi
	done
	echo "DIFF tty $*"
	diff p.out m.out | head -10
}

test_expect_success 'an upstream-generation copy of the 6.12 tree' '
	mkdir "$UP" &&
	for f in "$KERNEL"/* "$KERNEL"/.[!.]*; do
		b=${f##*/}
		case $b in
		scripts|MAINTAINERS|.maint-extracted) ;;
		*) ln -s "$f" "$UP/$b" ;;
		esac
	done &&
	mkdir "$UP/scripts" &&
	for f in "$KERNEL"/scripts/*; do ln -s "$f" "$UP/scripts/"; done &&
	rm "$UP/scripts/get_maintainer.pl" &&
	cp "$FIXTURES/upstream/get_maintainer.pl" "$UP/scripts/" &&
	cp "$KERNEL/MAINTAINERS" "$UP/MAINTAINERS" &&
	cat >>"$UP/MAINTAINERS" <<-\EOF &&

	DOUBLESTAR AT THE START
	M:	Sam Start <sam@start.example>
	S:	Supported
	F:	**/*kunit*.c

	DOUBLESTAR IN THE MIDDLE
	M:	Alice Middle <alice@middle.example>
	S:	Maintained
	F:	drivers/**/netdev.c

	DOUBLESTAR AT THE END
	M:	Eve End <eve@end.example>
	S:	Odd Fixes
	F:	fs/ext4/**

	DOUBLESTAR IN X
	M:	Bob Exclude <bob@exclude.example>
	S:	Maintained
	F:	drivers/net/ethernet/intel/
	X:	drivers/**/e1000e/*

	DOUBLESTAR BESIDE A QUESTION MARK
	M:	Quinn Question <quinn@question.example>
	R:	Rae Review <rae@review.example>
	S:	Orphan
	F:	drivers/net/ethernet/intel/i?e/**/*.h
	EOF
	(cd "$UP" && maint get --version) >version &&
	grep -q "^answering as get_maintainer.pl of 7.2 (scripts/get_maintainer.pl has --json)" version
'

test_expect_success 'the generation: the script, --generation, none' '
	(cd "$KERNEL" && maint get --version) >v612 &&
	grep -q "of 6.12 (scripts/get_maintainer.pl is of 6.12 or older)" v612 &&
	(cd "$UP" && maint get --generation=6.15 --version) >v615 &&
	grep -q "of 6.15 (--generation)" v615 &&
	mkdir -p gen615/scripts &&
	grep -vF -e json -e "\(\?:" "$FIXTURES/upstream/get_maintainer.pl" \
		>gen615/scripts/get_maintainer.pl &&
	(cd gen615 && maint get --version) >v615b &&
	grep -q "of 6.15 (scripts/get_maintainer.pl has --substatus)" v615b &&
	(cd / && maint get --version) >vnone &&
	grep -q "no scripts/get_maintainer.pl here" vnone &&
	(cd "$UP" && maint get --help) >help &&
	grep -q "^Answering as get_maintainer.pl of 7.2" help &&
	test_expect_code 255 maint get --generation=5.0 --version
'

test_expect_success 'the file list: a sample, and the files "**" patterns reach' '
	(cd "$KERNEL" && find . -type f ! -name .maint-extracted | sed "s|^\./||") |
		sort >allfiles &&
	shuf -n "$SAMPLE" --random-source=<(yes maint) allfiles >sample &&
	head -20 sample >small20 &&
	{ grep "kunit.*\.c$" allfiles | head -6
	  grep "^drivers/.*/netdev\.c$" allfiles
	  grep "^fs/ext4/" allfiles | head -4
	  grep "^drivers/net/ethernet/intel/e1000e/" allfiles | head -4
	  grep "^drivers/net/ethernet/intel/i.e/.*\.h$" allfiles | head -3
	  grep "^drivers/net/ethernet/intel/ice/devlink/.*\.h$" allfiles
	  echo fs/ext4/
	  echo drivers/net/ethernet/intel/e1000e/
	} >dstar &&
	test "$(wc -l <dstar)" -gt 20
'

test_expect_success "$SAMPLE files, default options: identical" '
	: >results && compare_list sample -f && check_results "$SAMPLE"
'

test_expect_success '"**" at the start, middle, end, in X:, beside ?: identical' '
	: >results && compare_list dstar -f &&
	compare_list dstar --nogit-fallback --sections -f &&
	check_results 40 &&
	(cd "$UP" && maint get -f drivers/net/ethernet/intel/e1000e/netdev.c) >ns &&
	grep -q "Alice Middle" ns && ! grep -q "Bob Exclude" ns
'

for opt in "--substatus" "--substatus --sections" \
	   "--substatus --letters=MS" "--roles --norolestats --substatus" \
	   "--substatus --nom --nor" "--scm --status --subsystem --substatus" \
	   "--no-substatus --scm" "--substatus --separator |" \
	   "--pattern-depth=1 --substatus"; do
	test_expect_success "20 files and the \"**\" files with $opt: identical" '
		: >results && compare_list small20 $opt -f &&
		compare_list dstar $opt -f && check_results 40
	'
done

test_expect_success '--json: one line, upstream schema, UTF-8 once' '
	: >results &&
	for f in drivers/iio/adc/ad7380.c drivers/net/ethernet/3com/3c59x.c \
		 drivers/net/ethernet/intel/e1000e/netdev.c MAINTAINERS \
		 drivers/power/supply/ab8500_btemp.c lib/kunit/test.c; do
		for o in "" "--scm --status --substatus --norolestats" \
			 "--web --bug --subsystem --status --scm" "--non" \
			 "--roles --norolestats" "--separator , --nomultiline" \
			 "--noremove-duplicates"; do
			seedcmp --json $o -f $f >>results
		done
	done &&
	cat results && ! grep -q "^DIFF" results &&
	(cd "$UP" && maint get --json -f drivers/iio/adc/ad7380.c) >utf8 &&
	test "$(wc -l <utf8)" = 1 && grep -q "Nuno S$(printf "\\303\\241")" utf8
'

test_expect_success '--maint-json is the JSON of before (t4310 schema)' '
	(cd "$UP" && maint get --maint-json -f fs/ext4/inode.c) >mj &&
	(cd "$KERNEL" && maint get --json -f fs/ext4/inode.c) >mj612 &&
	grep -q "\"version\"" mj612 && grep -q "\"version\"" mj
'

test_expect_success 'on a terminal: --substatus is on with roles (script -qec)' '
	: >results &&
	for f in drivers/net/ethernet/3com/3c59x.c \
		 drivers/power/supply/ab8500_btemp.c \
		 drivers/net/ethernet/intel/e1000e/netdev.c; do
		for o in "" "--norolestats" "--sections" "--nosubstatus" "--json" \
			 "--noemail --status"; do
			ttycmp $o -f $f >>results
		done
	done &&
	cat results && ! grep -q "^DIFF" results &&
	(cd "$UP" && script -qec "maint get -f drivers/net/ethernet/3com/3c59x.c" \
		/dev/null) >tty.out &&
	grep -q "3C59X NETWORK DRIVER status: Odd Fixes" tty.out
'

test_expect_success 'real patches (6.1 -> 6.12 diffs): identical' '
	OLD=${MAINT_OLD_KERNEL_DIR:-$(dirname "$KERNEL")/linux-source-6.1} &&
	if [ ! -d "$OLD/drivers" ]; then
		echo "no 6.1 tree at $OLD" && exit 1
	fi &&
	"$TEST_DIRECTORY/make-patches.sh" "$OLD" "$KERNEL" patches &&
	ls -S "$PWD"/patches/* | tail -8 >smallpatches &&
	: >results && compare_list smallpatches &&
	compare_list smallpatches --substatus &&
	compare_list smallpatches --scm --status --substatus --sections &&
	check_results 24 &&
	: >results &&
	for p in $(cat smallpatches); do seedcmp --json "$p" >>results; done &&
	cat results && ! grep -q "^DIFF" results
'

test_expect_success 'the same tree as 6.12 (--generation=6.12): the 6.12 script' '
	cp "$KERNEL/scripts/get_maintainer.pl" get_maintainer-612.pl &&
	: >results &&
	while read -r f; do
		(cd "$UP" && perl "$TRASH/get_maintainer-612.pl" -f "$f" 2>/dev/null;
		 echo "exit $?") >p612 </dev/null
		(cd "$UP" && maint get --generation=6.12 -f "$f" 2>/dev/null;
		 echo "exit $?") >m612 </dev/null
		if cmp -s p612 m612; then echo "same $f"; else echo "DIFF $f"; fi
	done <dstar >>results &&
	! grep -q "^DIFF" results &&
	(cd "$UP" && maint get --generation=6.12 \
		-f drivers/net/ethernet/intel/e1000e/netdev.c) >old &&
	grep -q "Bob Exclude" old && ! grep -q "Alice Middle" old
'

test_expect_success 'a 6.12 tree: --substatus is an unknown option, as there' '
	mkdir -p "$TRASH/cmp612" &&
	(cd "$KERNEL" && "$GC" "$TRASH/cmp612" --substatus -f README &&
	 "$GC" "$TRASH/cmp612" --nosubstatus -f README) >results &&
	check_results 2 &&
	test_expect_code 255 sh -c "cd \"$KERNEL\" && maint get --substatus -f README"
'

test_done
