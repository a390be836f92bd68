# SPDX-License-Identifier: GPL-2.0
#
# make              build ./maint
# make check        unit tests and shell tests (prove); the kernel
#                   comparison tests run when the kernel tree is cached
# make test         the whole suite: fetch the kernel tree, then check
# make install      PREFIX=/usr/local, DESTDIR honoured
# make WERROR=1     treat warnings as errors (CI)

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
CC ?= cc
VERSION := $(shell git describe --always --dirty 2>/dev/null || echo 0.1)

PCRE2_CFLAGS := $(shell pcre2-config --cflags 2>/dev/null)
PCRE2_LIBS := $(shell pcre2-config --libs8 2>/dev/null || echo -lpcre2-8)

WARNINGS = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	   -Wno-unused-parameter -Wformat=2 -Wvla \
	   -Wno-missing-field-initializers # option tables name what they use
ifeq ($(WERROR),1)
WARNINGS += -Werror
endif
CFLAGS ?= -O2 -g
ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARNINGS) $(PCRE2_CFLAGS) \
	     $(CFLAGS)
LDLIBS = $(PCRE2_LIBS)

LIB_OBJS = lib/arena.o lib/check.o lib/check-patch.o lib/check-selftest.o lib/diag.o lib/email.o lib/fileio.o lib/format.o \
	   lib/get-answer.o lib/get-db.o lib/get-json.o lib/get-match.o lib/get-query.o lib/glob.o \
	   lib/history.o lib/vcs.o \
	   lib/mailmap.o lib/patch.o lib/run.o lib/ustr.o \
	   lib/merge.o lib/perlre.o lib/split.o lib/strmap.o lib/suggest.o \
	   lib/json.o lib/export.o \
	   lib/maintainers.o lib/regex.o lib/strbuf.o
BUILTIN_OBJS = builtin/check.o builtin/format.o builtin/get.o builtin/merge.o \
	       builtin/split.o builtin/split-series.o builtin/export.o
TOOL_OBJS = maint.o cli.o parse-options.o $(BUILTIN_OBJS)
UNIT_TESTS = t/unit/test-parse t/unit/test-strbuf t/unit/test-merge \
	     t/unit/test-check t/unit/test-patch t/unit/test-removetree \
	     t/unit/test-history
MANPAGES = doc/maint.1 doc/maint-check.1 doc/maint-format.1 \
	   doc/maint-get.1 \
	   doc/maint-merge.1 doc/maint-split.1 doc/maint-export.1
# pages that are ".so man1/OTHER.1" in doc/: installed as symbolic links
# to OTHER.1, which man -l and man both read
MANLINKS = doc/maint-move.1 doc/maint-join.1

all: maint

maint: $(TOOL_OBJS) lib/libmaint.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(TOOL_OBJS) lib/libmaint.a $(LDLIBS)

maint.o: CFLAGS_EXTRA = -DMAINT_VERSION='"$(VERSION)"'

%.o: %.c
	$(CC) $(ALL_CFLAGS) $(CFLAGS_EXTRA) -MMD -MP -c -o $@ $<

lib/libmaint.a: $(LIB_OBJS)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJS)

t/unit/%: t/unit/%.o t/unit/tap.o lib/libmaint.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< t/unit/tap.o lib/libmaint.a $(LDLIBS)

check: maint $(UNIT_TESTS)
	prove -j2 --exec bash t/t[0-9]*.sh

test: maint $(UNIT_TESTS)
	scripts/get-kernel.sh >/dev/null
	scripts/get-maintainers-file.sh 6.1 >/dev/null
	MAINT_KERNEL_VERSION=6.1 scripts/get-kernel.sh >/dev/null
	MAINT_NEED_KERNEL=1 prove -j2 --exec bash t/t[0-9]*.sh

kernel:
	scripts/get-kernel.sh

bench: maint
	bench/run

install: maint
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 maint $(DESTDIR)$(BINDIR)/maint
	install -m 644 $(MANPAGES) $(DESTDIR)$(MANDIR)/man1/
	for f in $(MANLINKS); do \
		t=$$(sed -n 's|^\.so man1/||p' $$f) && test -n "$$t" && \
		ln -sf "$$t" "$(DESTDIR)$(MANDIR)/man1/$${f##*/}" || exit 1; \
	done
	install -d $(DESTDIR)$(BASHCOMPDIR)
	install -m 644 contrib/completion/maint.bash \
		$(DESTDIR)$(BASHCOMPDIR)/maint

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/maint
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(notdir $(MANPAGES) \
	      $(MANLINKS)))
	rm -f $(DESTDIR)$(BASHCOMPDIR)/maint

clean:
	rm -f maint *.o */*.o t/unit/*.o *.d */*.d t/unit/*.d lib/libmaint.a \
	      $(UNIT_TESTS)
	rm -rf t/trash.*

.PHONY: all check test kernel bench install uninstall clean
.SECONDARY:

-include $(wildcard *.d */*.d t/unit/*.d)
