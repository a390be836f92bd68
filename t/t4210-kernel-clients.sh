#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The kernel developer's real clients with maint in place of
# get_maintainer.pl, in a git copy of the 6.12 tree with commits that
# touch different subsystems (several in one commit, MAINTAINERS itself
# in another):
#  - git send-email --dry-run with --to-cmd/--cc-cmd: the same To: and
#    Cc: headers, message by message, and nothing on stderr from maint;
#  - b4 prep --auto-to-cc with b4.send-auto-to-cmd/send-auto-cc-cmd set
#    to maint (the README's lines): the same To:/Cc: trailers as b4's
#    default, which runs scripts/get_maintainer.pl.  b4 runs offline.
. "$(dirname "$0")/test-lib.sh"
kernel_tree
. "$TEST_DIRECTORY/lib-kernelgit.sh"

for prog in git-send-email b4; do
	command -v $prog >/dev/null ||
		[ -x "$(git --exec-path)/$prog" ] && continue
	if [ "${MAINT_NEED_KERNEL:-0}" = 1 ]; then
		echo "1..1"
		echo "not ok 1 - $prog missing (scripts/install-deps.sh)"
		exit 1
	fi
	skip_all "$prog not installed (scripts/install-deps.sh)"
done

# b4 and git read no configuration but the test's own
HOME=$TRASH
export HOME
unset GIT_CONFIG_GLOBAL XDG_CONFIG_HOME

# what b4 runs by default, and the README's lines for maint
OPTS="--nogit --nogit-fallback --nogit-chief-penguins --norolestats"

# the To:/Cc: headers of each message git send-email --dry-run shows,
# one recipient a line under its subject
headers() {
	awk '
		/^From: / { on = 1; hdr = ""; next }
		on && /^Subject: / { print; printf "%s", out; out = ""; on = 0; next }
		on && /^(To|Cc): / { hdr = substr($0, 1, 2); $0 = substr($0, 5) }
		on && /^\t/ { sub(/^\t/, "") }
		on && hdr != "" {
			sub(/,$/, "")
			out = out hdr ": " $0 "\n"
		}
	' "$1"
}

test_expect_success 'a git copy of the tree with a series of six commits' '
	kernel_git_copy linux &&
	cd linux &&
	note() { printf "/* %s */\n" "$2" >>"$1"; } &&
	note drivers/net/ethernet/intel/e1000/e1000_main.c e1000 &&
	git commit -qam "e1000: note" &&
	note fs/ext4/inode.c ext4 && note mm/filemap.c mm &&
	git commit -qam "ext4, mm: notes" &&
	note drivers/gpu/drm/i915/i915_drv.h i915 &&
	git commit -qam "drm/i915: note" &&
	echo x >>Documentation/process/submitting-patches.rst &&
	git commit -qam "docs: note" &&
	sed -i "0,/^F:\tdrivers\/net\/ethernet\/3com\/3c59x.c\$/s//&\nF:\tdrivers\/net\/ethernet\/3com\/3c515.c/" MAINTAINERS &&
	git diff --quiet HEAD -- MAINTAINERS && exit 1
	git commit -qam "MAINTAINERS: 3c515 with 3c59x" &&
	note kernel/sched/core.c sched && note net/ipv4/tcp.c tcp &&
	note include/linux/slab.h slab &&
	git commit -qam "sched, tcp, slab: notes" &&
	test "$(git rev-list --count HEAD)" = 7
'

send_email() {
	(cd linux && git send-email --dry-run --confirm=never \
		--from="Series Test <series@example.org>" --no-validate \
		--suppress-cc=author --suppress-cc=self --suppress-cc=sob \
		--suppress-cc=cc --suppress-cc=bodycc --suppress-cc=misc-by \
		--to-cmd="$1 $OPTS --nol" --cc-cmd="$1 $OPTS --nom" HEAD~6..)
}

test_expect_success 'git send-email --to-cmd/--cc-cmd: maint get, get_maintainer.pl' '
	send_email ./scripts/get_maintainer.pl >perl.out 2>perl.err &&
	send_email "$MAINT get" >maint.out 2>maint.err &&
	headers perl.out >perl.hdr && headers maint.out >maint.hdr &&
	test "$(grep -c "^Subject: " perl.hdr)" = 6 &&
	test "$(grep -c "^To: " perl.hdr)" -gt 30 &&
	test "$(grep -c "^Cc: " perl.hdr)" -gt 8 &&
	grep -q "^Cc: netdev@vger.kernel.org" perl.hdr
'

test_expect_success 'send-email: the same To: and Cc:, message by message' '
	test_cmp perl.hdr maint.hdr
'

test_expect_success 'send-email: maint writes nothing on stderr either' '
	grep -v "^Dry-Sent\|^/tmp/\|^\(to\|cc\)-cmd" perl.err >perl.rest || : &&
	grep -v "^Dry-Sent\|^/tmp/\|^\(to\|cc\)-cmd" maint.err >maint.rest || : &&
	test_cmp perl.rest maint.rest
'

# the To:/Cc: trailers b4 prep --auto-to-cc wrote into the cover letter
cover_trailers() {
	git log --format=%B --grep=b4-submit-tracking -1 | grep -E "^(To|Cc): "
}

test_expect_success 'b4 prep enrols the series (offline)' '
	cd linux &&
	git checkout -q -b series &&
	b4 prep -e HEAD~6 >../enrol.out 2>&1 &&
	git rev-parse HEAD >../enrolled
'

test_expect_success 'b4 prep --auto-to-cc, b4 default: get_maintainer.pl' '
	cd linux &&
	b4 prep --auto-to-cc >../b4-perl.log 2>&1 &&
	grep -q "using get_maintainer.pl" ../b4-perl.log &&
	cover_trailers >../b4-perl.out &&
	test "$(grep -c "^To: " ../b4-perl.out)" -gt 30 &&
	grep -q "^Cc: linux-kernel@vger.kernel.org" ../b4-perl.out
'

test_expect_success 'b4 prep --auto-to-cc with .b4-config set to maint: the same' '
	cd linux &&
	git reset -q --hard "$(cat ../enrolled)" &&
	! cover_trailers &&
	{ echo "[b4]" &&
	  awk "/^ +send-auto-(to|cc)-cmd = maint /" \
		"$SRC_DIR/README.md" | sed "s|= maint |= $MAINT |"
	} >.b4-config &&
	test "$(grep -c "send-auto-.*$MAINT get $OPTS --no[lm]\$" \
		.b4-config)" = 2 &&
	git check-ignore -q .b4-config &&
	b4 prep --auto-to-cc >../b4-maint.log 2>&1 &&
	grep -q "using maint" ../b4-maint.log &&
	cover_trailers >../b4-maint.out &&
	test_cmp ../b4-perl.out ../b4-maint.out
'

test_done
