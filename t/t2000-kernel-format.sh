#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint format against the kernel's own scripts/parse-maintainers.pl
# (Debian linux-source-6.12), run side by side on the real MAINTAINERS
# and on edge-case inputs: every file written, standard output and the
# exit status must be identical.
. "$(dirname "$0")/test-lib.sh"
kernel_tree

SCRIPT=$KERNEL/scripts/parse-maintainers.pl
REAL=$KERNEL/MAINTAINERS

# compare_with_perl SCRIPT INPUT [ARGS...]
# Runs the script and maint format in two fresh directories holding INPUT
# as MAINTAINERS.
compare_with_perl() {
	script=$1 input=$2
	shift 2
	rm -rf perl maint && mkdir perl maint &&
	cp "$input" perl/MAINTAINERS && cp "$input" maint/MAINTAINERS &&
	(cd perl && set +e; perl "$script" "$@" >stdout 2>/dev/null;
	 echo $? >status) &&
	(cd maint && set +e; "$MAINT" format "$@" >stdout 2>/dev/null;
	 echo $? >status) &&
	if ! diff -r perl maint >diff; then
		echo "maint differs from parse-maintainers.pl $*:"
		head -20 diff
		return 1
	fi
}

test_expect_success 'the kernel tree has the script and a large MAINTAINERS' '
	test -f "$SCRIPT" &&
	test "$(wc -l <"$REAL")" -gt 20000
'

test_expect_success 'real MAINTAINERS: default arguments' '
	compare_with_perl "$SCRIPT" "$REAL" &&
	test -s maint/MAINTAINERS.new &&
	! cmp -s maint/MAINTAINERS.new "$REAL"
'

test_expect_success 'real MAINTAINERS: --order' '
	compare_with_perl "$SCRIPT" "$REAL" --order
'

test_expect_success 'real MAINTAINERS: the seed order MRPLSWTQBCFXNK' '
	sed "s/'"'"'MRLSWQBCPTFXNK'"'"'/'"'"'MRPLSWTQBCFXNK'"'"'/" "$SCRIPT" >seed.pl &&
	grep -q MRPLSWTQBCFXNK seed.pl &&
	rm -rf perl maint && mkdir perl maint &&
	(cd perl && perl ../seed.pl --input "$REAL" --order) &&
	(cd maint && "$MAINT" format --input "$REAL" --order=MRPLSWTQBCFXNK) &&
	test_cmp perl/MAINTAINERS.new maint/MAINTAINERS.new &&
	(cd maint && "$MAINT" format --input "$REAL" --order --output o) &&
	! cmp -s maint/o maint/MAINTAINERS.new
'

test_expect_success 'real MAINTAINERS: named files' '
	compare_with_perl "$SCRIPT" "$REAL" --input MAINTAINERS \
		--output sorted --section moved --order USB
'

for re in 'NETWORK' 'F:\s+drivers/gpu/' '^ARM/' '(?i)usb' \
	  'L:\s+linux-media@' '\bTHE REST\b' 'Maintainers List' \
	  'S:\s+Orphan' 'K:' '^[0-9]'; do
	test_expect_success "real MAINTAINERS: section regex '$re' (with --order)" '
		compare_with_perl "$SCRIPT" "$REAL" --order "$re" &&
		test -s maint/SECTION.new
	'
done

test_expect_success 'real MAINTAINERS: several regexes at once' '
	compare_with_perl "$SCRIPT" "$REAL" "^ARM/" "L:\s+netdev@" "X86"
'

test_expect_success 'real MAINTAINERS: the empty regex moves everything' '
	compare_with_perl "$SCRIPT" "$REAL" "" &&
	! test -e maint/MAINTAINERS.new
'

test_expect_success 'real MAINTAINERS: a regex matching nothing' '
	compare_with_perl "$SCRIPT" "$REAL" "^NO SUCH SECTION\$" &&
	! test -e maint/SECTION.new
'

test_expect_success 'real MAINTAINERS: bad regex has the same exit status' '
	compare_with_perl "$SCRIPT" "$REAL" "(" &&
	test "$(cat maint/status)" = 255
'

test_expect_success 'real MAINTAINERS: formatted output passes --check' '
	"$MAINT" format --input "$REAL" --output - --order >canon &&
	"$MAINT" format --check --order --input canon &&
	test_expect_code 1 "$MAINT" format --check --order --input "$REAL" 2>err &&
	test_grep "warning: " err
'

for f in "$FIXTURES"/edge/*; do
	name=$(basename "$f")
	test_expect_success "edge case '$name': same files and status" '
		compare_with_perl "$SCRIPT" "$f" &&
		compare_with_perl "$SCRIPT" "$f" --order &&
		compare_with_perl "$SCRIPT" "$f" --order "A|pre"
	'
done

test_expect_success 'edge cases: the script fails where maint fails' '
	compare_with_perl "$SCRIPT" "$FIXTURES/edge/dup-header" &&
	test "$(cat maint/status)" = 25 &&
	compare_with_perl "$SCRIPT" "$FIXTURES/edge/odd-line" &&
	test "$(cat maint/status)" = 25 &&
	compare_with_perl "$SCRIPT" "$FIXTURES/edge/empty-header" &&
	test "$(cat maint/status)" = 25
'

test_expect_success 'the golden files of t1000 are the script'"'"'s output' '
	G=$FIXTURES/format &&
	rm -rf gold && mkdir gold && cd gold &&
	cp "$EXAMPLES/MAINTAINERS" . &&
	perl "$SCRIPT" && test_cmp "$G/example.sorted" MAINTAINERS.new &&
	perl "$SCRIPT" --order && test_cmp "$G/example.order" MAINTAINERS.new &&
	perl ../seed.pl --order && test_cmp "$G/example.seed-order" MAINTAINERS.new &&
	perl "$SCRIPT" --order "netdev@" TEGRA &&
	test_cmp "$G/example.kept" MAINTAINERS.new &&
	test_cmp "$G/example.moved" SECTION.new &&
	cp "$G/globstar.in" MAINTAINERS &&
	perl "$SCRIPT" && test_cmp "$G/globstar.sorted" MAINTAINERS.new &&
	perl "$SCRIPT" --order && test_cmp "$G/globstar.order" MAINTAINERS.new
'

test_expect_success 'missing input: same exit status as the script' '
	rm -rf perl maint && mkdir perl maint &&
	(cd perl && set +e; perl "$SCRIPT" --input nope 2>/dev/null; echo $? >status) &&
	(cd maint && set +e; "$MAINT" format --input nope 2>/dev/null; echo $? >status) &&
	diff -r perl maint
'

test_expect_success 'case-only ties: the same sections as the script (as sets)' '
	printf "Foo\nM: a\n\nFOO\nM: b\n\nfoo\nM: c\n\nBAR\nM: d\n" >ties &&
	perl "$SCRIPT" --input ties --output perl.out &&
	"$MAINT" format --input ties --output maint.out &&
	awk "BEGIN { RS = \"\" } { gsub(\"\n\", \" \"); print }" perl.out |
		sort >perl.set &&
	awk "BEGIN { RS = \"\" } { gsub(\"\n\", \" \"); print }" maint.out |
		sort >maint.set &&
	test "$(wc -l <maint.set)" = 4 &&
	test_cmp perl.set maint.set &&
	head -2 maint.out | tail -1 | grep -q "M:.d"
'

test_expect_success 'the fuzz inputs kept as the script: each pass is its pass' '
	n=0 &&
	for f in "$SRC_DIR"/t/fuzz/regress/format/*-as-script; do
		for order in "" --order; do
			cp "$f" p0 && cp "$f" m0 &&
			for i in 0 1 2 3 4 5 6 7; do
				j=$((i + 1)) &&
				(perl "$SCRIPT" $order --input p$i --output p$j \
					2>/dev/null; echo $? >p.status) &&
				(set +e; "$MAINT" format $order --input m$i \
					--output m$j 2>/dev/null; echo $? >m.status) &&
				test_cmp p.status m.status &&
				test_cmp p$j m$j ||
				{ echo "$f $order: pass $j"; exit 1; }
			done
		done &&
		n=$((n + 1))
	done &&
	test "$n" -ge 3 &&
	# the indented fields: the fixed point only after the seventh pass
	f=$SRC_DIR/t/fuzz/regress/format/indented-fields-one-a-pass-as-script &&
	cp "$f" p0 &&
	for i in 0 1 2 3 4 5 6 7; do
		perl "$SCRIPT" --input p$i --output p$((i + 1)) || exit 1
	done &&
	! cmp -s p5 p6 && ! cmp -s p6 p7 && cmp -s p7 p8
'

test_done
