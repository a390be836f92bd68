#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make-project.sh DIR: a small project that is not the kernel but uses its
# MAINTAINERS format and scripts/get_maintainer.pl: MAINTAINERS files
# spread through the tree (found with --find-maintainer-files), its own
# .get_maintainer.conf (history on, with limits) and .get_maintainer.ignore,
# a .mailmap.  t/lib-history.sh gives it a history.
set -e
d=$1
mkdir -p "$d" && cd "$d"
mkdir -p src drivers/net drivers/usb/host lib/crypto docs/api include/frob \
	tools/bench scripts

cat >MAINTAINERS <<'EOF'
List of maintainers of the frobnicator

FROBNICATOR CORE
M:	Alice Core <alice@frob.example.org>
R:	Bob Review <bob@frob.example.org>
L:	frob-devel@lists.example.org
S:	Maintained
F:	src/
F:	include/frob/

FROBNICATOR DOCUMENTATION
M:	Dana Docs <dana@docs.example.org>
S:	Odd Fixes
F:	docs/

FROBNICATOR TOOLS
L:	frob-devel@lists.example.org
S:	Supported
F:	tools/
F:	scripts/*.sh

THE REST
M:	Alice Core <alice@frob.example.org>
L:	frob-devel@lists.example.org
S:	Buried alive in reporters
F:	*
F:	*/
EOF

cat >drivers/MAINTAINERS <<'EOF'
FROBNICATOR NETWORK DRIVERS
M:	Nils Net <nils@net.example.com>
M:	Nora Net <nora@net.example.com>
L:	frob-net@lists.example.org
S:	Maintained
F:	drivers/net/
X:	drivers/net/legacy.c

FROBNICATOR USB DRIVERS
M:	Uwe Usb <uwe@usb.example.net>
S:	Supported
F:	drivers/usb/*.c
F:	drivers/usb/*.h
EOF

cat >lib/MAINTAINERS <<'EOF'
FROBNICATOR LIBRARY
M:	Lars Lib <lars@lib.example.org>
S:	Orphan
F:	lib/

FROBNICATOR CRYPTO
M:	Cara Crypt <cara@crypt.example.org>
R:	Bob Review <bob@frob.example.org>
S:	Maintained
F:	lib/crypto/*
N:	crypt
EOF

cat >.mailmap <<'EOF'
# aliases of the frobnicator people
Alice Core <alice@frob.example.org> <alice@old-frob.example.org>
Alice Core <alice@frob.example.org> Alice C <alice.c@home.example.net>
Nils Net <nils@net.example.com> <nils@laptop.example.com>
Uwe Usb <uwe@usb.example.net> Uwe Uesbe <uwe@usb.example.net>
Tess Tester <tess@test.example.org> <tess@old.example.org>
EOF

cat >.get_maintainer.conf <<'EOF'
# the frobnicator's defaults
--notree --mpath . --find-maintainer-files
--git --git-min-percent 10 --git-since 2023-06-01  # one and a half years
--git-max-maintainers 4
EOF

cat >.get_maintainer.ignore <<'EOF'
# robots and people who asked not to be copied
Ci Bot <ci-bot@frob.example.org>
ci-bot@frob.example.org
Rita Retired <rita@frob.example.org>   # retired
EOF

# extra people for the history, as M: lines of a section no F: reaches
cat >>lib/MAINTAINERS <<'EOF'

FROBNICATOR CONTRIBUTORS (for the history fixture)
M:	Tess Tester <tess@test.example.org>
M:	Rita Retired <rita@frob.example.org>
M:	Ci Bot <ci-bot@frob.example.org>
M:	Pat Patch <pat@patch.example.com>
M:	Quinn Quick <quinn@quick.example.com>
M:	Sam Sender <sam@send.example.net>
S:	Maintained
EOF

i=0
for f in src/main.c src/frob.c src/parse.c src/util.c src/util.h \
	drivers/net/eth.c drivers/net/legacy.c drivers/net/phy.c \
	drivers/usb/core.c drivers/usb/core.h drivers/usb/host/ehci.c \
	lib/list.c lib/hash.c lib/crypto/sha.c lib/crypto/aes.c \
	docs/index.rst docs/api/frob.rst include/frob/frob.h \
	tools/bench/run.py scripts/release.sh Makefile; do
	i=$((i + 1))
	{
		echo "/* SPDX-License-Identifier: GPL-2.0 */"
		echo "/* $f: part of the frobnicator */"
		j=0
		while [ $j -lt $((20 + i * 3)) ]; do
			echo "int frob_${i}_$j(int x) { return x + $j; }"
			j=$((j + 1))
		done
	} >"$f"
done
