#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A '#' comment line inside a section: get_maintainer.pl skips it,
# parse-maintainers.pl takes it for a section header (or stops at it).
# maint check says so once, at the comment, and nothing about the pieces
# the comment would make (no-email, no-status, no-pattern, layout,
# section-order); check --self-test and format stay the scripts'.  A
# small fixture, and slices of U-Boot's MAINTAINERS (ARM ROCKCHIP,
# ONENAND: t/fixtures/uboot-comments/README).
. "$(dirname "$0")/test-lib.sh"

U=$FIXTURES/uboot-comments

cat >M.small <<'IN'
ALPHA DRIVER
M:	A <a@example.org>
S:	Maintained
# the files
F:	alpha/

BETA DRIVER
M:	B <b@example.org>
# B is away
# until May
S:	Maintained
F:	beta/

GAMMA DRIVER
# M:	G <g@example.org>
S:	Orphan
F:	gamma/

THE REST
M:	L <l@example.org>
S:	Buried alive in reporters
F:	*
F:	*/
IN

mkdir tree && (
	cd tree && mkdir alpha beta gamma &&
	touch alpha/a.c beta/b.c gamma/g.c top.c &&
	cp ../M.small MAINTAINERS &&
	git init -q -b master && git add -A &&
	git -c user.name=T -c user.email=t@example.org commit -qm tree
) || exit 1

# the lines of the findings of check (file:line: kind [id]) in out
findings() {
	sed -n "s/^\([^:]*:[0-9]*\): \([a-z]*\): .*\[\([a-z-]*\)\]$/\1 \2 \3/p" "$1"
}

test_expect_success 'one odd-line finding at each comment, nothing else' '
	(cd tree && test_expect_code 1 maint check >../out 2>../err) &&
	findings out >got &&
	printf "%s\n" "MAINTAINERS:4 error odd-line" \
		"MAINTAINERS:9 error odd-line" "MAINTAINERS:10 error odd-line" \
		"MAINTAINERS:15 error odd-line" >expect &&
	test_cmp expect got &&
	test "$(wc -l <out)" = 4 &&
	test_grep "^MAINTAINERS:4: .*comment .# the files. inside section .ALPHA DRIVER. is not a field: get_maintainer.pl skips it, format (parse-maintainers.pl) takes it for a section header and splits the section there" out &&
	test_grep "^MAINTAINERS:9: .*stops at it as an odd line" out &&
	test_grep "^MAINTAINERS:15: .*after the header of section .GAMMA DRIVER..*stops at the header" out
'

test_expect_success 'order findings after a comment: the file'"'"'s line numbers' '
	mkdir -p swap && (
		cd swap && mkdir alpha beta gamma && touch alpha/a beta/b gamma/g &&
		sed -n "1,/^\$/p" ../M.small >MAINTAINERS &&
		printf "ZETA DRIVER\nM:\tZ <z@example.org>\nS:\tMaintained\nF:\tgamma/\n\n" >>MAINTAINERS &&
		printf "BETA DRIVER\nM:\tB <b@example.org>\nF:\tbeta/\nS:\tMaintained\n\n" >>MAINTAINERS &&
		sed -n "/^THE REST/,\$p" ../M.small >>MAINTAINERS &&
		test_expect_code 1 maint check >../out 2>/dev/null
	) &&
	grep "section-order\|field-order" out >order &&
	test "$(wc -l <order)" = 2 &&
	sed -n "s/^MAINTAINERS:\([0-9]*\): .*section .\(.*\). is out of order: it belongs before .\(.*\). (line \([0-9]*\)).*/\1|\2|\4|\3/p" order >got &&
	test "$(wc -l <got)" = 1 &&
	IFS="|" read -r at hdr line before <got &&
	test "$(sed -n "${at}p" swap/MAINTAINERS)" = "$hdr" &&
	test "$(sed -n "${line}p" swap/MAINTAINERS)" = "$before" &&
	test_grep "^MAINTAINERS:14: .*F:..beta/. is out of order" order
'

kernel_tree
SCRIPTS=$KERNEL/scripts

test_expect_success 'check --self-test=sections is still the script'"'"'s' '
	(cd tree && maint check --self-test=sections >../st.maint &&
	 perl "$SCRIPTS/get_maintainer.pl" --self-test=sections >../st.perl) &&
	test_cmp st.perl st.maint &&
	test_grep "section without status" st.maint
'

# format_as_script INPUT: maint format and parse-maintainers.pl, each in
# a directory of its own, leave the same files and exit status
format_as_script() {
	rm -rf perl maint && mkdir perl maint &&
	cp "$1" perl/MAINTAINERS && cp "$1" maint/MAINTAINERS &&
	(cd perl && set +e; perl "$SCRIPTS/parse-maintainers.pl" \
		>stdout 2>/dev/null; echo $? >status) &&
	(cd maint && set +e; maint format >stdout 2>/dev/null;
	 echo $? >status) &&
	diff -r perl maint
}

test_expect_success 'format is parse-maintainers.pl on them (it splits, it dies)' '
	format_as_script M.small &&
	test "$(cat perl/status)" != 0 &&
	sed "/^BETA/,/^\$/d; /^GAMMA/,/^\$/d" M.small >M.one &&
	format_as_script M.one &&
	test "$(cat perl/status)" = 0 &&
	test "$(head -n 1 perl/MAINTAINERS.new)" = "# the files" &&
	format_as_script "$U/MAINTAINERS.rockchip" &&
	test "$(cat perl/status)" = 0 &&
	format_as_script "$U/MAINTAINERS.onenand" &&
	test "$(cat perl/status)" != 0
'

test_expect_success 'U-Boot'"'"'s ARM ROCKCHIP: four comments, four findings' '
	mkdir -p rk && cp "$U/MAINTAINERS.rockchip" rk/MAINTAINERS &&
	(cd rk && test_expect_code 1 maint check --skip=no-file-matches \
		>../out 2>/dev/null) &&
	findings out >all &&
	{ grep -v " odd-line$\| field-order$\| useless-exclude$" all \
		>unexpected || :; } &&
	test_cmp /dev/null unexpected &&
	grep " odd-line$" all >got &&
	printf "MAINTAINERS:%s error odd-line\n" 34 38 40 45 >expect &&
	test_cmp expect got
'

test_expect_success 'U-Boot'"'"'s ONENAND: the commented-out M:, not its header' '
	mkdir -p on && cp "$U/MAINTAINERS.onenand" on/MAINTAINERS &&
	(cd on && test_expect_code 1 maint check --skip=no-file-matches \
		>../out 2>/dev/null) &&
	findings out | grep " odd-line$" >got &&
	echo "MAINTAINERS:7 error odd-line" >expect &&
	test_cmp expect got &&
	test_grep "after the header of section .ONENAND." out &&
	! grep "section .ONENAND. has no\|no-email" out
'

test_done
