// SPDX-License-Identifier: GPL-2.0
#include "cli.h"
#include "lib/fileio.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *maint_cmd = "maint";

void error_msg(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "maint %s: ", maint_cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void print_diags(const struct diags *d)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	fflush(stdout);
	for (i = 0; i < d->nr; i++) {
		strbuf_reset(&sb);
		diag_format(&sb, &d->v[i]);
		strbuf_addch(&sb, '\n');
		fwrite(sb.buf, 1, sb.len, stderr);
	}
	strbuf_release(&sb);
}

int read_failure_status(const struct diags *d)
{
	size_t i;

	for (i = 0; i < d->nr; i++) {
		switch (d->v[i].id) {
		case D_OPEN:
		case D_READ:
			return d->v[i].err ? d->v[i].err : 255;
		case D_NOT_REGULAR:
			return EISDIR;
		case D_DUP_HEADER:
		case D_ODD_LINE:
			return ENOTTY;
		case D_NOMEM:
			return ENOMEM;
		default:
			break;
		}
	}
	return 255;
}

int write_outputs(const struct output *out, size_t n)
{
	struct atomic_file *af = calloc(n ? n : 1, sizeof(*af));
	size_t i;
	int err = 0;

	if (!af) {
		error_msg("out of memory");
		return ENOMEM;
	}
	for (i = 0; i < n; i++) {
		af[i].fd = -1;
		if (!strcmp(out[i].path, "-"))
			continue;
		if (atomic_open(&af[i], out[i].path, &err) ||
		    atomic_write(&af[i], out[i].data->buf, out[i].data->len,
				 &err)) {
			error_msg("%s: cannot write: %s", out[i].path,
				  strerror(err));
			goto fail;
		}
	}
	for (i = 0; i < n; i++) {
		if (!strcmp(out[i].path, "-")) {
			fflush(stdout);
			if (write_all(1, out[i].data->buf, out[i].data->len,
				      &err)) {
				error_msg("standard output: %s", strerror(err));
				goto fail;
			}
			continue;
		}
		if (atomic_commit(&af[i], &err)) {
			error_msg("%s: cannot rename into place: %s",
				  out[i].path, strerror(err));
			goto fail;
		}
	}
	free(af);
	return 0;
fail:
	for (i = 0; i < n; i++)
		atomic_rollback(&af[i]);
	free(af);
	return err ? err : EIO;
}

void show_usage(const char *text)
{
	fputs(text, stdout);
}
