// SPDX-License-Identifier: GPL-2.0
#include "cli.h"
#include "base/base.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

const char *maint_cmd; /* NULL: maint itself */

void error_msg(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	if (maint_cmd)
		fprintf(stderr, "maint %s: ", maint_cmd);
	else
		fputs("maint: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void suggest_value(const char *opt, const char *word, size_t len,
		   const char *const *cand, size_t n)
{
	size_t i, d, best = (size_t)-1, k = 0;

	for (i = 0; i < n; i++) {
		if (!cand[i])
			continue;
		d = suggest_distance(word, len, cand[i], strlen(cand[i]));
		if (d < best)
			best = d;
	}
	if (!suggest_close(best, len))
		return;
	fflush(stdout);
	fputs(maint_cmd ? "maint " : "maint", stderr);
	fprintf(stderr, "%s: did you mean ", maint_cmd ? maint_cmd : "");
	for (i = 0; i < n; i++)
		if (cand[i] && suggest_distance(word, len, cand[i],
						strlen(cand[i])) == best)
			fprintf(stderr, "%s'--%s=%s'", k++ ? " or " : "", opt,
				cand[i]);
	fputs("?\n", stderr);
}

/* diag_format()'s line, when there was no memory to build it */
static void print_diag_unbuffered(const struct diag *dg)
{
	enum diag_severity sev = diag_severity(dg->id);

	if (dg->file && dg->line)
		fprintf(stderr, "%s:%lu: ", dg->file, dg->line);
	else if (dg->file)
		fprintf(stderr, "%s: ", dg->file);
	fprintf(stderr, "%s: %s\n",
		diag_severity_name(sev == SEV_FATAL ? SEV_ERROR : sev),
		dg->msg ? dg->msg : "(out of memory)");
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
		if (strbuf_failed(&sb)) /* the whole line, not cut short */
			print_diag_unbuffered(&d->v[i]);
		else
			fwrite(sb.buf, 1, sb.len, stderr);
	}
	if (d->lost)
		error_msg("out of memory: %zu message%s lost", d->lost,
			  d->lost == 1 ? "" : "s");
	strbuf_release(&sb);
}

int read_failure_status(const struct diags *d)
{
	size_t i;

	for (i = 0; i < d->nr; i++) {
		switch (d->v[i].id) {
		case D_OPEN:
		case D_READ:
			return d->v[i].err ? file_exit_status(d->v[i].err) :
					     EXIT_PERL_DIE;
		case D_NOT_REGULAR:
			return EISDIR;
		case D_DUP_HEADER:
		case D_ODD_LINE:
			return EXIT_PERL_ENOTTY;
		case D_NOMEM:
			return ENOMEM;
		default:
			break;
		}
	}
	return d->lost ? ENOMEM : EXIT_PERL_DIE;
}

static int flush_to_file(struct sink *s)
{
	struct atomic_file *af = s->ctx;

	return atomic_write(af, s->buf.buf, s->buf.len, &s->err);
}

static void reserve_file(struct sink *s, size_t size)
{
	atomic_reserve(s->ctx, size);
}

static int flush_to_stdout(struct sink *s)
{
	return write_all(1, s->buf.buf, s->buf.len, &s->err);
}

int write_outputs(const struct output *out, size_t n)
{
	struct atomic_file *af = calloc(n ? n : 1, sizeof(*af));
	struct sink s = SINK_INIT;
	size_t i;
	int err = 0;

	if (!af) {
		error_msg("out of memory");
		return ENOMEM;
	}
	for (i = 0; i < n; i++)
		af[i].fd = -1;
	for (i = 0; i < n; i++) {
		bool to_stdout = !strcmp(out[i].path, "-");

		s.err = 0;
		s.failed = false;
		strbuf_reset(&s.buf);
		s.flush = to_stdout ? flush_to_stdout : flush_to_file;
		s.reserve = to_stdout ? NULL : reserve_file;
		s.ctx = &af[i];
		if (!to_stdout && atomic_open(&af[i], out[i].path, &s.err))
			goto fail;
		fflush(stdout);
		if (out[i].produce(out[i].arg, &s))
			goto fail;
	}
	/* all renamed, or none: every target as it was */
	if (atomic_commit_all(af, n, &i, &err)) {
		if (err == ENOMEM)
			error_msg("out of memory");
		else
			error_msg("%s: cannot write: %s", out[i].path,
				  file_strerror(err));
		goto out;
	}
	goto out;
fail:
	/* produce() failed with no I/O error: it had no memory */
	err = s.err ? s.err : ENOMEM;
	if (err == ENOMEM)
		error_msg("out of memory");
	else
		error_msg("%s: cannot write: %s",
			  strcmp(out[i].path, "-") ? out[i].path :
						     "standard output",
			  file_strerror(err));
out:
	for (i = 0; i < n; i++)
		atomic_rollback(&af[i]);
	strbuf_release(&s.buf);
	free(af);
	return err ? file_exit_status(err) : 0;
}
