#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint check on a one-line edit of the 6.12 MAINTAINERS (patch mode:
# only the touched section's checks, only the files below its patterns)
# and the pre-commit hook (contrib/hooks/pre-commit) end to end, against
# the whole-file check and checkpatch.pl on the same patch, measured in
# the same run.  Target: under 100 ms for the patch.
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
kernel_git_tree "$work/tree"
cd "$work/tree"
git config user.name bench && git config user.email bench@example.org
# one line: another F: in the 3C59X section, staged
sed -i '0,/^F:\tdrivers\/net\/ethernet\/3com\/3c59x.c$/s//&\nF:\tdrivers\/net\/ethernet\/3com\/3c509.c/' MAINTAINERS
git add MAINTAINERS
git diff --cached >"$work/one.patch"

patch_us=$(time_per_run 5 "$MAINT" check "$work/one.patch")
hook_us=$(time_per_run 5 env MAINT="$MAINT" sh "$SRC_DIR/contrib/hooks/pre-commit")
whole_us=$(time_per_run 1 "$MAINT" check --fail-on=never)
t0=$(date +%s%N)
perl scripts/checkpatch.pl -q --no-signoff "$work/one.patch" >/dev/null 2>&1 || :
t1=$(date +%s%N)
cp_us=$(((t1 - t0) / 1000))
cpu=$( { /usr/bin/time -f '%U %S' "$MAINT" check "$work/one.patch" >/dev/null; } 2>&1 | tail -1)
hook_cpu=$( { /usr/bin/time -f '%U %S' env MAINT="$MAINT" \
	sh "$SRC_DIR/contrib/hooks/pre-commit" >/dev/null; } 2>&1 | tail -1)

echo "a one-line edit of MAINTAINERS (6.12), staged:"
printf '  %-34s %10s us\n' "maint check PATCH" "$patch_us"
printf '  %-34s %10s us\n' "pre-commit hook (git diff + check)" "$hook_us"
printf '  %-34s %10s us\n' "maint check (whole file)" "$whole_us"
printf '  %-34s %10s us\n' "checkpatch.pl PATCH" "$cp_us"
echo "  cpu (user sys): maint check PATCH $cpu s; hook (maint, sh) $hook_cpu s"
echo "  load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
echo "  ratio: $(ratio "$whole_us" "$patch_us")x faster than the whole check;" \
	"$(ratio "$cp_us" "$patch_us")x faster than checkpatch.pl (target: < 100000 us)"
