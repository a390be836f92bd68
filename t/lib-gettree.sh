# SPDX-License-Identifier: GPL-2.0
# make_get_tree DIR: a small kernel-like tree for the get tests (what
# top_of_kernel_tree() wants, the fixture MAINTAINERS and .mailmap, 6.12's
# scripts/get_maintainer.pl so that maint get answers as 6.12, and a few
# files to ask about).
make_get_tree() {
	d=$1
	mkdir -p "$d" && (
		cd "$d" &&
		for f in COPYING CREDITS Kbuild Makefile README; do
			echo "$f" >"$f"
		done &&
		mkdir -p Documentation arch include/linux drivers fs init ipc \
			kernel lib scripts drivers/net/acme/legacy \
			drivers/net/other drivers/gpu/tegra \
			Documentation/devicetree/bindings/net &&
		cp "$FIXTURES/get/MAINTAINERS" MAINTAINERS &&
		cp "$FIXTURES/get/mailmap" .mailmap &&
		cp "$FIXTURES/get/get_maintainer.pl" scripts/ &&
		echo "int acme;" >drivers/net/acme/main.c &&
		echo "int old;" >drivers/net/acme/legacy/old.c &&
		echo "int other;" >drivers/net/other/other.c &&
		echo "int tegra;" >drivers/gpu/tegra/tegra_drm.c &&
		echo "int x;" >kernel/fork.c &&
		echo "struct net_device;" >include/linux/netdevice.h &&
		cat >Documentation/devicetree/bindings/net/acme,eth.yaml <<'Y'
title: ACME Ethernet
maintainers:
  - Ann Acme <ann.old@acme.example>
  - Yaml Person <yaml@bindings.example>
Y
		cat >acme.patch <<'P'
From: Someone <someone@example.org>
Subject: [PATCH] net: other: use acme_magic

Signed-off-by: Someone <someone@example.org>
---
 drivers/net/other/other.c | 1 +
 1 file changed, 1 insertion(+)

diff --git a/drivers/net/other/other.c b/drivers/net/other/other.c
--- a/drivers/net/other/other.c
+++ b/drivers/net/other/other.c
@@ -1 +1,2 @@
 int other;
+int y = acme_magic;
P
	)
}

# get_tree_chiefs DIR NAME:ADDRESS...: DIR's scripts/get_maintainer.pl
# with its push(@penguin_chief, ...) line (Linus) replaced by one such
# line a chief, as projects that copied the script name their own (the
# '@' escaped, as in the script's own line).
get_tree_chiefs() {
	d=$1
	shift
	perl -i -pe '
		BEGIN {
			$new = join "", map { "push(\@penguin_chief, \"$_\");\n" }
				map { s/\@/\\\@/r } splice @ARGV, 1;
		}
		$_ = $new if /^push\(\@penguin_chief, /;
	' "$d/scripts/get_maintainer.pl" "$@" &&
	! grep -q "^push(@penguin_chief, \"Linus" "$d/scripts/get_maintainer.pl"
}
