#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint export: JSON (the whole file, file:line) and CODEOWNERS (union
# of the covering sections' M:/R: addresses, what cannot be said noted).
. "$(dirname "$0")/test-lib.sh"

EX=$EXAMPLES/MAINTAINERS

# each "file:line: text" of json-to-maintainers.pl's stderr is that line
check_lines() {
	while IFS= read -r l; do
		file=${l%%:*} && rest=${l#*:} && n=${rest%%:*} &&
		want=${rest#*: } &&
		got=$(sed -n "${n}p" "$file" | sed "s/[[:space:]]*\$//") &&
		case $want in
		?:*) got=$(printf "%s" "$got" |
			sed "s/^\(.\):[[:space:]]*/\1:\t/") ;;
		esac &&
		test "$got" = "$want" ||
			{ echo "$file:$n: '$got' not '$want'"; return 1; }
	done <"$1"
}

test_expect_success 'json: valid, versioned, the whole file back' '
	maint export --input "$EX" >ex.json &&
	perl "$TEST_DIRECTORY/json-to-maintainers.pl" ex.json >back 2>lines &&
	sed "s/^\([A-Z]\):[[:space:]]*/\1:\t/; s/[[:space:]]*\$//" "$EX" >expect &&
	test_cmp expect back &&
	test_grep "\"version\": 1" ex.json
'

test_expect_success 'json: every section and field at its file:line' '
	(cd "$EXAMPLES/.." && check_lines "$TRASH/lines") &&
	test "$(wc -l <lines)" -gt 60
'

test_expect_success 'json: --format=json is the default; --output writes a file' '
	maint export --format=json --input "$EX" --output out.json &&
	test_cmp ex.json out.json
'

test_expect_success 'json: bytes that are not UTF-8 still make valid JSON' '
	maint export --input "$FIXTURES/edge/invalid-utf8" >bad.json &&
	perl -MJSON::PP -0777 -e "decode_json(<STDIN>)" <bad.json &&
	test_grep "\\\\ufffd" bad.json
'

test_expect_success 'json: a split directory, with each file named' '
	maint split --by=dir --min=1 --input "$EX" --outdir split >/dev/null &&
	maint export --input split >split.json &&
	perl "$TEST_DIRECTORY/json-to-maintainers.pl" split.json >/dev/null 2>slines &&
	test "$(cut -d: -f1 slines | sort -u | wc -l)" -gt 1 &&
	check_lines slines
'

test_expect_success 'codeowners: anchored patterns, the union of covering sections' '
	maint export --format=codeowners --input "$EX" >CODEOWNERS 2>err &&
	test_grep "^/drivers/net/ethernet/3com/3c59x.c klassert@kernel.org davem@davemloft.net kuba@kernel.org\$" CODEOWNERS &&
	test_grep "^/drivers/of/ robh@kernel.org saravanak@google.com\$" CODEOWNERS &&
	test_grep "^/include/linux/of\*\.h robh@kernel.org" CODEOWNERS &&
	! grep "^[^#/]" CODEOWNERS | grep -v "^\$"
'

test_expect_success 'codeowners: an X: pattern is a line without the excluding section' '
	test_grep "^/drivers/net/ \(.* \)*kuba@kernel.org" CODEOWNERS &&
	test_grep "^/drivers/net/wireless/\$" CODEOWNERS &&
	test "$(grep -n "^/drivers/net/ " CODEOWNERS | cut -d: -f1)" -lt \
	     "$(grep -n "^/drivers/net/wireless/\$" CODEOWNERS | cut -d: -f1)"
'

test_expect_success 'codeowners: the chief penguin left out, as get does' '
	! grep torvalds CODEOWNERS &&
	test_grep "^/\*\$" CODEOWNERS
'

test_expect_success 'codeowners: N: and K: counted on stderr, in comments' '
	echo "maint export: 2 lines cannot be expressed in CODEOWNERS (listed in its comments); 2 N:/K: lines not listed here: use -v" >expect &&
	test_cmp expect err
'

test_expect_success 'codeowners -v: N: and K: reported with file:line, in comments too' '
	maint export --format=codeowners -v --input "$EX" >v 2>err &&
	test_cmp CODEOWNERS v &&
	test "$(wc -l <err)" = 3 &&
	test_grep "MAINTAINERS:45: note: N: \[^a-z\]tegra" err &&
	test_grep "MAINTAINERS:30: note: K: of_overlay_notifier_" err &&
	test_grep "^maint export: 2 lines cannot be expressed in CODEOWNERS (listed in its comments)\$" err &&
	test_grep "^#.*MAINTAINERS:45: N: \[^a-z\]tegra" CODEOWNERS &&
	test_grep "^#.*MAINTAINERS:30: K: of_overlay_notifier_" CODEOWNERS &&
	maint export --format=codeowners --quiet --input "$EX" >q 2>qerr &&
	! test -s qerr && test_cmp CODEOWNERS q
'

test_expect_success 'codeowners: a wildcard last part also gets a directory line' '
	printf "%s\n" "A" "M:	A <a@example.org>" "F:	lib/*" "" \
		"B" "M:	B <b@example.org>" "F:	lib/" >M &&
	maint export --format=codeowners --input M >co 2>/dev/null &&
	test_grep "^/lib/ b@example.org\$" co &&
	test_grep "^/lib/\* a@example.org b@example.org\$" co &&
	test_grep "^/lib/\*/ b@example.org\$" co
'

test_expect_success 'codeowners: regex syntax cannot be a pattern: noted' '
	printf "%s\n" "A" "M:	A <a@example.org>" "F:	drivers/(a|b)/" >R &&
	maint export --format=codeowners --input R >co 2>err &&
	test_grep "^R:3: note: F: drivers/(a|b)/ (A): regex syntax" err &&
	test_grep "^maint export: 1 line cannot be expressed in CODEOWNERS (listed in its comments)\$" err &&
	! grep "^/drivers" co
'

# every line as GitHub's CODEOWNERS documentation allows: a path (no
# "[ ]" range, no "!" negation, no "\#" escape) and owners
github_syntax() {
	! grep -v "^#" "$1" | grep -v "^\$" | grep -v "^/[^ ]*\( [^ ]*@[^ ]*\)*\$" &&
	! grep -v "^#" "$1" | grep "^[^ ]*[][]" &&
	! grep "^[!\\]" "$1"
}

test_expect_success 'codeowners: a character class is one line per alternative' '
	printf "%s\n" "A" "M:	A <a@example.org>" "F:	lib/locking*.[ch]" \
		"F:	drivers/clk/clk-sc[mp]i.c" "F:	x/[a-c]y" "" \
		"B" "M:	B <b@example.org>" "F:	lib/" "F:	y/[*a]" \
		"F:	z/[a-z][a-z]" >C &&
	maint export --format=codeowners --input C >co 2>err &&
	github_syntax co &&
	test_grep "^/lib/locking\*\.c a@example.org b@example.org\$" co &&
	test_grep "^/lib/locking\*\.h a@example.org b@example.org\$" co &&
	test_grep "^/drivers/clk/clk-scmi.c a@example.org\$" co &&
	test_grep "^/drivers/clk/clk-scpi.c a@example.org\$" co &&
	test "$(grep -c "^/x/[abc]y a@example.org\$" co)" = 3 &&
	test_grep "C:10: note: F: y/\[\*a\] (B): character class" err &&
	test_grep "C:11: note: F: z/\[a-z\]\[a-z\] (B): character class" err &&
	test_grep "^#.*C:11: F: z/" co
'

test_expect_success 'codeowners: the example file in GitHub syntax' '
	github_syntax CODEOWNERS
'

test_expect_success 'errors: unknown format, missing input, stray argument' '
	test_expect_code 129 maint export --format=yaml --input "$EX" 2>err &&
	test_grep "json or codeowners" err &&
	test_expect_code 2 maint export --input nonexistent 2>err &&
	test_grep "nonexistent" err &&
	test_expect_code 129 maint export "$EX" 2>err &&
	test_grep "use --input" err
'

test_expect_success '-h: the exit status it gives is the one export exits with' '
	maint export -h >help &&
	test_grep "^Exit status: 0, 2 on an unreadable or malformed input" help
'

test_expect_success 'a failed write: non-zero, nothing half-written' '
	echo old >kept &&
	test_must_fail maint export --input "$EX" --output nodir/kept &&
	! test -e nodir &&
	test_must_fail maint export --input "$EX" >/dev/full &&
	test_must_fail maint export --format=codeowners --input "$EX" \
		--output /dev/full 2>/dev/null
'

# "**" (7.1) is gitignore syntax too: written as it is (a "**" component
# with a '/' after it given one directory more: the script's needs one);
# read by codeowners-utils, no file gets an owner maint get (a tree with
# no script: the newest generation) does not give it, and the files the
# two "**"s tell apart get get's owners.
NODE_DIR=${MAINT_NODE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/maint-node}
G=$FIXTURES/export-globstar
test_expect_success 'codeowners: "**" natively, every owner one get gives' '
	maint export --format=codeowners --input "$G/MAINTAINERS" >gs.co &&
	test_grep "^/fs/ext4/\*\* eve@end.example fay@fs.example\$" gs.co &&
	test_grep "^/\*/\*\*/\*kunit\*\.c sam@start.example\$" gs.co &&
	test_grep "^/drivers/\*/\*\*/netdev\.c alice@middle.example\$" gs.co &&
	(mkdir gs && cd gs && cp "$G/MAINTAINERS" . &&
	 maint get --notree --all - --nogit --nogit-fallback \
		--norolestats --nol --nokeywords --nomailmap \
		--noremove-duplicates <"$G/files") >gs.get &&
	if command -v node >/dev/null &&
	   [ -d "$NODE_DIR/node_modules/codeowners-utils" ]; then
		NODE_PATH=$NODE_DIR/node_modules node \
			"$TEST_DIRECTORY/codeowners-match.js" gs.co \
			<"$G/files" >gs.match &&
		while IFS="	" read -r f owners; do
			for o in $owners; do
				grep "^$f	" gs.get | grep -q "<$o>" ||
				{ echo "$f: $o is no owner get gives"; exit 1; }
			done
		done <gs.match &&
		for f in fs/ext4/sub/dir/x.c lib/a_kunit.c/b.c \
			drivers/gpu/a/b/netdev.c drivers/net/ice/sub/ice_x.h; do
			grep "^$f	" gs.match >m &&
			grep "^$f	" gs.get | grep -o "<[^>]*>" | tr -d "<>" |
				sort >g &&
			cut -f2 m | tr " " "\n" | sort | cmp - g ||
			{ echo "$f: $(cat m)"; exit 1; }
		done
	else
		echo "# no node or codeowners-utils: the lines only"
	fi
'

# issue 24 item 11: people and lists as get --json gives them
test_expect_success 'json: M:/R: name and address, L: address and flags' '
	printf "A SECTION\nM:\t\"David S. Miller\" <davem@davemloft.net>\nR:\tbare@example.org\nL:\tmod@example.org (moderated for non-subscribers)\nL:\tsubs@example.org (subscribers-only)\nL:\topen@example.org\nS:\tMaintained\nF:\tx/\n" >people &&
	maint export --input people >people.json &&
	perl -MJSON::PP -0777 -e "
		my \$j = decode_json(<STDIN>);
		my @f = @{\$j->{sections}[0]{fields}};
		for (@f) { delete \$_->{line}; delete \$_->{value} }
		print JSON::PP->new->canonical->encode(\$_), qq(\n) for @f
	" <people.json >got &&
	cat >want <<-\EOF &&
	{"address":"davem@davemloft.net","name":"David S. Miller","type":"M"}
	{"address":"bare@example.org","name":null,"type":"R"}
	{"address":"mod@example.org","moderated":true,"subscribers_only":false,"type":"L"}
	{"address":"subs@example.org","moderated":false,"subscribers_only":true,"type":"L"}
	{"address":"open@example.org","moderated":false,"subscribers_only":false,"type":"L"}
	{"type":"S"}
	{"type":"F"}
	EOF
	test_cmp want got
'

test_done
