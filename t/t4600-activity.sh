#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint activity on a history made here (as of 2026-01-01, window from
# 2025-01-01, inactive after two years): the planted stale maintainer,
# idle reviewer, orphan section with an active author and unowned busy
# directory are found, and nothing else: not an active M: (under an
# old address .mailmap maps, or active only through an Acked-by), not a
# quiet orphan, not a directory changed only before the window.
. "$(dirname "$0")/test-lib.sh"

OLD="2022-06-01T12:00:00Z"
NEW="2025-06-01T12:00:00Z"

# commit_as "Name <addr>" DATE MESSAGE FILE...
commit_as() {
	who=$1 date=$2 msg=$3 && shift 3 &&
	for f in "$@"; do
		mkdir -p "$(dirname "$f")" && echo "$msg" >>"$f" || return 1
	done &&
	git add -- "$@" &&
	GIT_AUTHOR_NAME=${who% <*} GIT_AUTHOR_EMAIL=$(echo "$who" | sed "s/.*<//; s/>//") \
	GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date \
	GIT_COMMITTER_NAME="Linus" GIT_COMMITTER_EMAIL=linus@example.org \
		git commit -q -m "$msg"
}

test_expect_success 'the history: planted inactive, orphan, unowned' '
	git init -q h && cd h &&
	cat >MAINTAINERS <<-\IN &&
	List of maintainers

	ACTIVE DRIVER
	M:	Alice <alice@example.org>
	R:	Heidi Idle <heidi@example.org>
	S:	Maintained
	F:	drivers/active/

	ACKED DRIVER
	M:	Grace <grace@example.org>
	S:	Supported
	F:	drivers/acked/

	MAPPED DRIVER
	M:	Frank <frank@new.example.org>
	S:	Maintained
	F:	drivers/mapped/

	ORPHAN THING
	S:	Orphan
	F:	drivers/orphan/

	QUIET ORPHAN
	S:	Orphan
	F:	drivers/quiet/

	STALE DRIVER
	M:	Bob Stale <bob@example.org>
	S:	Maintained
	F:	drivers/stale/

	THE REST
	M:	Linus <linus@example.org>
	S:	Buried alive in reporters
	F:	*
	F:	*/
	IN
	echo "Frank <frank@new.example.org> <frank@old.example.org>" >.mailmap &&
	commit_as "Linus <linus@example.org>" $OLD init MAINTAINERS .mailmap \
		drivers/quiet/q.c lib/old/o.c &&
	commit_as "Bob Stale <bob@example.org>" $OLD "stale 1" drivers/stale/s.c &&
	commit_as "Dave <dave@example.org>" $OLD old lib/old/o.c &&
	commit_as "Heidi Idle <heidi@example.org>" 2023-01-01T00:00:00Z "heidi" README &&
	commit_as "Dave <dave@example.org>" $NEW "stale 2" drivers/stale/s.c &&
	commit_as "Alice <alice@example.org>" $NEW active drivers/active/a.c &&
	commit_as "Frank <frank@old.example.org>" $NEW mapped drivers/mapped/m.c &&
	commit_as "Eve <eve@example.org>" $NEW "orphan 1" drivers/orphan/o.c &&
	commit_as "Eve <eve@example.org>" $NEW "orphan 2" drivers/orphan/p.c &&
	commit_as "Ivan <ivan@example.org>" $NEW "acked

Acked-by: Grace <grace@example.org>" drivers/acked/a.c &&
	commit_as "Dave <dave@example.org>" $NEW busy1 lib/busy/a.c lib/busy/b.c &&
	commit_as "Dave <dave@example.org>" $NEW busy2 lib/busy/a.c &&
	test "$(git rev-list --count HEAD)" = 12
'

run() {
	(cd h && maint activity --as-of=2026-01-01 "$@")
}

test_expect_success 'the findings: exactly the planted ones' '
	run >out &&
	sed -n "/^# [0-9]* findings/,\$p" out >findings &&
	cat >expect <<-\EOF &&
	# 5 findings
	MAINTAINERS:5: warning: Heidi Idle <heidi@example.org>: last active none since 2024-01-02; listed in '\''ACTIVE DRIVER'\'' (R:) [inactive-person]
	MAINTAINERS:19: note: '\''ORPHAN THING'\'' is S: Orphan but has 2 commits in the window; active: Eve <eve@example.org> (2) [orphan-active]
	MAINTAINERS:27: warning: '\''STALE DRIVER'\'' is S: Maintained but no M: was active since 2024-01-02 (last: none since 2024-01-02) [inactive-section]
	MAINTAINERS:28: warning: Bob Stale <bob@example.org>: last active none since 2024-01-02; listed in '\''STALE DRIVER'\'' (M:) [inactive-person]
	MAINTAINERS:32: note: lib/busy/: 2 commits in the window to 2 files no section but THE REST covers [unowned-busy]
	EOF
	test_cmp expect findings
'

test_expect_success 'per section: last commit, commits in the window, people' '
	grep -A3 "^STALE DRIVER" out >got &&
	printf "%s\n" "STALE DRIVER (MAINTAINERS:27) S: Maintained" \
		"	last commit 2025-06-01, 1 in the window" \
		"	M: Bob Stale <bob@example.org>: last active none since 2024-01-02, in the section none since 2024-01-02" \
		"" >expect &&
	test_cmp expect got &&
	grep -A2 "^MAPPED DRIVER" out >got &&
	test_grep "M: Frank <frank@new.example.org>: last active 2025-06-01, in the section 2025-06-01" got &&
	grep -A2 "^ACKED DRIVER" out >got &&
	test_grep "Grace <grace@example.org>: last active 2025-06-01, in the section 2025-06-01" got
'

test_expect_success '--json: the same report for scripts' '
	run --json >out.json &&
	perl -MJSON::PP -e "
		local \$/; my \$j = decode_json(<STDIN>);
		die unless \$j->{version} == 1 && \$j->{as_of} eq q(2026-01-01);
		my (\$s) = grep { \$_->{name} eq q(STALE DRIVER) } @{\$j->{sections}};
		die unless \$s->{line} == 27 && \$s->{commits} == 1 &&
			\$s->{people}[0]{inactive} && \$s->{last_commit} eq q(2025-06-01);
		print join(q( ), map { \$_->{check} . q(:) . \$_->{line} } @{\$j->{findings}}), qq(\n);
	" <out.json >got &&
	echo "inactive-person:5 orphan-active:19 inactive-section:27 inactive-person:28 unowned-busy:32" >expect &&
	test_cmp expect got
'

test_expect_success '--inactive: the threshold; --since: the window' '
	run --inactive=5y >out &&
	! grep -q "\[inactive-" out &&
	run --since=2025-07-01 >out &&
	! grep -q "\[orphan-active\]" out &&
	! grep -q "\[unowned-busy\]" out &&
	test_grep "\[inactive-section\]" out
'

test_expect_success '--fail-on: exit 1 at or above the level' '
	run >/dev/null &&
	test_expect_code 1 run --fail-on=warning >/dev/null &&
	test_expect_code 1 run --fail-on=note >/dev/null &&
	run --fail-on=error >/dev/null &&
	run --fail-on=warning --inactive=5y --top=0 --since=2025-07-01 >/dev/null
'

test_expect_success 'the log is cached under .git/maint: the same report' '
	run >first &&
	test -d h/.git/maint/history &&
	MAINT_GET_CACHE=0 run >second &&
	test_cmp first second
'

test_expect_success 'bad input: a clear error, nothing on stdout' '
	mkdir nogit && cp h/MAINTAINERS nogit/ &&
	(cd nogit && test_expect_code 2 maint activity >out 2>err) &&
	test_grep "no git history here" nogit/err &&
	! test -s nogit/out &&
	test_expect_code 129 run --since=yesterday 2>err &&
	test_grep "^maint activity: --since" err &&
	test_expect_code 129 run --inactive=2 2>err &&
	test_expect_code 129 run --fail-on=bad 2>err &&
	test_expect_code 2 run --input=nowhere 2>err &&
	git clone -q --depth=2 "file://$PWD/h" shallow &&
	(cd shallow && maint activity --as-of=2026-01-01 >out 2>err) &&
	test_grep "shallow clone" shallow/err &&
	test_grep "^# partial: a shallow clone, .*oldest read: 2025-06-01" \
		shallow/out &&
	(cd shallow && maint activity --as-of=2026-01-01 --json) >json 2>&1 &&
	test_grep "\"partial\": true," json &&
	run --json >json &&
	test_grep "\"partial\": false," json &&
	! grep -q "^# partial" first
'

test_expect_success 'bad input: a binary --input, one with no field, no git' '
	printf "M:\0\1\2binary" >bin &&
	printf "hello\nworld\n" >plain &&
	for f in bin plain; do
		test_expect_code 2 run --input=../$f >out 2>err &&
		! test -s out && test "$(wc -l <err)" = 1 &&
		test_grep "$f: not a MAINTAINERS file" err || return 1
	done &&
	(cd h && test_expect_code 2 env PATH=/nonexistent "$MAINT" activity) \
		>out 2>err &&
	! test -s out && test "$(wc -l <err)" = 1 &&
	test_grep "no git history here" err
'

test_expect_success 'a history with no .mailmap: the report, exit 0, silent' '
	git clone -q "file://$PWD/h" nomap && git -C nomap rm -q .mailmap &&
	(cd nomap && maint activity --as-of=2026-01-01 >out 2>err) &&
	! test -s nomap/err &&
	test_grep "M: Frank <frank@new.example.org>: last active none" nomap/out
'

test_expect_success 'a sub-address user+tag@domain is the person of user@domain' '
	git init -q sub && (
		cd sub &&
		cat >MAINTAINERS <<-\IN &&
		List of maintainers

		SOCFPGA DRIVER
		M:	Marek Vasut <marek.vasut+socfpga@mailbox.org>
		S:	Maintained
		F:	drivers/socfpga/

		RENESAS DRIVER
		M:	Marek Vasut <marek.vasut+renesas@mailbox.org>
		S:	Maintained
		F:	drivers/renesas/

		TAGGED LOG
		M:	Tom <tom@example.org>
		S:	Maintained
		F:	drivers/tom/
		IN
		commit_as "Linus <linus@example.org>" $OLD init MAINTAINERS &&
		commit_as "Marek Vasut <marek.vasut@mailbox.org>" $NEW clk \
			drivers/clk/c.c &&
		commit_as "Tom <tom+lists@example.org>" $NEW tom drivers/tom/t.c &&
		maint activity --as-of=2026-01-01 >out
	) &&
	! grep "\[inactive-" sub/out &&
	test_grep "M: Marek Vasut <marek.vasut+renesas@mailbox.org>: last active 2025-06-01" sub/out &&
	test_grep "M: Marek Vasut <marek.vasut+socfpga@mailbox.org>: last active 2025-06-01" sub/out &&
	test_grep "M: Tom <tom@example.org>: last active 2025-06-01, in the section 2025-06-01" sub/out
'

test_expect_success '.get_maintainer.conf: its MAINTAINERS files (U-Boot'"'"'s boards)' '
	git init -q boards && (
		cd boards &&
		cat >MAINTAINERS <<-\IN &&
		List of maintainers

		THE REST
		M:	Linus <linus@example.org>
		S:	Buried alive in reporters
		F:	*
		F:	*/
		IN
		mkdir -p board/acme board/gone &&
		printf "ACME BOARD\nM:\tAnn <ann@example.org>\nS:\tMaintained\nF:\tboard/acme/\nF:\tconfigs/acme_defconfig\n" \
			>board/acme/MAINTAINERS &&
		printf "GONE BOARD\nM:\tGus Gone <gus@example.org>\nS:\tMaintained\nF:\tboard/gone/\n" \
			>board/gone/MAINTAINERS &&
		printf "%s\n" --find-maintainer-files --maintainer-path=. \
			>.get_maintainer.conf &&
		commit_as "Linus <linus@example.org>" $OLD init MAINTAINERS \
			.get_maintainer.conf board/acme/MAINTAINERS \
			board/gone/MAINTAINERS board/gone/g.c &&
		commit_as "Ann <ann@example.org>" $NEW acme board/acme/a.c \
			configs/acme_defconfig &&
		maint activity --as-of=2026-01-01 >out &&
		maint activity --as-of=2026-01-01 --input=MAINTAINERS >top
	) &&
	sed -n "/^# [0-9]* findings/,\$p" boards/out >findings &&
	cat >expect <<-\EOF &&
	# 2 findings
	board/gone/MAINTAINERS:1: warning: '"'"'GONE BOARD'"'"' is S: Maintained but no M: was active since 2024-01-02 (last: none since 2024-01-02) [inactive-section]
	board/gone/MAINTAINERS:2: warning: Gus Gone <gus@example.org>: last active none since 2024-01-02; listed in '"'"'GONE BOARD'"'"' (M:) [inactive-person]
	EOF
	test_cmp expect findings &&
	test_grep "^ACME BOARD (board/acme/MAINTAINERS:1) S: Maintained" boards/out &&
	test_grep "board/acme/: 1 commit in the window .* \[unowned-busy\]" boards/top &&
	! grep -q "GONE BOARD" boards/top
'

test_done
