/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Carrying a change made to MAINTAINERS before the split onto the split
 * directory (maint split --carry, issue #24 item 9).
 *
 * The directory is joined (as maint join writes it), the patch's
 * MAINTAINERS hunks are applied to that text in order (each found by its
 * context and removed lines, compared as MAINTAINERS lines: a field line
 * by its letter and trimmed value; up to 3 context lines at each end may
 * be dropped, as patch's fuzz does), and the result is read again.
 * Every section that changed is written back to the file that holds it;
 * a section the patch adds goes where the plan (split_plan(), --by or
 * --rules) would put it, when that file exists, else to the rest file;
 * a section it removes leaves its file.  Files the patch touches other
 * than MAINTAINERS are left alone and noted.
 *
 * The library neither prints nor writes: the new text of each file that
 * changes is returned, with notes (D_CARRIED) and failures
 * (D_NOT_CARRIED, then nothing is returned) in d.
 */
#ifndef MAINT_CARRY_H
#define MAINT_CARRY_H

#include "diag.h"
#include "maintainers.h"
#include "patch.h"
#include "split.h"

struct carry_file {
	char *path; /* as m names it (DIR/name) */
	struct strbuf text;
};

struct carry {
	struct carry_file *v;
	size_t nr, alloc;
	size_t hunks; /* MAINTAINERS hunks carried */
};

struct carry_plan {
	enum split_by how;
	int min;
	const char *rules, *rules_name;
	size_t rules_len;
};

/*
 * m: the split directory as mnt_read_recursive() read it (dir its path);
 * p: the patch (name for messages).  0, or -1 with the reasons in d.
 */
int split_carry(const struct maintainers *m, const char *dir,
		const struct patch *p, const char *name,
		const struct carry_plan *cp, struct carry *out,
		struct diags *d);
void carry_release(struct carry *c);

#endif
