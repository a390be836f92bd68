# SPDX-License-Identifier: GPL-2.0
# Comparisons of maint get with get_maintainer.pl through t/getcmp.sh:
#
# compare_list LIST ARGS...: in $CMP_DIR (a tree with
#	scripts/get_maintainer.pl), each line of $TRASH/LIST is one more
#	argument after ARGS; one result line each appended to ./results
#	(two at a time).
# check_results N: at least N compared and none different (prints the
#	counts and the first differences).
GC=$TEST_DIRECTORY/getcmp.sh
OUT=$TRASH/cmp
mkdir -p "$OUT"
export MAINT

compare_list() {
	list=$1
	shift
	(cd "$CMP_DIR" && xargs -a "$TRASH/$list" -d '\n' -P2 -I{} "$GC" "$OUT" "$@" {}) >>results
}

check_results() {
	want=$1
	n=$(wc -l <results)
	same=$(grep -c "^same " results || true)
	tie=$(grep -c "^tie " results || true)
	echo "$n compared: $same identical, $tie identical but for hash-order ties"
	grep "^DIFF" results | head -5
	test "$n" -ge "$want" && ! grep -q "^DIFF" results
}
