#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Hostile and broken input, for every command: each bad input is handed
# to format, move, get, check, split, join and merge as their MAINTAINERS.
# Every run must end (no hang), without a crash or a sanitizer report,
# with a status from the command's documented set, a message naming the
# place when it fails, and every file that existed before byte-identical
# afterwards (outputs go elsewhere).  The status of every pair is
# compared with the table at the end: the drop-ins exit as their scripts
# (format: errno as Perl's die, 25 malformed, 255 usage; get: 2 for a
# file that cannot be read, 255 for no files), 21 (EISDIR) where format
# is given something that is not a regular file; check and split 2 on
# an error, join 1, merge 2 when even the line merge fails.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"

EDGE=$FIXTURES/edge

test_expect_success 'setup: a tree and the bad inputs' '
	make_get_tree tree &&
	mkdir bad outside &&
	for f in empty preamble-only nul-bytes crlf invalid-utf8 \
		 fields-before-header dup-header odd-line; do
		cp "$EDGE/$f" bad/$f || exit 1
	done &&
	{ cat tree/MAINTAINERS; printf "\nLONG\nM:\tL <l@x.example>\nS:\tMaintained\nF:\t";
	  head -c 1048576 /dev/zero | tr "\0" a; echo; } >bad/long-line &&
	{ cat tree/MAINTAINERS; printf "\nMANY\nM:\tM <m@x.example>\nS:\tMaintained\n";
	  seq -f "F:	drivers/many/f%g.c" 1 100000; } >bad/many-f &&
	{ cat tree/MAINTAINERS; printf "\nBADPAT\nM:\tB <b@x.example>\nS:\tMaintained\nF:\tdrivers/[x\nN:\t(unclosed\nK:\t*oops(\n"; } >bad/bad-patterns &&
	{ cat tree/MAINTAINERS; printf "\nSLOW\nM:\tS <s@x.example>\nS:\tMaintained\nN:\t^(([a-z0-9/._-])+)+/\$\n"; } >bad/slow-regex &&
	mkdir bad/directory &&
	mkfifo bad/fifo &&
	ln -s nowhere bad/dangling &&
	ln -s loop bad/loop &&
	cp tree/MAINTAINERS bad/unreadable && chmod 000 bad/unreadable &&
	ls bad >cases &&
	test "$(wc -l <cases)" = 17 &&
	cp -a tree work
'

# place PATH NAME: make PATH the bad input $in (a loop links to NAME)
place() {
	case $in in
	fifo) mkfifo "$1" ;;
	dangling) ln -s nowhere "$1" ;;
	loop) ln -s "$2" "$1" ;;
	*) cp -a bad/$in "$1" ;;
	esac
}

# sums: the checksum of every regular file in work/ but its outputs
# (out/), listed by the shell (a run forks as few processes as it can)
sums() {
	local f list=()
	shopt -s globstar dotglob nullglob
	for f in work/**; do
		case $f in work/out | work/out/*) continue ;; esac
		if [ -f "$f" ] && ! [ -L "$f" ]; then
			list+=("$f")
		fi
	done
	shopt -u globstar dotglob nullglob
	sha1sum -- "${list[@]}"
}

# run CMD INPUT: run command CMD with INPUT as its MAINTAINERS, in work/
# (a copy of the tree; what a run may write goes to work/out, and every
# other file is checked to be as before, so the copy serves every run),
# recording "CMD INPUT STATUS" in table.
run() {
	cmd=$1 in=$2
	rm -rf work/out work/IN && mkdir -p work/out/j &&
	place work/IN IN && place work/out/j/MAINTAINERS MAINTAINERS &&
	if ! test -e "sums.$in"; then
		sums >"sums.$in"
	fi &&
	set +e
	(
		cd work
		t="timeout 20"
		case $cmd in
		format) $t maint format --input IN --output out/o ;;
		move) $t maint move --input IN --output out/o --section out/s ACME ;;
		get) $t maint get --mpath IN -f drivers/net/acme/main.c ;;
		check) $t maint check --mpath IN ;;
		split) $t maint split --by=list --input IN --outdir out/split ;;
		join) $t maint join --output out/o out/j ;;
		merge) cp MAINTAINERS out/ours && $t maint merge IN out/ours MAINTAINERS ;;
		esac
	) >out.txt 2>err.txt
	status=$?
	set -e
	echo "$cmd $in $status" >>table
	case $status in
	124) echo "$cmd $in: timed out"; return 1 ;;
	99|13[0-9]|1[4-9][0-9]) echo "$cmd $in: crash or sanitizer ($status)"
		cat err.txt; return 1 ;;
	esac
	if [ "$status" != 0 ] && [ "$status" != 1 ] && ! [ -s err.txt ]; then
		echo "$cmd $in: exit $status without a message"; return 1
	fi
	if grep -q "runtime error\|Sanitizer" err.txt; then
		cat err.txt; return 1
	fi
	sums >after &&
	if ! cmp -s "sums.$in" after; then
		echo "$cmd $in: changed an existing file"; diff "sums.$in" after
		rm -rf work sums.* && cp -a tree work # for the next runs
		return 1
	fi
}

for cmd in format move get check split join merge; do
	test_expect_success "$cmd: every bad input ends cleanly, files untouched" '
		while read -r c; do
			[ "$c" = unreadable ] && continue
			# builtin/merge.c falls back to git merge-file, which
			# waits on the FIFO: see the merge issue
			[ '$cmd' = merge ] && [ "$c" = fifo ] && continue
			run '$cmd' "$c" || exit 1
		done <cases
	'
done

test_expect_success 'a FIFO or a link loop is named, not waited on or "not found"' '
	for cmd in format move get check split; do
		in=fifo run $cmd fifo &&
		test_grep "IN.*not a regular file" err.txt ||
			{ echo "^ $cmd fifo"; exit 1; }
		run $cmd loop &&
		test_grep "IN.*symbolic links" err.txt ||
			{ echo "^ $cmd loop"; exit 1; }
	done &&
	run join fifo &&
	test_grep "out/j/MAINTAINERS.*not a regular file" err.txt &&
	run join loop &&
	test_grep "out/j/MAINTAINERS.*symbolic link" err.txt
'

test_expect_success 'a FIFO .get_maintainer.conf is ignored (as the script'"'"'s -f test), not waited on' '
	rm -rf conf && cp -a tree conf && mkfifo conf/.get_maintainer.conf &&
	(cd conf && timeout 20 maint get -f drivers/net/acme/main.c >out) &&
	test_grep "ann@acme.example" conf/out
'

test_expect_success 'unreadable input, as an unprivileged user' '
	command -v setpriv >/dev/null &&
	mkdir -p nob && cp tree/MAINTAINERS nob/M && chmod 000 nob/M &&
	chmod 777 nob && cd nob &&
	test_expect_code 13 setpriv --reuid=65534 --regid=65534 --clear-groups \
		maint format --input M --output o 2>err &&
	test_grep "M.*Permission denied" err && ! test -e o
'

test_expect_success 'read-only output: refused with 13 as the script, for a user' '
	mkdir -p ro && cp tree/MAINTAINERS ro/M && cp ro/M ro/o &&
	chmod 444 ro/o && chmod 777 ro && cd ro &&
	cp o o.before &&
	test_expect_code 13 setpriv --reuid=65534 --regid=65534 --clear-groups \
		maint format --input M --output o 2>err &&
	test_grep "o: cannot write: Permission denied" err &&
	test_cmp o.before o &&
	test -z "$(ls -A | grep maint-)"
'

test_expect_success 'a writable output in a directory that is not: the directory is named' '
	mkdir -p rodir && cp tree/MAINTAINERS rodir/M && cp rodir/M rodir/o &&
	chown 65534:65534 rodir/o && chmod 755 rodir && cd rodir &&
	cp o o.before &&
	test_expect_code 13 setpriv --reuid=65534 --regid=65534 --clear-groups \
		maint format --input M --output o 2>err &&
	test_grep "o: cannot write: its directory is not writable" err &&
	test_cmp o.before o
'

test_expect_success 'a full output: ENOSPC and a message, for every writer' '
	cd tree &&
	test_expect_code 28 maint format --output /dev/full 2>err &&
	test_grep "/dev/full: cannot write: No space left" err &&
	test_must_fail maint get -f drivers/net/acme/main.c >/dev/full 2>err &&
	test_grep "write failure on standard output" err &&
	test_expect_code 2 maint split --help >/dev/full 2>err &&
	test_grep "write failure on standard output" err &&
	test_expect_code 2 maint export --input MAINTAINERS >/dev/full 2>err &&
	test_grep "standard output: cannot write" err &&
	test_expect_code 2 maint check --list >/dev/full 2>err &&
	test_grep "write failure on standard output" err
'

test_expect_success 'format --in-place keeps the owner and mode of the file' '
	cp tree/MAINTAINERS own && chown 65534:65534 own && chmod 640 own &&
	printf "\nAAA\nM:\tA <a@x.example>\n" >>own &&
	maint format --input own --in-place &&
	test "$(stat -c %u:%g:%a own)" = 65534:65534:640 &&
	head -c 0 own
'

test_expect_success 'an output link is followed; a dangling one is refused' '
	cp tree/MAINTAINERS target && ln -s target via &&
	maint format --input tree/MAINTAINERS --output via &&
	test -L via &&
	ln -s missing dang &&
	test_expect_code 2 maint format --input tree/MAINTAINERS --output dang 2>err &&
	test_grep "dang: cannot write: a symbolic link to nothing" err &&
	test -L dang && ! test -e missing
'

# blocked_format DIR: in DIR, start "maint format --output o --section s"
# where s is a FIFO nobody reads: the first output's temporary file
# .o.maint-PID-XXXXXX is made and written, then the run blocks opening
# the FIFO (outputs are opened in turn, renamed together).  Sets $p to
# its process and waits (10 s at most) for the temporary file.
blocked_format() {
	rm -rf "$1" && mkdir "$1" && cp tree/MAINTAINERS "$1/M" &&
	echo old >"$1/o" && mkfifo "$1/s" || return 1
	# an asynchronous command starts with SIGINT ignored (and keeps
	# it): env gives maint the default disposition of every signal
	env --default-signal maint format --input "$1/M" --output "$1/o" \
		--section "$1/s" ACME 2>"$1.err" &
	p=$!
	for i in $(seq 200); do
		test -n "$(ls -A "$1" | grep "^\.o\.maint-$p-")" && return 0
		sleep 0.05
	done
	echo "no temporary file in $1 after 10 s"; ls -A "$1"
	kill -KILL $p; return 1
}

# reap: wait for $p to end (killed after 10 s); its exit status in $status
reap() {
	{ sleep 10; kill -KILL $p; } 2>/dev/null &
	watchdog=$!
	wait $p
	status=$?
	kill $watchdog 2>/dev/null || true
}

test_expect_success 'a run killed while its temporary file exists removes it' '
	for sig in TERM INT HUP PIPE; do
		status=none &&
		blocked_format k &&
		kill -$sig $p && reap &&
		test $status = $((128 + $(kill -l $sig))) &&
		test -z "$(ls -A k | grep "^\.o\.maint-")" &&
		! test -e k/o.lock &&
		test "$(cat k/o)" = old ||
			{ echo "^ SIG$sig (exit $status)"; ls -A k; exit 1; }
	done
'

test_expect_success 'what SIGKILL leaves is removed by the next run' '
	blocked_format k &&
	kill -KILL $p && reap && test $status = 137 &&
	ls -A k | grep "^\.o\.maint-$p-" &&
	test "$(cat k/o)" = old &&
	# the lock stays, as git'"'"'s: the next run names it
	test_expect_code 17 maint format --input k/M --output k/o 2>err &&
	test_grep "k/o.lock" err &&
	rm k/o.lock &&
	maint format --input k/M --output k/o &&
	test -z "$(ls -A k | grep "^\.o\.maint-")" &&
	maint format --input k/M --output want &&
	test_cmp want k/o
'

test_expect_success 'join and format do not follow a link out of the directory' '
	mkdir -p d1 && cp tree/MAINTAINERS d1/MAINTAINERS &&
	printf "SECRET\nM:\tS <secret@x.example>\n" >outside/secret &&
	ln -s ../outside/secret d1/planted &&
	test_must_fail maint join --output j.out d1 2>err &&
	test_grep "d1/planted.*symbolic link" err &&
	! test -e j.out &&
	test_must_fail maint format --input d1 --output f.out 2>err &&
	test_grep "d1/planted.*symbolic link" err && ! test -e f.out
'

test_expect_success 'join does not loop through a link to its own directory' '
	mkdir -p d2/sub && cp tree/MAINTAINERS d2/sub/MAINTAINERS &&
	ln -s . d2/sub/again && ln -s .. d2/sub/up &&
	test_must_fail timeout 20 maint join --output j2.out d2 2>err &&
	test_grep "symbolic link" err && ! test -e j2.out
'

test_expect_success 'the status table is the documented one' '
	sort table | uniq >got &&
	sort >want <<-\EOT &&
	check bad-patterns 1
	check crlf 1
	check dangling 2
	check directory 2
	check dup-header 1
	check empty 0
	check fields-before-header 1
	check fifo 2
	check invalid-utf8 1
	check long-line 0
	check loop 2
	check many-f 0
	check nul-bytes 1
	check odd-line 1
	check preamble-only 0
	check slow-regex 0
	format bad-patterns 0
	format crlf 0
	format dangling 2
	format directory 255
	format dup-header 25
	format empty 0
	format fields-before-header 0
	format fifo 21
	format invalid-utf8 0
	format long-line 0
	format loop 40
	format many-f 0
	format nul-bytes 0
	format odd-line 25
	format preamble-only 0
	format slow-regex 0
	get bad-patterns 2
	get crlf 0
	get dangling 2
	get directory 255
	get dup-header 0
	get empty 0
	get fields-before-header 0
	get fifo 2
	get invalid-utf8 0
	get long-line 0
	get loop 2
	get many-f 0
	get nul-bytes 0
	get odd-line 0
	get preamble-only 0
	get slow-regex 0
	join bad-patterns 0
	join crlf 0
	join dangling 1
	join directory 1
	join dup-header 1
	join empty 0
	join fields-before-header 0
	join fifo 1
	join invalid-utf8 0
	join long-line 0
	join loop 1
	join many-f 0
	join nul-bytes 0
	join odd-line 1
	join preamble-only 0
	join slow-regex 0
	merge bad-patterns 0
	merge crlf 0
	merge dangling 2
	merge directory 2
	merge dup-header 0
	merge empty 0
	merge fields-before-header 0
	merge invalid-utf8 0
	merge long-line 0
	merge loop 2
	merge many-f 0
	merge nul-bytes 2
	merge odd-line 0
	merge preamble-only 0
	merge slow-regex 0
	move bad-patterns 0
	move crlf 0
	move dangling 2
	move directory 255
	move dup-header 25
	move empty 0
	move fields-before-header 0
	move fifo 21
	move invalid-utf8 0
	move long-line 0
	move loop 40
	move many-f 0
	move nul-bytes 0
	move odd-line 25
	move preamble-only 0
	move slow-regex 0
	split bad-patterns 0
	split crlf 0
	split dangling 2
	split directory 2
	split dup-header 2
	split empty 0
	split fields-before-header 0
	split fifo 2
	split invalid-utf8 0
	split long-line 0
	split loop 2
	split many-f 0
	split nul-bytes 0
	split odd-line 2
	split preamble-only 0
	split slow-regex 0
	EOT
	test_cmp want got
'

test_done
