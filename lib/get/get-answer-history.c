// SPDX-License-Identifier: GPL-2.0
/*
 * get, the history in the answer: the hooks through which the history
 * room (signers, blame) adds to the answer being built, and the
 * script's loop over the files after the sections (--git,
 * --git-fallback, --git-blame, Fixes:).
 */
#include "get-answer.h"
#include "base/base.h"
#include "vcs/vcs.h"
#include "history/history.h"

#include <stdlib.h>
#include <string.h>

static void hop_normalize(void *ctx, struct strbuf *email)
{
	struct gm_answer_state *r = ctx;
	struct mnt_email e;
	struct strbuf f = STRBUF_INIT;

	mnt_email_init(&e);
	if (mnt_email_parse(r->ep, email->buf, email->len, &e) ||
	    mnt_email_format(r->ep, &f, e.name.buf, e.name.len, e.address.buf,
			     e.address.len, 1))
		r->nomem = true;
	strbuf_reset(email);
	strbuf_addbuf(email, &f);
	gm_check_email(r, &e, &f);
	gm_check_email(r, NULL, email);
	strbuf_release(&f);
	mnt_email_release(&e);
}

static void hop_dedupe(void *ctx, struct strbuf *email)
{
	gm_deduplicate_email(ctx, email);
}

static void hop_mailmap(void *ctx, struct strbuf *email)
{
	struct gm_answer_state *r = ctx;
	struct strbuf m = STRBUF_INIT;

	if (mnt_mailmap_map(&r->g->mailmap, email->buf, email->len, &m))
		r->nomem = true;
	strbuf_reset(email);
	strbuf_addbuf(email, &m);
	gm_check_email(r, NULL, &m);
	gm_check_email(r, NULL, email);
	strbuf_release(&m);
}

static void hop_push(void *ctx, const char *line, size_t len, const char *role)
{
	struct gm_answer_state *r = ctx;

	gm_push_email_address(r, line, len, "", 0);
	gm_add_role(r, line, len, role);
}

static int hop_valid(void *ctx, const char *s, size_t len)
{
	struct gm_answer_state *r = ctx;
	struct mnt_email_parser ep;
	int valid;

	if (r)
		return mnt_email_valid(r->ep, s, len);
	/* (the ignore file is read before any answer) */
	mnt_email_parser_init(&ep);
	valid = mnt_email_valid(&ep, s, len);
	mnt_email_parser_release(&ep);
	return valid;
}

void gm_history_ops(struct hist_ops *ops)
{
	ops->ctx = NULL;
	ops->normalize = hop_normalize;
	ops->dedupe = hop_dedupe;
	ops->mailmap = hop_mailmap;
	ops->push = hop_push;
	ops->valid = hop_valid;
}

/*
 * Does the script call vcs_file_signoffs() for file i?  With --git, or
 * with --git-fallback when no maintained section matched it exactly.
 */
static bool wants_signoffs(const struct gm_db *db, const struct gm_opts *o,
			   const char *file, bool exact)
{
	return o->history && o->email &&
	       (o->email_git || (o->email_git_fallback && !exact &&
				 !gm_is_maintainers_file(db, file, false)));
}

/* Can history change file's answer (then it is not remembered)? */
bool gm_history_matters(const struct gm_db *db, const struct gm_opts *o,
			const char *file, bool exact)
{
	if (!o->history || !o->email)
		return false;
	if (o->email_git_blame)
		return true;
	return wants_signoffs(db, o, file, exact) &&
	       !hist_file_quiet(o->history, file, false);
}

/* The script's loop over @files after the sections: signers, blame. */
void gm_answer_history(struct gm_answer_state *r, const struct gm_query *q,
		       const bool *exact)
{
	const struct gm_opts *o = r->o;
	struct history *h = o->history;
	char **want;
	size_t i, n = 0;

	if (!h || !q->nr_files)
		return;
	h->ops.ctx = r;
	want = calloc(q->nr_files, sizeof(*want));
	if (!want) {
		r->nomem = true;
		return;
	}
	for (i = 0; i < q->nr_files; i++)
		if (wants_signoffs(r->db, o, q->files[i], exact[i]))
			want[n++] = q->files[i];
	/* one git log for them all */
	if (n > 1 && vcs_prefetch_logs(&h->vcs, h->o.since, want, n))
		r->nomem = true;
	for (i = 0; i < q->nr_files && !r->nomem; i++) {
		if (wants_signoffs(r->db, o, q->files[i], exact[i]) &&
		    hist_file_signoffs(h, q->files[i]))
			r->nomem = true;
		if (o->email && o->email_git_blame &&
		    hist_file_blame(h, q->files[i]))
			r->nomem = true;
	}
	free(want);
}

/* vcs_add_commit_signers() for each Fixes: commit */
void gm_answer_fixes(struct gm_answer_state *r, const struct gm_query *q)
{
	struct history *h = r->o->history;
	size_t i;

	if (!h)
		return;
	h->ops.ctx = r;
	for (i = 0; i < q->nr_fixes && !r->nomem; i++)
		if (hist_commit_signers(h, q->fixes[i], "blamed_fixes"))
			r->nomem = true;
}

/* In the child: the logs, into the history cache. */
struct prefetch {
	struct history *h;
	char *const *files;
	size_t n;
	size_t warn0, info0; /* the lines the parent has already */
};

/* The child's exit: read, and the history index wants an update. */
#define PREFETCH_INDEX 3

/*
 * In the child: the logs read into the cache, and what the call would
 * have learnt on the way (its cache's warnings and notes, a NUL between)
 * written to the parent, which finds the logs cached and would not.
 */
static int prefetch_child(void *data)
{
	const struct prefetch *p = data;
	struct vcs *v = &p->h->vcs;
	int err;

	if (vcs_prefetch_logs(v, p->h->o.since, p->files, p->n))
		return 1;
	strbuf_addch(&v->cache_warn, '\0');
	strbuf_add(&v->cache_warn, v->cache_info.buf + p->info0,
		   v->cache_info.len - p->info0);
	if (strbuf_failed(&v->cache_warn) ||
	    write_all(1, v->cache_warn.buf + p->warn0,
		      v->cache_warn.len - p->warn0, &err))
		return 1;
	return v->hidx_want ? PREFETCH_INDEX : 0;
}

/* The child's lines, after its own, in v's. */
static void prefetch_lines(struct vcs *v, const struct strbuf *out)
{
	const char *nul = memchr(out->buf, '\0', out->len);

	if (!nul)
		return;
	strbuf_add(&v->cache_warn, out->buf, (size_t)(nul - out->buf));
	strbuf_add(&v->cache_info, nul + 1,
		   (size_t)(out->buf + out->len - nul - 1));
}

int gm_history_prefetch_wait(const struct gm_opts *o, struct run_bg *bg)
{
	struct vcs *v = &o->history->vcs;
	int st;

	if (!bg->pid)
		return 0;
	st = run_bg_wait(bg);
	if (st == 0 || st == PREFETCH_INDEX)
		prefetch_lines(v, bg->cmd.out);
	strbuf_release(bg->cmd.out);
	free(bg->cmd.out);
	if (st == PREFETCH_INDEX && !v->hidx_want) {
		v->hidx_want = strdup(o->history->o.since);
		if (!v->hidx_want)
			return -1;
	}
	st = st == 0 || st == PREFETCH_INDEX ? 0 : 1;
	strbuf_addf(&v->cache_info,
		    "the files' logs read beside the walk: %s\n",
		    st ? "failed (read again)" : "done");
	return strbuf_failed(&v->cache_info) ? -1 : st;
}

void gm_history_prefetch_stop(struct run_bg *bg)
{
	if (!bg->pid)
		return;
	run_bg_stop(bg);
	strbuf_release(bg->cmd.out);
	free(bg->cmd.out);
}

int gm_history_prefetch(const struct gm_opts *o, const struct gm_request *rq,
			struct run_bg *bg)
{
	struct history *h = o->history;
	struct prefetch p = { h, rq->paths, rq->nr, 0, 0 };
	struct strbuf *out;
	size_t i;

	bg->pid = 0;
	if (!h || !o->email || !o->email_git || !rq->files || !rq->nr ||
	    rq->prefix || !h->o.since || !*h->o.since)
		return 0;
	/* the names as the query keeps them, or the cache would miss */
	for (i = 0; i < rq->nr; i++)
		if (!strncmp(rq->paths[i], "./", 2) ||
		    strstr(rq->paths[i], "//"))
			return 0;
	if (!vcs_logs_missing(&h->vcs, h->o.since, rq->paths, rq->nr))
		return 0;
	p.warn0 = h->vcs.cache_warn.len;
	p.info0 = h->vcs.cache_info.len;
	out = malloc(sizeof(*out));
	if (!out)
		return -1;
	strbuf_init(out);
	if (run_bg_start(bg, prefetch_child, &p, out)) {
		free(out);
		return -1;
	}
	return 0;
}
