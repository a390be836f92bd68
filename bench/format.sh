#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint format --order against scripts/parse-maintainers.pl --order on the
# 6.12 MAINTAINERS, measured in the same run.  Target: at least 20x.
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$KERNEL/MAINTAINERS" "$work/MAINTAINERS"
cd "$work"
lines=$(wc -l <MAINTAINERS)

perl_us=$(time_per_run 10 perl "$KERNEL/scripts/parse-maintainers.pl" --order)
maint_us=$(time_per_run 100 "$MAINT" format --order)
perl_rss=$(peak_rss_kib perl "$KERNEL/scripts/parse-maintainers.pl" --order)
maint_rss=$(peak_rss_kib "$MAINT" format --order)

# and with section regexes (the move operation)
perl_mv=$(time_per_run 10 perl "$KERNEL/scripts/parse-maintainers.pl" --order '^ARM/' 'L:\s+netdev@')
maint_mv=$(time_per_run 100 "$MAINT" format --order '^ARM/' 'L:\s+netdev@')

echo "format --order on MAINTAINERS ($lines lines):"
printf '  %-28s %8s us  %6s KiB\n' "parse-maintainers.pl" "$perl_us" "$perl_rss"
printf '  %-28s %8s us  %6s KiB\n' "maint format" "$maint_us" "$maint_rss"
echo "  ratio: $(ratio "$perl_us" "$maint_us")x faster (target: 20x)"
echo "with two section regexes:"
printf '  %-28s %8s us\n' "parse-maintainers.pl" "$perl_mv"
printf '  %-28s %8s us\n' "maint move" "$maint_mv"
echo "  ratio: $(ratio "$perl_mv" "$maint_mv")x faster"
