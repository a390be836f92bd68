#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint format on bad input: clear file:line messages, the script's exit
# status, and no output file created, truncated or half-written.
. "$(dirname "$0")/test-lib.sh"

G=$FIXTURES/format

# A previous output that must survive every failure untouched.
setup_old_output() {
	echo "old output" >MAINTAINERS.new &&
	cp MAINTAINERS.new old.expect
}

test_expect_success 'duplicate header: file:line, exit 25, output untouched' '
	printf "intro\n\nFOO\nM: a\n\nBAR\nM: b\n\nFOO\nM: c\n" >MAINTAINERS &&
	setup_old_output &&
	test_expect_code 25 maint format 2>err &&
	test_grep "^MAINTAINERS:9: error: duplicate section header .FOO. (first at line 3)" err &&
	test_cmp old.expect MAINTAINERS.new &&
	! test -e SECTION.new
'

test_expect_success 'odd non-pattern line: file:line, exit 25' '
	printf "FOO\nM: a\n  continued\n\nBAR\nM: b\n" >odd &&
	test_expect_code 25 maint format --input odd --output o 2>err &&
	test_grep "^odd:3: error: odd non-pattern line .continued. in section .FOO. (not a field .X:<TAB>value., nor a header followed by one)\$" err &&
	! test -e o
'

test_expect_success 'a leftover conflict marker is named as one' '
	printf "FOO\nM: a\n=======\n>>>>>>> theirs\n" >marker &&
	test_expect_code 25 maint format --input marker --output o 2>err &&
	test_grep "^marker:3: error: odd non-pattern line .=======. in section .FOO. (a leftover merge conflict marker)\$" err &&
	! test -e o
'

test_expect_success 'missing input: errno exit status (2), message names it' '
	test_expect_code 2 maint format --input nonexistent --output o 2>err &&
	test_grep "nonexistent: error: cannot read: No such file or directory" err &&
	! test -e o
'

test_expect_success 'unreadable input (I/O error) fails cleanly' '
	test_must_fail maint format --input /proc/self/mem --output o 2>err &&
	test_grep "/proc/self/mem: error: cannot read" err &&
	! test -e o
'

test_expect_success 'unreadable input (permissions) fails with EACCES (13)' '
	if [ "$(id -u)" = 0 ]; then
		echo "root reads everything; checked through setpriv" &&
		printf "A\nM: x\n" >secret && chmod 000 secret &&
		if command -v setpriv >/dev/null; then
			test_expect_code 13 setpriv --reuid=65534 --regid=65534 \
				--clear-groups "$MAINT" format --input "$PWD/secret" \
				--output - 2>err &&
			test_grep "Permission denied" err
		fi
	else
		printf "A\nM: x\n" >secret && chmod 000 secret &&
		test_expect_code 13 maint format --input secret --output o 2>err &&
		test_grep "Permission denied" err && ! test -e o
	fi
'

test_expect_success 'output path is a directory: error, nothing written' '
	mkdir outdir &&
	test_must_fail maint format --input "$EXAMPLES/MAINTAINERS" \
		--output outdir 2>err &&
	test_grep "outdir: cannot write: Is a directory" err &&
	test -d outdir && test "$(ls -A outdir | wc -l)" = 0 &&
	test "$(ls -A | grep -c maint-)" = 0
'

test_expect_success 'a symlinked output: the file it names is replaced, the link stays' '
	echo old >real && ln -s real link &&
	maint format --input "$EXAMPLES/MAINTAINERS" --output link &&
	test -L link && test_cmp "$FIXTURES/format/example.sorted" real
'

test_expect_success 'a FIFO as output is written to, not replaced' '
	mkfifo fifo &&
	{ cat fifo >from-fifo & } &&
	maint format --input "$EXAMPLES/MAINTAINERS" --output fifo &&
	wait &&
	test -p fifo && test_cmp "$FIXTURES/format/example.sorted" from-fifo
'

test_expect_success 'a device as output is written to, not replaced (as root)' '
	if [ "$(id -u)" = 0 ] && mknod nulldev c 1 3 2>/dev/null; then
		maint format --input "$EXAMPLES/MAINTAINERS" --output nulldev &&
		test -c nulldev
	else
		echo "cannot make a device node here: skipped"
	fi
'

test_expect_success 'output in a missing directory: errno 2, no file' '
	test_expect_code 2 maint format --input "$EXAMPLES/MAINTAINERS" \
		--output no/such/dir/out 2>err &&
	test_grep "no/such/dir/out: cannot write" err
'

test_expect_success 'second output failing leaves the first untouched too' '
	setup_old_output &&
	test_must_fail maint format --input "$EXAMPLES/MAINTAINERS" \
		--section no/such/dir/s TEGRA 2>err &&
	test_cmp old.expect MAINTAINERS.new
'

test_expect_success 'empty file: empty output, as the script writes' '
	: >empty &&
	maint format --input empty --output e.out &&
	test -e e.out && ! test -s e.out
'

test_expect_success 'CRLF line endings: normalised exactly as the script does' '
	printf "pre\r\n\r\nFOO \r\nM:  a b \r\nF:\tz\r\n\r\nBAR\r\nM: b\r\n\r\n" >crlf &&
	maint format --input crlf --output c.out --order &&
	printf "pre\r\n\r\nBAR\nM:\tb\n\r\n\nFOO\nM:\ta b\nF:\tz\n" >c.expect &&
	test_cmp c.expect c.out
'

test_expect_success 'no final newline' '
	printf "B\nM: x\n\nA\nF: y" >nonl &&
	maint format --input nonl --output n.out &&
	printf "A\nF:\ty\n\nB\nM:\tx\n" >n.expect &&
	test_cmp n.expect n.out
'

test_expect_success 'very long lines (4 MiB header, 4 MiB value)' '
	head -c 4194304 /dev/zero | tr "\0" "h" >long.h &&
	head -c 4194304 /dev/zero | tr "\0" "v" >long.v &&
	{ cat long.h; echo; printf "M: "; cat long.v; echo; } >long &&
	maint format --input long --output l.out &&
	{ cat long.h; echo; printf "M:\t"; cat long.v; echo; } >l.expect &&
	test_cmp l.expect l.out
'

test_expect_success 'NUL bytes are data, kept byte for byte' '
	printf "B\000X\nM: a\000b\n\nA\nM: c\n" >nul &&
	maint format --input nul --output nul.out &&
	printf "A\nM:\tc\n\nB\000X\nM:\ta\000b\n" >nul.expect &&
	test_cmp nul.expect nul.out
'

test_expect_success 'invalid UTF-8 is data, kept byte for byte' '
	printf "\377\376 B\nM: \303(\n\nA\nM: c\n" >bad8 &&
	maint format --input bad8 --output b.out &&
	printf "A\nM:\tc\n\n\377\376 B\nM:\t\303(\n" >b.expect &&
	test_cmp b.expect b.out
'

test_expect_success 'invalid regex: exit 255 with the reason, nothing written' '
	test_expect_code 255 maint format --input "$EXAMPLES/MAINTAINERS" \
		--output r.out "(" 2>err &&
	test_grep "invalid regex .(.: missing closing parenthesis at offset 1" err &&
	! test -e r.out
'

test_expect_success 'hostile regex: reported once at its limit, then a non-match (as the script)' '
	{ for i in 1 2 3; do head -c 40 /dev/zero | tr "\0" a; echo "b$i";
	  echo "M: x"; echo; done; } >hostile &&
	timeout 20 maint format --input hostile --output h.out \
		--section h.sec "(a|aa)+\$" 2>err &&
	test_grep "regex .(a|aa)+\\$.: match limit exceeded on section .a*b1.; treated as not matching" err &&
	test "$(wc -l <err)" = 1 &&
	! test -e h.sec &&
	maint format --input hostile --output plain.out &&
	test_cmp plain.out h.out
'

test_expect_success 'unknown option: Getopt::Long message, exit 255' '
	test_expect_code 255 maint format --bogus 2>err &&
	test_grep "^Unknown option: bogus" err &&
	test_grep "invalid argument - use --help if necessary" err
'

test_expect_success 'option missing its argument' '
	test_expect_code 255 maint format --input 2>err &&
	test_grep "Option input requires an argument" err
'

test_expect_success '--in-place refuses stdin and --output' '
	test_expect_code 255 maint format --in-place --input - 2>err &&
	test_grep "needs a file" err &&
	test_expect_code 255 maint format --in-place --output x 2>err &&
	test_grep "do not go together" err
'

test_expect_success 'failed --in-place leaves the input as it was' '
	printf "A\nM: x\n\nA\nM: y\n" >dupin && cp dupin dupin.expect &&
	test_expect_code 25 maint format --in-place --input dupin 2>err &&
	test_cmp dupin.expect dupin
'

test_expect_success 'format --check: field lines with no header are called that' '
	printf "AAA\nM:\ta <a@example.org>\n\nBBB\nM:\tb <b@example.org>\n\nM:\tx <x@example.org>\nS:\tMaintained\n" >noheader &&
	test_expect_code 1 maint format --check --input noheader 2>err &&
	test_grep "^noheader:[0-9]*: warning: a section without a header (field lines after a blank line) is out of order" err
'

# issue 24 item 12
test_expect_success '--order=XYZ: letters that are no field type, refused' '
	printf "A\nM:\tx\n" >ord &&
	test_expect_code 255 maint format --check --input ord --order=XYZ \
		2>err &&
	test_grep "Y. is not a field type" err &&
	test_expect_code 255 maint format --check --input ord --order=MM \
		2>err &&
	test_grep "M. twice" err
'

test_done
