#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint format / move on the shipped example, against golden files that
# are parse-maintainers.pl's own output (t/fixtures/format/).
. "$(dirname "$0")/test-lib.sh"

G=$FIXTURES/format

test_expect_success 'defaults: MAINTAINERS -> MAINTAINERS.new, nothing else' '
	mkdir defaults && cd defaults &&
	cp "$EXAMPLES/MAINTAINERS" . &&
	maint format >../defaults.out 2>../defaults.err &&
	test_cmp "$G/example.sorted" MAINTAINERS.new &&
	test_cmp "$EXAMPLES/MAINTAINERS" MAINTAINERS &&
	! test -e SECTION.new &&
	! test -s ../defaults.out && ! test -s ../defaults.err &&
	test "$(ls -A | wc -l)" = 2
'

test_expect_success '--order sorts fields in the 6.12 order' '
	maint format --input "$EXAMPLES/MAINTAINERS" --output o1 --order &&
	test_cmp "$G/example.order" o1
'

test_expect_success '--order=LETTERS takes the seed order MRPLSWTQBCFXNK' '
	maint format --input "$EXAMPLES/MAINTAINERS" --output o2 \
		--order=MRPLSWTQBCFXNK &&
	test_cmp "$G/example.seed-order" o2 &&
	! cmp -s o1 o2
'

test_expect_success 'regexes move sections to the section file' '
	maint format --input "$EXAMPLES/MAINTAINERS" --output k \
		--section s --order "netdev@" TEGRA &&
	test_cmp "$G/example.kept" k &&
	test_cmp "$G/example.moved" s
'

test_expect_success 'maint move is the same operation' '
	maint move --input "$EXAMPLES/MAINTAINERS" --output k2 \
		--section s2 --order "netdev@" TEGRA &&
	test_cmp "$G/example.kept" k2 &&
	test_cmp "$G/example.moved" s2
'

test_expect_success 'maint move needs a regex' '
	test_expect_code 255 maint move --input "$EXAMPLES/MAINTAINERS" 2>err &&
	test_grep "at least one REGEX" err
'

test_expect_success 'Getopt::Long forms: -input, --noorder, options after args' '
	maint format -input "$EXAMPLES/MAINTAINERS" -output k3 \
		-section s3 "netdev@" --ORDER TEGRA &&
	test_cmp "$G/example.kept" k3 &&
	maint format --input "$EXAMPLES/MAINTAINERS" --output o3 --order \
		--noorder &&
	test_cmp "$G/example.sorted" o3 &&
	maint format --input="$EXAMPLES/MAINTAINERS" --output=o4 --no-order &&
	test_cmp "$G/example.sorted" o4
'

test_expect_success '- reads standard input and writes standard output' '
	maint format --input - --output - --order \
		<"$EXAMPLES/MAINTAINERS" >stdout &&
	test_cmp "$G/example.order" stdout
'

test_expect_success '--in-place rewrites the input and keeps its mode' '
	cp "$EXAMPLES/MAINTAINERS" ip && chmod 640 ip &&
	maint format --input ip --in-place --order &&
	test_cmp "$G/example.order" ip &&
	test "$(stat -c %a ip)" = 640 &&
	! test -e MAINTAINERS.new
'

test_expect_success '--in-place with regexes removes the moved sections' '
	cp "$EXAMPLES/MAINTAINERS" ip2 &&
	maint move --input ip2 --in-place --section moved --order \
		"netdev@" TEGRA &&
	test_cmp "$G/example.kept" ip2 &&
	test_cmp "$G/example.moved" moved
'

test_expect_success '--check passes a canonical file, silently' '
	maint format --check --order --input "$G/example.order" >out 2>err &&
	! test -s out && ! test -s err
'

test_expect_success '--check lists what is out of place with file:line' '
	test_expect_code 1 maint format --check --order \
		--input "$EXAMPLES/MAINTAINERS" 2>err &&
	test_grep "MAINTAINERS:9: warning: section .THE REST. is out of order: it belongs at the end" err &&
	head -1 err | grep -q "MAINTAINERS:9:" &&
	test_grep "MAINTAINERS:33: warning: field line is not in canonical form" err &&
	test_grep "MAINTAINERS:67: warning: .S:.tOdd Fixes. is out of order in section .NETWORKING DRIVERS." err &&
	! test -e MAINTAINERS.new
'

test_expect_success '--check without --order ignores field order' '
	maint format --check --input "$G/example.sorted" &&
	test_expect_code 1 maint format --check --order --input "$G/example.sorted"
'

test_expect_success '--check finds a missing blank line' '
	printf "A\nM:\tx\nB\nM:\ty\n" >tight &&
	test_expect_code 1 maint format --check --input tight 2>err &&
	test_grep "tight:3: warning: no blank line before section .B." err
'

# issue 24 item 4: each layout finding local, named, whatever the order
test_expect_success '--check: CRLF line ends said once, not on every line' '
	sed "s/\$/\r/" "$G/example.order" >crlf &&
	test_expect_code 1 maint format --check --order --input crlf 2>err &&
	test_grep "^crlf:1: warning: CRLF line ends" err &&
	test "$(wc -l <err)" = 1
'

test_expect_success '--check: no newline at the end, said so' '
	printf "A\nM:\tx\nF:\tfoo/" >nonl &&
	test_expect_code 1 maint format --check --input nonl 2>err &&
	test_grep "^nonl:3: warning: no newline at the end of the file" err &&
	test "$(wc -l <err)" = 1
'

test_expect_success '--check: layout findings beside ordering ones' '
	printf "C\nM:\tx\nS:\tMaintained \nB \nM:\ty\n\n\nA\nM:\tz\n" >mixed &&
	test_expect_code 1 maint format --check --input mixed 2>err &&
	test_grep "mixed:3: warning: trailing whitespace\$" err &&
	test_grep "mixed:4: warning: trailing whitespace after section header .B." err &&
	test_grep "mixed:4: warning: no blank line before section .B." err &&
	test_grep "mixed:7: warning: more than one blank line between sections" err &&
	test_grep "mixed:1: warning: section .C. is out of order" err &&
	! grep -q "not in canonical layout" err
'

test_expect_success '--check refuses to be combined with writing' '
	test_expect_code 255 maint format --check FOO 2>err &&
	test_grep "writes nothing" err
'

test_expect_success 'format output is a fixed point' '
	maint format --input "$G/example.order" --output again --order &&
	test_cmp "$G/example.order" again
'

test_expect_success 'a regex matching nothing writes no section file' '
	maint format --input "$EXAMPLES/MAINTAINERS" --output n1 \
		--section n2 "^NO SUCH THING$" &&
	test_cmp "$G/example.sorted" n1 && ! test -e n2
'

test_expect_success 'a regex matching the preamble moves it (script quirk)' '
	maint format --input "$EXAMPLES/MAINTAINERS" --output p1 \
		--section p2 "Maintainers List" &&
	head -1 p2 >first && echo "List of maintainers" >want &&
	test_cmp want first &&
	! grep -q "List of maintainers" p1
'

test_expect_success 'case-only header ties sort in byte order, stably' '
	printf "foo\nM: c\n\nFoo\nM: a\n\nFOO\nM: b\n" >ties &&
	maint format --input ties --output t1 &&
	printf "FOO\nM:\tb\n\nFoo\nM:\ta\n\nfoo\nM:\tc\n" >want &&
	test_cmp want t1
'

# globstar.in: "**" patterns (mainline's 7.1 syntax) among "*", "?"
# and plain ones, sections and fields out of order; globstar.sorted and
# globstar.order are what 6.12's parse-maintainers.pl writes (without and
# with --order): "**" sorts as the bytes it is.
test_expect_success '"**" patterns sort as parse-maintainers.pl sorts them' '
	maint format --input "$G/globstar.in" --output gs1 &&
	test_cmp "$G/globstar.sorted" gs1 &&
	maint format --input "$G/globstar.in" --output gs2 --order &&
	test_cmp "$G/globstar.order" gs2 &&
	maint format --check --order --input "$G/globstar.order"
'

test_done
