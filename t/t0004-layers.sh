#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The house's rules (doc/architecture.md), checked by scripts/layers.pl:
# folders with one public header, includes and calls that point down, no
# circle between files, no file over 800 lines or function over 100.
# Breaches still accepted are listed in t/layers-known, which can only
# shrink.  Each rule is also shown to catch a breach planted in a copy.
. "$(dirname "$0")/test-lib.sh"

LAYERS=$SRC_DIR/scripts/layers.pl
KNOWN=$SRC_DIR/t/layers-known

if ! command -v nm >/dev/null; then
	skip_all 'no nm (binutils)'
fi

test_expect_success 'the tree keeps the rules (but the known breaches)' '
	ls "$SRC_DIR"/lib/*/*.o >/dev/null &&
	"$LAYERS" --known "$KNOWN" --objects "$SRC_DIR" >out ||
		{ cat out; false; }
'

# A copy of the sources (no objects) to plant breaches in.
test_expect_success 'a copy of the sources keeps them too' '
	mkdir copy &&
	(cd "$SRC_DIR" && tar cf - *.c *.h builtin lib --exclude="*.o" \
		--exclude="*.d" --exclude="*.a") | (cd copy && tar xf -) &&
	"$LAYERS" --known "$KNOWN" copy >out || { cat out; false; }
'

planted() {
	"$LAYERS" --known "$KNOWN" "$@" copy >out
	test $? = 1 && grep -q "$expect" out || { cat out; false; }
}

test_expect_success 'a private header included from another folder' '
	cp copy/builtin/get.c get.c.orig &&
	sed -i "1a #include \"get/get-internal.h\"" copy/builtin/get.c &&
	expect="^include: builtin/get.c:2: \"get/get-internal.h\" is private" \
		planted &&
	cp get.c.orig copy/builtin/get.c
'

test_expect_success 'an include that points up' '
	cp copy/lib/model/format.c format.c.orig &&
	sed -i "1a #include \"get/get.h\"" copy/lib/model/format.c &&
	expect="^layer: lib/model/format.c:2: lib/model (layer 1) includes lib/get (layer 4)" \
		planted &&
	cp format.c.orig copy/lib/model/format.c
'

test_expect_success 'the old flat lib/ and a folder without its header' '
	echo "int x;" >copy/lib/loose.c &&
	expect="^folder: lib/loose.c: not in a folder" planted &&
	rm copy/lib/loose.c &&
	mv copy/lib/split/split.h split.h.orig &&
	expect="^folder: lib/split: no public header lib/split/split.h" \
		planted &&
	mv split.h.orig copy/lib/split/split.h
'

test_expect_success 'a file over 800 lines, a function over 100' '
	{
		echo "int f(void);" &&
		echo "int f(void)" && echo "{" &&
		for i in $(seq 99); do echo "	;"; done &&
		echo "	return 0;" && echo "}" &&
		for i in $(seq 700); do echo "/* */"; done
	} >copy/lib/base/long.c &&
	expect="^size: lib/base/long.c: 804 lines" planted &&
	expect="^function: lib/base/long.c: f(): 102 lines" planted &&
	rm copy/lib/base/long.c
'

test_expect_success 'two structs of one name' '
	printf "struct sec {\n\tint a;\n};\n" >copy/lib/base/one.c &&
	printf "struct sec {\n\tint b;\n};\n" >copy/lib/model/two.c &&
	expect="^type: struct sec: defined in lib/base/one.c:1 and lib/model/two.c:1" \
		planted &&
	rm copy/lib/base/one.c copy/lib/model/two.c
'

test_expect_success 'a known breach that is gone is reported stale' '
	{ cat "$KNOWN" && echo "size: lib/base/none.c"; } >known &&
	"$LAYERS" --known known copy >out
	test $? = 1 &&
	grep -q "^stale: size: lib/base/none.c" out || { cat out; false; }
'

test_expect_success 'two files that call each other, a call up (objects)' '
	mkdir -p obj/lib/base obj/lib/model &&
	printf "int b(void);\nint a(void);\nint a(void)\n{\n\treturn b();\n}\n" >a.c &&
	printf "int a(void);\nint b(void);\nint b(void)\n{\n\treturn a();\n}\n" >b.c &&
	printf "int m(void);\nint m(void)\n{\n\treturn 0;\n}\n" >m.c &&
	printf "int m(void);\nint u(void);\nint u(void)\n{\n\treturn m();\n}\n" >u.c &&
	cc -c -o obj/lib/base/a.o a.c && cc -c -o obj/lib/base/b.o b.c &&
	cc -c -o obj/lib/model/m.o m.c && cc -c -o obj/lib/base/u.o u.c &&
	for d in base model; do touch obj/lib/$d/$d.h; done &&
	"$LAYERS" --objects obj >out
	test $? = 1 &&
	grep -q "^cycle: lib/base/a.c lib/base/b.c: call each other" out &&
	grep -q "^layer: lib/base/u.c: calls up into lib/model/m.c" out ||
		{ cat out; false; }
'

test_done
