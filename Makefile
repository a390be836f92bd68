# SPDX-License-Identifier: GPL-2.0
#
# make              build ./maint
# make check        unit tests and shell tests (prove); the kernel
#                   comparison tests run when the kernel tree is cached
# make test         the whole suite: fetch the kernel tree, then check
# make install      PREFIX=/usr/local, DESTDIR honoured
# make WERROR=1     treat warnings as errors (CI)
# make SANITIZE=1 check
#                   build with ASan + UBSan (leaks reported) and test;
#                   a change of flags rebuilds every object (BUILD-FLAGS)
# make faults      t0831, t0832, t0833 with every injection point swept
#                   (check runs them too, split --series at every 8th
#                   call, within about two minutes)
# make fuzz FUZZ_SECONDS=N
#                   build the libFuzzer harnesses in t/fuzz (clang) and
#                   run each for N seconds (60) on its seed corpus

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
CC ?= cc
# git describe in a checkout, debian/changelog's version elsewhere
VERSION := $(shell scripts/version.sh)
ifeq ($(strip $(VERSION)),)
$(error scripts/version.sh gave no version)
endif
# zsh's $fpath (Debian's): vendor-completions under /usr (the package),
# site-functions under any other prefix (/usr/local)
ZSHCOMPDIR ?= $(if $(filter /usr /usr/,$(PREFIX)),$(PREFIX)/share/zsh/vendor-completions,$(PREFIX)/share/zsh/site-functions)

PCRE2_CFLAGS := $(shell pcre2-config --cflags 2>/dev/null)
PCRE2_LIBS := $(shell pcre2-config --libs8 2>/dev/null || echo -lpcre2-8)

WARNINGS = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	    -Wno-unused-parameter -Wformat=2 -Wvla \
	    -Wno-missing-field-initializers # option tables name what they use
ifeq ($(WERROR),1)
WARNINGS += -Werror
endif
CFLAGS ?= -O2 -g
ifeq ($(SANITIZE),1)
SAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all \
	     -fno-omit-frame-pointer
CFLAGS += $(SAN_FLAGS)
LDFLAGS += $(SAN_FLAGS)
endif
ALL_CFLAGS = -std=c11 -Ilib -D_POSIX_C_SOURCE=200809L $(WARNINGS) $(PCRE2_CFLAGS) \
	      $(CPPFLAGS) $(CFLAGS)
LDLIBS = $(PCRE2_LIBS) -lz -pthread

LIB_OBJS = lib/activity/activity.o lib/activity/activity-report.o \
	   lib/base/arena.o lib/base/binheap.o lib/base/atomic.o lib/base/diag.o \
	   lib/base/fileio.o lib/base/glob.o lib/base/json.o lib/base/patch.o \
	   lib/base/perlre.o lib/base/regex.o lib/base/run.o lib/base/strbuf.o \
	   lib/base/strmap.o lib/base/suggest.o lib/base/tempfile.o lib/base/ustr.o \
	   lib/check/cc-check.o lib/check/check-coverage.o \
	   lib/check/check-fields.o lib/check/check-files.o \
	   lib/check/check-lines.o lib/check/check-opts.o \
	   lib/check/check-patch.o lib/check/check-selftest.o \
	   lib/check/check-tree.o lib/check/check.o \
	   lib/export/export-chiefs.o lib/export/export-json.o \
	   lib/export/export.o \
	   lib/get/get-answer-emit.o lib/get/get-answer-history.o \
	   lib/get/get-answer.o lib/get/get-collect.o lib/get/get-db.o \
	   lib/get/get-file-emails.o lib/get/get-json.o lib/get/get-lists.o \
	   lib/get/get-match.o lib/get/get-query.o lib/get/get-scan.o \
	   lib/get/get-series.o lib/get/get-setup.o lib/get/get-texts.o \
	   lib/get/get-walk.o \
	   lib/history/history.o \
	   lib/vcs/vcs-activity.o lib/vcs/vcs-cache.o lib/vcs/vcs-cmd.o \
	   lib/vcs/vcs-commit-graph.o lib/vcs/vcs-date.o lib/vcs/vcs-graph.o lib/vcs/vcs-log.o \
	   lib/vcs/vcs-hidx.o lib/vcs/vcs-hidx-log.o \
	   lib/vcs/vcs-repo.o lib/vcs/vcs-run.o lib/vcs/vcs.o \
	   lib/merge/merge-check.o lib/merge/merge-fields.o \
	   lib/merge/merge-git.o lib/merge/merge-hunks.o lib/merge/merge-moves.o \
	   lib/merge/merge-repair.o lib/merge/merge-text.o lib/merge/merge.o \
	   lib/model/add.o lib/model/chiefs.o lib/model/email.o \
	   lib/model/format-check.o lib/model/format.o \
	   lib/model/generation.o lib/model/mail.o lib/model/mailmap.o \
	   lib/model/maintainers.o lib/split/carry.o lib/split/split.o \
	   lib/split/series-git.o lib/split/series-readers.o \
	   lib/split/series-text.o lib/split/series.o lib/split/split-name.o \
	   lib/split/split-rules.o
BUILTIN_OBJS = builtin/check.o builtin/format.o builtin/get.o builtin/merge.o \
	        builtin/split.o builtin/export.o \
	        builtin/add.o builtin/activity.o
TOOL_OBJS = maint.o cli.o heap.o parse-options.o $(BUILTIN_OBJS)
UNIT_TESTS = t/unit/test-rfc822 t/unit/test-parse t/unit/test-strbuf t/unit/test-merge \
	      t/unit/test-check t/unit/test-patch t/unit/test-removetree \
	      t/unit/test-history t/unit/test-match t/unit/test-run \
	      t/unit/test-date t/unit/test-binheap t/unit/test-fileio
MANPAGES = doc/maint.1 doc/maint-check.1 doc/maint-format.1 \
	    doc/maint-get.1 \
	    doc/maint-merge.1 doc/maint-split.1 doc/maint-export.1 \
	    doc/maint-add.1 doc/maint-activity.1
# pages that are symbolic links to OTHER.1 in doc/ (man -l reads them in
# the source tree): installed as symbolic links to OTHER.1 too
MANLINKS = doc/maint-move.1 doc/maint-join.1

all: maint

# Every object depends on the flags it was built with: switching
# SANITIZE (or CC, CFLAGS) rebuilds everything instead of mixing objects.
BUILD-FLAGS: FORCE
	@echo '$(CC) $(ALL_CFLAGS) $(LDFLAGS)' >BUILD-FLAGS+
	@cmp -s BUILD-FLAGS+ BUILD-FLAGS && rm -f BUILD-FLAGS+ || \
		mv BUILD-FLAGS+ BUILD-FLAGS

maint: $(TOOL_OBJS) lib/libmaint.a BUILD-FLAGS
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(TOOL_OBJS) lib/libmaint.a $(LDLIBS)

maint.o: CFLAGS_EXTRA = -DMAINT_VERSION='"$(VERSION)"'
maint.o: VERSION-FILE

# maint.o is rebuilt when the version changes (a commit, a tag), not
# on every make
VERSION-FILE: FORCE
	@echo '$(VERSION)' >VERSION-FILE+
	@cmp -s VERSION-FILE+ VERSION-FILE && rm -f VERSION-FILE+ || \
		mv VERSION-FILE+ VERSION-FILE

%.o: %.c BUILD-FLAGS
	$(CC) $(ALL_CFLAGS) $(CFLAGS_EXTRA) -MMD -MP -c -o $@ $<

lib/libmaint.a: $(LIB_OBJS)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJS)

t/unit/%: t/unit/%.o t/unit/tap.o lib/libmaint.a BUILD-FLAGS
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< t/unit/tap.o lib/libmaint.a $(LDLIBS)

# with SANITIZE=1: a sanitizer report fails the command, so the test
ASAN_OPTIONS ?= detect_leaks=1:abort_on_error=0:exitcode=99
UBSAN_OPTIONS ?= print_stacktrace=1:halt_on_error=1:exitcode=99
export ASAN_OPTIONS UBSAN_OPTIONS

# the unit tests' programs, built (make alone builds only the tool)
units: $(UNIT_TESTS)

check: maint $(UNIT_TESTS)
	prove -j2 --timer --exec bash t/t[0-9]*.sh

# the signal, I/O and allocation fault sweeps (t/lib-fault.sh), every point
faults: maint
	MAINT_FAULT_FULL=1 prove --timer --exec bash t/t0831-signals.sh \
		t/t0832-faults.sh t/t0833-alloc-faults.sh

# libFuzzer harnesses: clang, their own objects (t/fuzz/obj), never mixed
# with the tool's.  Seeds: t/fuzz/corpus/NAME (committed, small) and
# what t/fuzz/seed.sh makes from the kernel tree when it is cached;
# crashes are kept in t/fuzz/regress/NAME and replayed by t0810.
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_CFLAGS = -g -O1 -fno-sanitize-recover=all -std=c11 -Ilib \
	       -D_POSIX_C_SOURCE=200809L -I. $(PCRE2_CFLAGS)
FUZZ_SAN = address,undefined
FUZZERS = t/fuzz/fuzz-format t/fuzz/fuzz-merge t/fuzz/fuzz-regex \
	   t/fuzz/fuzz-get t/fuzz/fuzz-patch
FUZZ_LIB_OBJS = $(patsubst lib/%.o,t/fuzz/obj/%.o,$(LIB_OBJS))

t/fuzz/obj/%.o: lib/%.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link,$(FUZZ_SAN) \
		-MMD -MP -c -o $@ $<

t/fuzz/fuzz-%: t/fuzz/fuzz-%.c t/fuzz/fuzz-common.h $(FUZZ_LIB_OBJS)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer,$(FUZZ_SAN) -o $@ $< \
		$(FUZZ_LIB_OBJS) $(PCRE2_LIBS) -lz -pthread

fuzzers: $(FUZZERS)

fuzz: $(FUZZERS)
	t/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZERS)

test: maint $(UNIT_TESTS)
	scripts/get-kernel.sh >/dev/null
	scripts/get-maintainers-file.sh 6.1 >/dev/null
	MAINT_KERNEL_VERSION=6.1 scripts/get-kernel.sh >/dev/null
	MAINT_NEED_KERNEL=1 prove -j2 --timer --exec bash t/t[0-9]*.sh

kernel:
	scripts/get-kernel.sh

bench: maint
	bench/run

install: maint
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 maint $(DESTDIR)$(BINDIR)/maint
	install -m 644 $(MANPAGES) $(DESTDIR)$(MANDIR)/man1/
	for f in $(MANLINKS); do \
		t=$$(readlink $$f) && test -n "$$t" && \
		ln -sf "$$t" "$(DESTDIR)$(MANDIR)/man1/$${f##*/}" || exit 1; \
	done
	install -d $(DESTDIR)$(BASHCOMPDIR)
	install -m 644 contrib/completion/maint.bash \
		$(DESTDIR)$(BASHCOMPDIR)/maint
	install -d $(DESTDIR)$(ZSHCOMPDIR)
	install -m 644 contrib/completion/_maint $(DESTDIR)$(ZSHCOMPDIR)/_maint

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/maint
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(notdir $(MANPAGES) \
	       $(MANLINKS)))
	rm -f $(DESTDIR)$(BASHCOMPDIR)/maint
	rm -f $(DESTDIR)$(ZSHCOMPDIR)/_maint

clean:
	rm -f maint *.o */*.o lib/*/*.o t/unit/*.o *.d */*.d lib/*/*.d \
	       t/unit/*.d lib/libmaint.a \
	       $(UNIT_TESTS)
	rm -rf t/trash.* t/fuzz/obj BUILD-FLAGS BUILD-FLAGS+ VERSION-FILE \
	        VERSION-FILE+
	rm -f $(FUZZERS)

.PHONY: all units check test kernel bench install uninstall clean fuzz fuzzers faults \
	FORCE
.SECONDARY:

-include $(wildcard *.d */*.d lib/*/*.d t/unit/*.d t/fuzz/obj/*/*.d)
