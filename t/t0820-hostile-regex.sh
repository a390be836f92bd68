#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Regex cost bounded per run, compared with the script where it answers:
# - an M: address with an unclosed quote: the RFC 822 regexes give the
#   script's answers (its own functions on 20,000 generated addresses)
#   without their exponential backtracking;
# - a catastrophic N: pattern over every file of the kernel tree: get
#   --all ends, reports the pattern once with its place, and answers as
#   the script does when the pattern does not match.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"
kernel_tree

test_expect_success 'setup: a small tree with the script' '
	make_get_tree tree &&
	cp "$KERNEL/scripts/get_maintainer.pl" tree/scripts/ &&
	sp=$(head -c 60 /dev/zero | tr "\0" " ") &&
	{
		cat tree/MAINTAINERS
		for q in "\"Open${sp}Quote <q1@x.example>" \
			 "\"Open\\\"${sp}Esc <q2@x.example>" \
			 "Name \"${sp}\" <q3@x.example>" \
			 "\"${sp}<q4@x.example>, \"${sp}b <q5@x.example>" \
			 "(comment${sp} <q6@x.example>" \
			 "A${sp}B${sp}C <q7@x.example>" \
			 "\"Tab	${sp}	\" <q8@x.example>"; do
			printf "\nQUOTE %s\nM:\t%s\nS:\tMaintained\nF:\tdrivers/net/acme/\n" \
				"${#q}" "$q"
		done
	} >tree/M.quotes
'

test_expect_success 'unclosed quotes before many spaces: answered, no limit hit' '
	# the script itself backtracks exponentially here (20 spaces take
	# it minutes): the generated comparison below checks the answers
	cd tree &&
	maint get --mpath M.quotes -f drivers/net/acme/main.c \
		>maint.out 2>maint.err &&
	test_grep "q7@x.example" maint.out &&
	! grep -i "limit" maint.err
'

test_expect_success 'RFC 822 lists: the script'"'"'s answer on 20,000 generated addresses' '
	perl "$TEST_DIRECTORY/rfc822-split.pl" --gen 20000 7 >addrs &&
	printf "%s\n" "\"Last, First <a@b.example>" \
		"A <a@b.example>, B <b@c.example>" >>addrs &&
	perl "$TEST_DIRECTORY/rfc822-split.pl" \
		"$KERNEL/scripts/get_maintainer.pl" <addrs >perl.out &&
	"$SRC_DIR/t/unit/test-rfc822" <addrs >maint.out &&
	test_cmp perl.out maint.out &&
	test "$(grep -c " 1\$" maint.out)" -gt 100
'

test_expect_success 'RFC 822: an unclosed quote before 5,000 spaces is cheap' '
	# exponential before (20 spaces took seconds, as in the script)
	sp=$(head -c 5000 /dev/zero | tr "\0" " ") &&
	printf "\"Open%s, x <q@x.example>\n" "$sp" >open &&
	timeout 10 "$SRC_DIR/t/unit/test-rfc822" <open >open.out &&
	test "$(cat open.out)" = " 0"
'

test_expect_success 'a catastrophic N: over the kernel tree: reported once, a non-match' '
	(cd "$KERNEL" && git ls-files 2>/dev/null || find . -type f | sed "s|^\./||") |
		grep -v "^\.maint" | sort >files &&
	cp "$KERNEL/MAINTAINERS" M.bad &&
	printf "\nSLOW PATTERN\nM:\tSlow <slow@x.example>\nS:\tMaintained\nN:\t^(([a-z0-9/._-])+)+/\$\n" >>M.bad &&
	line=$(wc -l <M.bad) &&
	cp "$KERNEL/MAINTAINERS" M.none &&
	printf "\nSLOW PATTERN\nM:\tSlow <slow@x.example>\nS:\tMaintained\n" >>M.none &&
	timeout 300 maint get --notree --mpath M.bad --all - <files >bad.out 2>bad.err &&
	maint get --notree --mpath M.none --all - <files >none.out &&
	test_cmp none.out bad.out &&
	test "$(grep -c "limit" bad.err)" = 1 &&
	test_grep "M.bad:$line:.*(\[a-z0-9/._-\])" bad.err
'

test_expect_success 'F: patterns that are regexes (alternation, {0}): the script'"'"'s answers' '
	rm -rf rx && make_get_tree rx &&
	cp "$KERNEL/scripts/get_maintainer.pl" rx/scripts/ &&
	printf "\nALT SECTION\nM:\tAlt <alt@x.example>\nS:\tMaintained\nF:\tzz|\n" \
		>>rx/MAINTAINERS &&
	printf "\nQUANT SECTION\nM:\tQuant <q@x.example>\nS:\tMaintained\nF:\tz{0}drivers/gpu/tegra/\n" \
		>>rx/MAINTAINERS &&
	printf "\nGROUP SECTION\nM:\tGroup <g@x.example>\nS:\tMaintained\nF:\tkernel/(x|f)ork.c\n" \
		>>rx/MAINTAINERS &&
	(cd rx && find . -type f ! -path "./scripts/*" | sed "s|^\./||" |
		sort) >rx.files &&
	n=0 &&
	while read -r f; do
		(cd rx && perl scripts/get_maintainer.pl --nogit --nogit-fallback \
			-f "$f") >p.out 2>&1 &&
		(cd rx && maint get --nogit --nogit-fallback -f "$f") >m.out 2>&1 &&
		test_cmp p.out m.out || { echo "differs: $f"; exit 1; }
		if grep -q "alt@x.example" m.out; then n=$((n + 1)); fi
	done <rx.files &&
	# "zz|" matches every top-level file; the others one file each
	test "$n" -ge 5 &&
	(cd rx && maint get --nogit --nogit-fallback -f drivers/gpu/tegra/tegra_drm.c) |
		grep -q "q@x.example" &&
	(cd rx && maint get --nogit --nogit-fallback -f kernel/fork.c) |
		grep -q "g@x.example" &&
	(cd rx && maint get --nogit --nogit-fallback --nomultiline --all - <../rx.files) \
		>all.out &&
	grep -c "alt@x.example" all.out >alt.count &&
	test "$(cat alt.count)" = "$n"
'

test_done
