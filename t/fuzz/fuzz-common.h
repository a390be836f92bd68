/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the libFuzzer harnesses: parse a buffer as a
 * MAINTAINERS file and render it as maint format writes it.
 */
#ifndef MAINT_FUZZ_COMMON_H
#define MAINT_FUZZ_COMMON_H

#include "base/diag.h"
#include "model/format.h"
#include "model/maintainers.h"
#include "base/strbuf.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A property that does not hold: print both sides and crash. */
#define FUZZ_ASSERT(cond, a, b)                                    \
	do {                                                       \
		if (!(cond)) {                                     \
			fprintf(stderr,                            \
				"property failed: %s\n--- a\n%s\n" \
				"--- b\n%s\n",                     \
				#cond, (a), (b));                  \
			abort();                                   \
		}                                                  \
	} while (0)

/* Parse a copy of data; 0 or -1 (then m is released and re-inited). */
static inline int fuzz_parse(struct maintainers *m, const char *name,
			     const void *data, size_t size)
{
	struct diags d = DIAGS_INIT;
	char *buf = malloc(size + 1);
	int ret;

	mnt_init(m);
	if (!buf)
		return -1;
	memcpy(buf, data, size);
	buf[size] = '\0';
	ret = mnt_parse(m, name, buf, size, &d);
	diags_release(&d);
	if (ret) {
		mnt_release(m);
		mnt_init(m);
	}
	return ret;
}

/* maint format's output for m (sections sorted, order as given). */
static inline int fuzz_render(const struct maintainers *m, const char *order,
			      struct strbuf *out)
{
	size_t *idx = malloc((m->nr_sections + 1) * sizeof(*idx));
	size_t i;
	int ret = -1;

	if (!idx)
		return -1;
	for (i = 0; i < m->nr_sections; i++)
		idx[i] = i;
	if (!mnt_sort_sections(m, idx, m->nr_sections))
		ret = mnt_render(m, idx, m->nr_sections, order, out);
	free(idx);
	return ret;
}

#endif
