// SPDX-License-Identifier: GPL-2.0
#include "diag.h"
#include "fileio.h"
#include "strbuf.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	enum diag_severity sev;
	const char *name;
} catalogue[] = {
#define DIAG_ROW(id, sev, name) [id] = { sev, name },
	DIAG_CATALOGUE(DIAG_ROW)
#undef DIAG_ROW
};

enum diag_severity diag_severity(enum diag_id id)
{
	return catalogue[id].sev;
}

const char *diag_name(enum diag_id id)
{
	return catalogue[id].name;
}

const char *diag_severity_name(enum diag_severity sev)
{
	static const char *const names[] = { "note", "warning", "error",
					     "fatal" };

	return names[sev];
}

static void diag_push(struct diags *d, enum diag_id id, const char *file,
		      unsigned long line, int err, char *msg)
{
	struct diag *dg;

	/*
	 * If even the list cannot grow, keep the count so the caller still
	 * sees that something went wrong, and count it as lost.
	 */
	d->count[catalogue[id].sev]++;
	if (!ALLOC_GROW(d->v, d->nr + 1, d->alloc)) {
		free(msg);
		d->lost++;
		return;
	}
	dg = &d->v[d->nr++];
	dg->id = id;
	dg->file = file ? strdup(file) : NULL;
	if (file && !dg->file) { /* shown as "(out of memory)" */
		free(msg);
		msg = NULL;
	}
	dg->line = line;
	dg->err = err;
	dg->msg = msg;
	dg->seq = d->nr - 1;
}

void diag_add(struct diags *d, enum diag_id id, const char *file,
	      unsigned long line, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n >= 0 && strbuf_grow(&sb, (size_t)n)) {
		va_start(ap, fmt);
		vsnprintf(sb.buf, (size_t)n + 1, fmt, ap);
		va_end(ap);
		sb.len = (size_t)n;
	}
	diag_push(d, id, file, line, 0, strbuf_detach(&sb, NULL));
}

void diag_add_errno(struct diags *d, enum diag_id id, const char *file, int err,
		    const char *what)
{
	diag_add(d, id, file, 0, "%s: %s", what, file_strerror(err));
	if (d->nr && d->v[d->nr - 1].id == id)
		d->v[d->nr - 1].err = err;
}

void diags_release(struct diags *d)
{
	size_t i;

	for (i = 0; i < d->nr; i++) {
		free(d->v[i].msg);
		free(d->v[i].file);
	}
	free(d->v);
	memset(d, 0, sizeof(*d));
}

static int diag_cmp(const void *pa, const void *pb)
{
	const struct diag *a = pa, *b = pb;
	int c = strcmp(a->file ? a->file : "", b->file ? b->file : "");

	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

void diags_sort(struct diags *d)
{
	if (d->nr > 1)
		qsort(d->v, d->nr, sizeof(*d->v), diag_cmp);
}

int diags_worst(const struct diags *d)
{
	int s;

	for (s = SEV_FATAL; s >= SEV_NOTE; s--)
		if (d->count[s])
			return s;
	return -1;
}

int diags_has(const struct diags *d, enum diag_severity sev)
{
	return diags_worst(d) >= (int)sev;
}

void diag_format(struct strbuf *sb, const struct diag *dg)
{
	diag_format_as(sb, dg, catalogue[dg->id].sev);
}

void diag_format_as(struct strbuf *sb, const struct diag *dg,
		    enum diag_severity sev)
{
	if (dg->file) {
		strbuf_addstr(sb, dg->file);
		if (dg->line)
			strbuf_addf(sb, ":%lu", dg->line);
		strbuf_addstr(sb, ": ");
	}
	strbuf_addf(sb, "%s: %s",
		    diag_severity_name(sev == SEV_FATAL ? SEV_ERROR : sev),
		    dg->msg ? dg->msg : "(out of memory)");
}
