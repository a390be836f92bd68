#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint export on the real MAINTAINERS (6.12, and 6.1's file):
#  - JSON gives the file back, every field at its file:line;
#  - CODEOWNERS, read by npm's codeowners-utils (gitignore rules, last
#    match wins), gives a sample of the tree's files the owners that
#    maint get (M: and R:, no lists, no K:, no .mailmap) gives them:
#    never an address get does not give, the same set for most files,
#    and where not, only what N: regexes add (reported as not exported).
#    DT bindings (.yaml) are left out: get also reads their maintainers:.
. "$(dirname "$0")/test-lib.sh"
kernel_tree

NODE_DIR=${MAINT_NODE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/maint-node}
have_matcher=
command -v node >/dev/null && [ -d "$NODE_DIR/node_modules/codeowners-utils" ] &&
	have_matcher=1

normalise() {
	sed "s/^\([A-Z]\):[[:space:]]*/\1:\t/; s/[[:space:]]*\$//" "$1"
}

for v in 6.12 6.1; do
	test_expect_success "json: the $v file back, field by field at file:line" '
		f=$KERNEL/MAINTAINERS &&
		[ $v = 6.12 ] ||
		f=$("$SRC_DIR/scripts/get-maintainers-file.sh" 6.1 2>/dev/null) &&
		test -f "$f" &&
		maint export --input "$f" >m.json &&
		perl "$TEST_DIRECTORY/json-to-maintainers.pl" m.json >back 2>lines &&
		normalise "$f" | sed -e :a -e "/^\n*\$/{\$d;N;ba" -e "}" >expect &&
		sed -e :a -e "/^\n*\$/{\$d;N;ba" -e "}" back >got &&
		test_cmp expect got &&
		test "$(grep -c "^F:" got)" -gt 5000 &&
		awk -F": " "NR % 97 == 0" lines | while IFS= read -r l; do
			n=${l#*:} && n=${n%%:*} && want=${l#*: } &&
			got=$(sed -n "${n}p" "$f" | sed "s/^\([A-Z]\):[[:space:]]*/\1:\t/; s/[[:space:]]*\$//") &&
			test "$got" = "$want" || { echo "line $n: $got"; exit 1; }
		done
	'
done

test_expect_success 'codeowners of 6.12: every F:/X: a line, every N:/K: noted' '
	(cd "$KERNEL" && maint export --format=codeowners) >CODEOWNERS 2>err &&
	nk=$(grep -c "^[NK]:" "$KERNEL/MAINTAINERS") &&
	echo "maint export: $nk lines cannot be expressed in CODEOWNERS (listed in its comments); $nk N:/K: lines not listed here: use -v" >expect &&
	test_cmp expect err &&
	(cd "$KERNEL" && maint export --format=codeowners -v) >v 2>err &&
	test_cmp CODEOWNERS v &&
	test "$(grep -c ": note: [NK]: " err)" = "$nk" &&
	test "$(grep -c "^#   MAINTAINERS:[0-9]*: [NK]: " CODEOWNERS)" = "$nk" &&
	test "$(grep -c "^/" CODEOWNERS)" -ge \
	     "$(grep "^[FX]:" "$KERNEL/MAINTAINERS" | sort -u | wc -l)" &&
	! grep "^/[^ ]*[][]" CODEOWNERS &&
	test_grep "^/lib/locking\*\.h " CODEOWNERS &&
	test_grep "^/drivers/clk/clk-scpi\.c " CODEOWNERS
'

if [ -z "$have_matcher" ] && [ "${MAINT_NEED_KERNEL:-0}" != 1 ]; then
	test_skip "codeowners-utils against maint get" \
		"no node or codeowners-utils (scripts/install-deps.sh)"
	test_done
fi

test_expect_success 'a sample of the tree: owners from codeowners-utils and from get' '
	test -n "$have_matcher" &&
	(cd "$KERNEL" && find . -type f ! -name .maint-extracted ! -name "*.yaml" |
		sed "s|^\./||" | sort |
		shuf -n 600 --random-source=<(yes codeowners)) >sample &&
	NODE_PATH=$NODE_DIR/node_modules node \
		"$TEST_DIRECTORY/codeowners-match.js" CODEOWNERS <sample >co.out &&
	(cd "$KERNEL" && maint get --all - --nogit --nogit-fallback \
		--norolestats --nol --nokeywords --nomailmap \
		--noremove-duplicates) <sample >get.out &&
	test "$(wc -l <co.out)" = 600 &&
	test "$(cut -f2 co.out | grep -c .)" -gt 500
'

# path<TAB>sorted addresses, from get's answer or from the matcher's
cat >addrs.pl <<\PERL
my $co = shift;
while (<>) {
	chomp;
	my ($p, $r) = split /\t/, $_, 2;
	$r //= "";
	my @a;
	if ($co) {
		@a = split " ", $r;
	} else {
		push @a, $1 while $r =~ s/<([^>]+)>//;
		push @a, grep { /@/ } map { s/^\s+|\s+$//gr } split /,/, $r;
	}
	my %s;
	print "$p\t", join(" ", sort grep { !$s{$_}++ } map { lc } @a), "\n";
}
PERL

test_expect_success 'never an owner get does not give; most files the same' '
	perl addrs.pl 1 co.out | sort >co.n &&
	perl addrs.pl 0 get.out | sort >get.n &&
	join -t "	" -a 1 -e "" -o 0,2.2 co.n get.n >get.all &&
	paste co.n get.all | awk -F "\t" "
		{ split(\$2, c, \" \"); n = split(\$4, g, \" \");
		  delete in_get; for (i = 1; i <= n; i++) in_get[g[i]] = 1;
		  for (k in c) if (!(c[k] in in_get)) { print \"extra: \" \$1 \": \" c[k]; bad = 1 }
		  if (\$2 == \$4) same++ }
		END { print same > \"same\"; exit bad }" &&
	echo "same: $(cat same) of 600" &&
	test "$(cat same)" -ge 510
'

test_expect_success 'what differs comes from N: regexes (noted as not exported)' '
	maint export --input "$KERNEL/MAINTAINERS" >m.json &&
	perl -MJSON::PP -0777 -ne "
		for my \$s (@{decode_json(\$_)->{sections}}) {
			next unless grep { \$_->{type} eq q(N) } @{\$s->{fields}};
			for (@{\$s->{fields}}) {
				print lc(\$1), qq(\n) if \$_->{type} =~ /[MR]/ &&
					\$_->{value} =~ /<([^>]+)>/;
			}
		}" m.json | sort -u >n-owners &&
	paste co.n get.all | awk -F "\t" "\$2 != \$4" >differ &&
	while IFS="	" read -r p c p2 g; do
		for a in $g; do
			case " $c " in *" $a "*) continue ;; esac
			grep -qxF "$a" n-owners || { echo "$p: $a"; exit 1; }
		done
	done <differ
'

test_done
