#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get --json on the 6.12 tree, checked against the text answers to
# the same queries (files and patches, several option sets): the same
# people in the same order, the text's role among every role the JSON
# gives, lists marked as lists, To/Cc as b4 splits them (--nol, --nom).
. "$(dirname "$0")/test-lib.sh"
kernel_tree

FILES="drivers/net/ethernet/intel/e1000/e1000_main.c fs/ext4/inode.c
mm/filemap.c include/linux/slab.h arch/arm64/crypto/aes-cipher-core.S
Documentation/devicetree/bindings/clock/qcom,gcc-apq8064.yaml
drivers/gpu/drm/i915/i915_drv.h kernel/sched/core.c MAINTAINERS
drivers/media/platform/nxp/imx-jpeg/mxc-jpeg.c sound/soc/codecs/wm8994.c"

# compare ARGS...: --json against the text answers with the same ARGS
compare() {
	(cd "$KERNEL" && maint get --json "$@") >out.json &&
	(cd "$KERNEL" && maint get --norolestats "$@") >text &&
	(cd "$KERNEL" && maint get --roles --norolestats "$@") >roles &&
	(cd "$KERNEL" && maint get --norolestats --nol "$@") >nol &&
	(cd "$KERNEL" && maint get --norolestats --nom "$@") >nom &&
	perl "$TEST_DIRECTORY/get-json-check.pl" out.json text roles nol nom
}

test_expect_success 'one file at a time, default options' '
	for f in $FILES; do
		compare -f $f || { echo "in $f"; exit 1; }
	done
'

test_expect_success 'all the files at once; JSON names each file s sections' '
	compare -f $FILES &&
	perl -MJSON::PP -0777 -ne "
		my \$j = decode_json(\$_);
		die unless @{\$j->{files}} == 11;
		my (\$e1000) = grep { \$_->{path} =~ /e1000/ } @{\$j->{files}};
		die unless grep { \$_->{name} eq q(INTEL ETHERNET DRIVERS) &&
				  \$_->{status} eq q(Supported) }
			@{\$e1000->{sections}};
		my (\$l) = grep { \$_->{address} eq q(intel-wired-lan@lists.osuosl.org) }
			@{\$j->{recipients}};
		die unless \$l->{kind} eq q(list) && \$l->{moderated};
	" out.json
'

for opts in "--nomoderated" "--non" "--git-chief-penguins" \
	"--noremove-duplicates" "--nomailmap" "--nor" "--s" "--pattern-depth=1"; do
	test_expect_success "options $opts" '
		compare $opts -f $FILES
	'
done

test_expect_success 'patches: files and K: keywords' '
	(cd "$KERNEL" && git diff --no-index /dev/null mm/slub.c; true) |
		head -400 >slub.patch &&
	test -s slub.patch &&
	compare "$TRASH/slub.patch" &&
	perl -MJSON::PP -0777 -ne "
		my \$j = decode_json(\$_);
		die q(no keywords) unless @{\$j->{keywords}} ||
			!grep { /keyword/i } @{\$j->{recipients}};
	" out.json
'

test_expect_success 'a person in several sections: every role, text names the first' '
	(cd "$KERNEL" && maint get --json -f net/core/dev.c \
		drivers/net/ethernet/intel/e1000/e1000_main.c) >m.json &&
	perl -MJSON::PP -0777 -ne "
		my \$j = decode_json(\$_);
		my (\$k) = grep { \$_->{address} eq q(kuba@kernel.org) }
			@{\$j->{recipients}};
		my %s = map { \$_->{section} => 1 } @{\$k->{roles}};
		die join(q(,), keys %s) unless keys %s >= 2;
	" m.json
'

test_expect_success '--json with --all is refused' '
	(cd "$KERNEL" && test_must_fail maint get --json --all) 2>err &&
	test_grep "json" err
'

test_done
