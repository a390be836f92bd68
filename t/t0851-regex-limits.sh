#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# N: and K: regexes past PCRE2's compile limits (issue 21, item 8 and
# defect 9), compared with get_maintainer.pl:
# - an 8,000-way alternation (too large for PCRE2 as one pattern) is
#   split and answers as the script does, for files matching its first,
#   a middle and its last branch, and none; also inside a group, and as
#   a K: keyword on a patch;
# - a pattern that cannot be split (one literal past the limit) is
#   reported once with its MAINTAINERS:LINE: and taken as not matching:
#   every other section still answers, as in the script (where it
#   matches nothing).
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"
kernel_tree

alternation() {
	i=1
	while [ $i -le 8000 ]; do
		printf "name%05d|" $i
		i=$((i + 1))
	done
}

test_expect_success 'setup: a small tree with the script' '
	make_get_tree tree &&
	cp "$KERNEL/scripts/get_maintainer.pl" tree/scripts/ &&
	mkdir -p tree/drivers/name00001 tree/drivers/name04321 &&
	echo x >tree/drivers/name00001/a.c &&
	echo x >tree/drivers/name04321/b.c &&
	alternation >alt &&
	cp tree/MAINTAINERS MAINTAINERS.orig
'

# compare FILE...: maint and the script answer alike (and exit 0)
compare() {
	for f in "$@"; do
		(cd tree && perl scripts/get_maintainer.pl --nogit \
			--nogit-fallback -f "$f") >p.out 2>p.err &&
		(cd tree && maint get --nogit --nogit-fallback -f "$f") \
			>m.out 2>m.err || { echo "maint failed: $f"; cat m.err; return 1; }
		# sections at one depth: in Perl's hash order there, so sorted
		sort p.out >p.sorted && sort m.out >m.sorted &&
		test_cmp p.sorted m.sorted || { echo "differs: $f"; return 1; }
		test ! -s m.err || { cat m.err; return 1; }
	done
}

test_expect_success 'an 8,000-way N: alternation: the script'"'"'s answers' '
	{ cat MAINTAINERS.orig &&
	  printf "\nBIG ALT\nM:\tBig <big@x.example>\nS:\tMaintained\nN:\t%sacme\n" \
		"$(cat alt)"; } >tree/MAINTAINERS &&
	compare drivers/net/acme/main.c drivers/name00001/a.c \
		drivers/name04321/b.c kernel/fork.c &&
	(cd tree && maint get --nogit --nogit-fallback -f drivers/name04321/b.c) |
		grep -q "big@x.example" &&
	(cd tree && maint get --nogit --nogit-fallback -f kernel/fork.c) >fork.out &&
	! grep -q "big@x.example" fork.out
'

test_expect_success 'the alternation inside a group: the script'"'"'s answers' '
	{ cat MAINTAINERS.orig &&
	  printf "\nBIG GROUP\nM:\tBig <big@x.example>\nS:\tMaintained\nN:\t^drivers/(%sacme)/\n" \
		"$(cat alt)"; } >tree/MAINTAINERS &&
	compare drivers/net/acme/main.c drivers/name00001/a.c \
		drivers/name04321/b.c kernel/fork.c &&
	(cd tree && maint get --nogit --nogit-fallback -f drivers/name00001/a.c) |
		grep -q "big@x.example"
'

test_expect_success 'an 8,000-way K: keyword on a patch: the script'"'"'s answer' '
	{ cat MAINTAINERS.orig &&
	  printf "\nBIG KEYWORD\nM:\tKey <key@x.example>\nS:\tMaintained\nF:\tnothing/\nK:\t%sacme_magic\n" \
		"$(cat alt)"; } >tree/MAINTAINERS &&
	(cd tree && perl scripts/get_maintainer.pl --nogit --nogit-fallback \
		acme.patch) >p.out &&
	(cd tree && maint get --nogit --nogit-fallback acme.patch) >m.out &&
	test_cmp p.out m.out &&
	grep -q "key@x.example" m.out
'

test_expect_success 'split at the right places: classes, escapes, scoped flags, lookarounds' '
	for pat in "zzz[|]q|ALT|acme\\|x|(?:foo|ac)me/m" \
		   "^(?i:ALT|DRIVERS/GPU)" "(?<=net/)(?:ALT|acme)" \
		   "ALT|(?=drivers/gpu)d" "[[:alpha:]]/(ALT|tegra)/" \
		   "^drivers/(?:ALT|net)/(?:acme|other)/"; do
		p=$(printf "%s" "$pat" | sed "s/ALT/$(cat alt)x/") &&
		{ cat MAINTAINERS.orig &&
		  printf "\nBIG ALT\nM:\tBig <big@x.example>\nS:\tMaintained\nN:\t%s\n" \
			"$p"; } >tree/MAINTAINERS &&
		compare drivers/net/acme/main.c drivers/net/other/other.c \
			drivers/gpu/tegra/tegra_drm.c kernel/fork.c ||
			{ echo "pattern: $pat"; exit 1; }
	done
'

test_expect_success 'a pattern that cannot be split: said once with its line, a non-match' '
	lit=$(head -c 70000 /dev/zero | tr "\0" "q") &&
	{ cat MAINTAINERS.orig &&
	  printf "\nHUGE LITERAL\nM:\tHuge <huge@x.example>\nS:\tMaintained\nN:\t%s\n" \
		"$lit"; } >tree/MAINTAINERS &&
	line=$(wc -l <tree/MAINTAINERS) &&
	for f in drivers/net/acme/main.c kernel/fork.c; do
		(cd tree && perl scripts/get_maintainer.pl --nogit \
			--nogit-fallback -f "$f") >p.out &&
		(cd tree && maint get --nogit --nogit-fallback -f "$f") \
			>m.out 2>m.err &&
		test_cmp p.out m.out &&
		test "$(wc -l <m.err)" = 1 &&
		test_grep "MAINTAINERS:$line: N: regex exceeds PCRE2.s compile limits" m.err ||
			exit 1
	done &&
	(cd tree && find . -type f ! -path "./scripts/*" |
		sed "s|^\./||") >files &&
	(cd tree && maint get --nogit --nogit-fallback --all - <../files) \
		>all.out 2>all.err &&
	test "$(grep -c "compile limits" all.err)" = 1 &&
	grep -q "ann@acme.example" all.out
'

test_done
