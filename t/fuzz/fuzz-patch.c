// SPDX-License-Identifier: GPL-2.0
/*
 * The patch reader (lib/patch.c): whatever the text, it ends; a hunk it
 * accepts has exactly the lines its header counts (context and removed
 * lines make the old count, context and added the new); every line lies
 * in its file's buffer; a file's path is found without crashing; and
 * get's line-by-line scanner reads the same text.
 */
#include "fuzz-common.h"
#include "base/patch.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct patch p = PATCH_INIT;
	struct diags d = DIAGS_INIT;
	size_t i, h, l;

	if (!patch_parse(&p, "fuzz", (const char *)data, size, &d)) {
		for (i = 0; i < p.nr; i++) {
			const struct patch_file *f = &p.files[i];

			patch_path(f, -1);
			patch_path(f, 1);
			for (h = 0; h < f->nr_hunks; h++) {
				const struct patch_hunk *k = &f->hunks[h];
				unsigned long old = 0, new = 0;

				FUZZ_ASSERT(k->first + k->nr <= f->nr_lines,
					    "hunk", "lines");
				for (l = k->first; l < k->first + k->nr; l++) {
					const struct patch_line *pl =
						&f->lines[l];

					FUZZ_ASSERT(pl->off + pl->len <=
							    f->buf.len,
						    "line", "buffer");
					old += pl->op != '+';
					new += pl->op != '-';
				}
				FUZZ_ASSERT(old == k->old_count &&
						    new == k->new_count,
					    "hunk counts", "lines");
			}
		}
	}
	patch_release(&p);
	diags_release(&d);
	return 0;
}
