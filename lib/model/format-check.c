// SPDX-License-Identifier: GPL-2.0
/*
 * mnt_check_canonical(): where the input files depart from the form
 * format writes (section order, field lines, blank lines).
 */
#include "format.h"

#include <stdlib.h>
#include <string.h>

/*
 * Mark the members of one longest increasing subsequence of rank[0..n)
 * (distinct values): whatever is not in it is what has to move.
 */
static int mark_lis(const size_t *rank, size_t n, unsigned char *in)
{
	size_t *tail = malloc((n + 1) * sizeof(*tail));
	size_t *prev = malloc((n + 1) * sizeof(*prev));
	size_t len = 0, i, k;
	int ret = -1;

	if (!tail || !prev)
		goto out;
	for (i = 0; i < n; i++) {
		size_t lo = 0, hi = len;

		while (lo < hi) {
			size_t mid = (lo + hi) / 2;

			if (rank[tail[mid]] < rank[i])
				lo = mid + 1;
			else
				hi = mid;
		}
		prev[i] = lo ? tail[lo - 1] : (size_t)-1;
		tail[lo] = i;
		if (lo == len)
			len++;
	}
	memset(in, 0, n);
	for (k = len ? tail[len - 1] : (size_t)-1; k != (size_t)-1; k = prev[k])
		in[k] = 1;
	ret = 0;
out:
	free(tail);
	free(prev);
	return ret;
}

static void add_quoted_name(struct strbuf *sb, const char *s, size_t len)
{
	strbuf_addch(sb, '\'');
	strbuf_add_quoted(sb, s, len);
	strbuf_addch(sb, '\'');
}

/* A message there was no memory for is not added: its failure is sticky */
static void report(struct diags *d, enum diag_id id, const char *file,
		   unsigned long line, struct strbuf *msg)
{
	if (!strbuf_failed(msg))
		diag_add(d, id, file, line, "%s", msg->buf);
	strbuf_reset(msg);
}

/*
 * Report the members of seq[0..n) (in file order) that are out of the
 * order given by sorted[0..n).  name(i) describes element i.
 */
struct misplaced {
	const size_t *seq; /* file order */
	const size_t *sorted; /* canonical order */
	size_t n;
};

static size_t find_pos(const size_t *seq, size_t n, size_t v)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (seq[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* seq must be strictly increasing (file order of sections or lines). */
static int find_misplaced(const struct misplaced *mp, unsigned char *in,
			  size_t *next_of)
{
	size_t *rank = malloc((mp->n ? mp->n : 1) * sizeof(*rank));
	size_t i, j;
	int ret;

	if (!rank)
		return -1;
	for (j = 0; j < mp->n; j++) {
		i = find_pos(mp->seq, mp->n, mp->sorted[j]);
		rank[i] = j;
		next_of[i] = j + 1 < mp->n ? mp->sorted[j + 1] : (size_t)-1;
	}
	ret = mark_lis(rank, mp->n, in);
	free(rank);
	return ret;
}

static long check_sections(const struct maintainers *m, unsigned f,
			   const size_t *seq, size_t n, struct diags *d)
{
	size_t *sorted = malloc((n ? n : 1) * sizeof(*sorted));
	size_t *next_of = malloc((n ? n : 1) * sizeof(*next_of));
	unsigned char *in = malloc(n ? n : 1);
	struct strbuf msg = STRBUF_INIT;
	struct misplaced mp = { seq, sorted, n };
	long found = -1;
	size_t i;

	if (!sorted || !next_of || !in)
		goto out;
	if (n) /* seq may be NULL for a file without sections */
		memcpy(sorted, seq, n * sizeof(*seq));
	if (mnt_sort_sections(m, sorted, n))
		goto out;
	if (find_misplaced(&mp, in, next_of))
		goto out;
	found = 0;
	for (i = 0; i < n; i++) {
		const struct mnt_section *s = &m->sections[seq[i]];

		if (in[i])
			continue;
		if (s->header_len) {
			strbuf_addstr(&msg, "section ");
			add_quoted_name(&msg, s->header, s->header_len);
		} else {
			/* the script takes the blank line as its header */
			strbuf_addstr(&msg, "a section without a header "
					    "(field lines after a blank line)");
		}
		strbuf_addstr(&msg, " is out of order: ");
		if (next_of[i] == (size_t)-1) {
			strbuf_addstr(&msg, "it belongs at the end");
		} else {
			const struct mnt_section *t = &m->sections[next_of[i]];

			strbuf_addstr(&msg, "it belongs before ");
			add_quoted_name(&msg, t->header, t->header_len);
			strbuf_addf(&msg, " (line %lu)", t->lineno);
		}
		report(d, D_SECTION_ORDER, m->files[f].name, s->lineno, &msg);
		found++;
	}
out:
	if (strbuf_failed(&msg))
		found = -1;
	strbuf_release(&msg);
	free(sorted);
	free(next_of);
	free(in);
	return found;
}

/* The raw lines of one file, by number (1-based). */
struct rawlines {
	const char *data;
	size_t len;
	size_t *start; /* start[k]: offset of line k + 1; start[nr] = len */
	unsigned long nr;
	bool crlf; /* the first line ends in "\r\n": each line's CR is its end */
};

static int rawlines_init(struct rawlines *r, const char *data, size_t len)
{
	size_t i, alloc = 0;

	memset(r, 0, sizeof(*r));
	r->data = data;
	r->len = len;
	for (i = 0; i < len; i++) {
		if (i && data[i - 1] != '\n')
			continue;
		if (!ALLOC_GROW(r->start, r->nr + 2, alloc))
			return -1;
		r->start[r->nr++] = i;
	}
	if (!ALLOC_GROW(r->start, r->nr + 1, alloc))
		return -1;
	r->start[r->nr] = len;
	i = r->nr > 1 ? r->start[1] : len;
	r->crlf = i > 1 && data[i - 1] == '\n' && data[i - 2] == '\r';
	return 0;
}

/* Line lineno without its newline, or NULL past the end. */
static const char *rawline(const struct rawlines *r, unsigned long lineno,
			   size_t *len)
{
	size_t b, e;

	if (!lineno || lineno > r->nr)
		return NULL;
	b = r->start[lineno - 1];
	e = r->start[lineno];
	if (e > b && r->data[e - 1] == '\n')
		e--;
	if (r->crlf && e > b && r->data[e - 1] == '\r')
		e--; /* said once for the file (mnt_check_canonical()) */
	*len = e - b;
	return r->data + b;
}

/* The length of s[0..len) without trailing white space. */
static size_t rtrim_len(const char *s, size_t len)
{
	while (len && mnt_isspace((unsigned char)s[len - 1]))
		len--;
	return len;
}

/* Did rawline() take a CR off line r (rlen bytes) as its end? */
static bool cr_taken(const struct rawlines *raw, const char *r, size_t rlen)
{
	return r + rlen < raw->data + raw->len && r[rlen] == '\r';
}

/* Is a field line of file f canonical but for its CR (a CRLF file)? */
static bool cr_fields(const struct maintainers *m, unsigned f,
		      const struct rawlines *raw)
{
	const struct mnt_line *l;
	const char *r;
	size_t i, k, rlen;

	for (i = 1; i < m->nr_sections; i++) {
		if (m->sections[i].file != f)
			continue;
		l = mnt_section_lines(m, &m->sections[i]);
		for (k = 0; k < m->sections[i].nr; k++) {
			if (!l[k].type || l[k].canonical)
				continue;
			r = rawline(raw, l[k].lineno, &rlen);
			if (r && cr_taken(raw, r, rlen) && rlen == l[k].len &&
			    !memcmp(r, l[k].s, rlen))
				return true;
		}
	}
	return false;
}

static long check_fields(const struct maintainers *m,
			 const struct mnt_section *s, const char *order,
			 const struct rawlines *raw, struct diags *d)
{
	const struct mnt_line *l = mnt_section_lines(m, s);
	const char *fname = m->files[s->file].name;
	struct strbuf msg = STRBUF_INIT;
	size_t n = s->nr, i;
	size_t *seq = NULL, *sorted = NULL, *next_of = NULL;
	unsigned char *in = NULL;
	long found = 0;

	for (i = 0; i < n; i++) {
		const char *r;
		size_t rlen = 0, tlen;

		if (!l[i].type || l[i].canonical)
			continue;
		r = raw ? rawline(raw, l[i].lineno, &rlen) : NULL;
		tlen = r ? rtrim_len(r, rlen) : 0;
		if (r && tlen < rlen) {
			/* checkpatch.pl: "trailing whitespace" */
			strbuf_addstr(&msg, "trailing whitespace");
			if (tlen != l[i].len || memcmp(r, l[i].s, tlen))
				strbuf_addf(&msg,
					    "; and not in canonical form "
					    "'%c:<TAB>value'",
					    l[i].type);
		} else if (r && cr_taken(raw, r, rlen) && rlen == l[i].len &&
			   !memcmp(r, l[i].s, rlen)) {
			continue; /* only its CR: the file's CRLF, said once */
		} else if (r && r + rlen == raw->data + raw->len &&
			   rlen == l[i].len && !memcmp(r, l[i].s, rlen)) {
			strbuf_addstr(&msg,
				      "no newline at the end of the file");
		} else {
			strbuf_addf(&msg,
				    "field line is not in canonical form "
				    "'%c:<TAB>value'",
				    l[i].type);
		}
		report(d, D_FIELD_FORM, fname, l[i].lineno, &msg);
		found++;
	}
	if (!order || n < 2)
		goto out;
	seq = malloc(n * sizeof(*seq));
	sorted = malloc(n * sizeof(*sorted));
	next_of = malloc(n * sizeof(*next_of));
	in = malloc(n);
	if (!seq || !sorted || !next_of || !in ||
	    mnt_order_lines(m, s, order, sorted)) {
		found = -1;
		goto out;
	}
	for (i = 0; i < n; i++)
		seq[i] = s->first + i;
	{
		struct misplaced mp = { seq, sorted, n };

		if (find_misplaced(&mp, in, next_of)) {
			found = -1;
			goto out;
		}
	}
	for (i = 0; i < n; i++) {
		if (in[i])
			continue;
		add_quoted_name(&msg, l[i].s, l[i].len);
		strbuf_addstr(&msg, " is out of order in section ");
		add_quoted_name(&msg, s->header, s->header_len);
		if (next_of[i] != (size_t)-1 &&
		    m->lines[next_of[i]].len == l[i].len &&
		    !memcmp(m->lines[next_of[i]].s, l[i].s, l[i].len)) {
			/* a repeated line: not an order to keep but a copy */
			strbuf_addf(&msg,
				    ": it belongs next to its copy at "
				    "line %lu",
				    m->lines[next_of[i]].lineno);
		} else if (next_of[i] != (size_t)-1) {
			strbuf_addstr(&msg, ": it belongs before ");
			add_quoted_name(&msg, m->lines[next_of[i]].s,
					m->lines[next_of[i]].len);
		} else {
			strbuf_addstr(&msg, ": it belongs last");
		}
		report(d, D_FIELD_ORDER, fname, l[i].lineno, &msg);
		found++;
	}
out:
	if (strbuf_failed(&msg))
		found = -1;
	strbuf_release(&msg);
	free(seq);
	free(sorted);
	free(next_of);
	free(in);
	return found;
}

/* First line where actual and expected differ; 0 when equal. */
static unsigned long first_difference(const char *a, size_t alen, const char *e,
				      size_t elen, const char **exp_line,
				      size_t *exp_len)
{
	unsigned long line = 1;
	size_t i = 0, start = 0;

	while (i < alen && i < elen && a[i] == e[i]) {
		if (a[i] == '\n') {
			line++;
			start = i + 1;
		}
		i++;
	}
	if (i == alen && i == elen)
		return 0;
	*exp_line = e + start;
	*exp_len = 0;
	while (start + *exp_len < elen && e[start + *exp_len] != '\n')
		(*exp_len)++;
	return line;
}

/*
 * The layout of one file, each place on its own (whatever the order of
 * the sections): one blank line before each section but the first,
 * headers and blank lines without white space.  seq[0..n) are the
 * file's sections in file order.
 */
static long check_layout(const struct maintainers *m, unsigned f,
			 const size_t *seq, size_t n,
			 const struct rawlines *raw, struct diags *d)
{
	const char *fname = m->files[f].name;
	struct strbuf msg = STRBUF_INIT;
	unsigned long prev_end = 0, k;
	long found = 0;
	size_t i, len;
	const char *r;

	for (i = 0; i < n; i++) {
		const struct mnt_section *s = &m->sections[seq[i]];

		if (!s->header_len) /* section-order says it */
			goto next;
		r = rawline(raw, s->lineno, &len);
		if (r && rtrim_len(r, len) < len) {
			strbuf_addstr(&msg, "trailing whitespace after "
					    "section header ");
			add_quoted_name(&msg, s->header, s->header_len);
			report(d, D_LAYOUT, fname, s->lineno, &msg);
			found++;
		} else if (r && len && mnt_isspace((unsigned char)*r)) {
			strbuf_addstr(&msg, "white space before section "
					    "header ");
			add_quoted_name(&msg, s->header, s->header_len);
			report(d, D_LAYOUT, fname, s->lineno, &msg);
			found++;
		}
		if (!i) /* the preamble is kept as it is */
			goto next;
		if (prev_end + 1 == s->lineno) {
			strbuf_addstr(&msg, "no blank line before section ");
			add_quoted_name(&msg, s->header, s->header_len);
			report(d, D_LAYOUT, fname, s->lineno, &msg);
			found++;
			goto next;
		}
		for (k = prev_end + 1; k < s->lineno; k++) {
			r = rawline(raw, k, &len);
			if (!r)
				break;
			if (len && !rtrim_len(r, len))
				strbuf_addstr(&msg, "trailing whitespace on a "
						    "blank line");
			else if (k > prev_end + 1 && !len)
				strbuf_addstr(&msg, "more than one blank line "
						    "between sections");
			else if (len)
				strbuf_addstr(&msg, "stray text between "
						    "sections");
			else
				continue;
			report(d, D_LAYOUT, fname, k, &msg);
			found++;
		}
next:
		if (s->nr)
			prev_end = m->lines[s->first + s->nr - 1].lineno;
	}
	if (strbuf_failed(&msg))
		found = -1;
	strbuf_release(&msg);
	return found;
}

long mnt_check_canonical(const struct maintainers *m, const char *order,
			 struct diags *d)
{
	struct strbuf want = STRBUF_INIT, msg = STRBUF_INIT;
	struct rawlines raw = { NULL, 0, NULL, 0 };
	size_t *seq = NULL, alloc = 0, n, i;
	long found = 0, r;
	unsigned f;

	for (f = 0; f < m->nr_files; f++) {
		const struct mnt_file *mf = &m->files[f];
		long before = found;
		const char *el;
		size_t elen;
		unsigned long line;

		free(raw.start);
		if (rawlines_init(&raw, mf->data, mf->len))
			goto nomem;
		if (raw.crlf && cr_fields(m, f, &raw)) {
			strbuf_addstr(&msg, "CRLF line ends: the scripts read "
					    "each line's CR as part of it (its "
					    "value, pattern, address); end "
					    "the lines with LF alone");
			report(d, D_FIELD_FORM, mf->name, 1, &msg);
			found++;
		}
		n = 0;
		for (i = 1; i < m->nr_sections; i++) {
			if (m->sections[i].file != f)
				continue;
			if (!ALLOC_GROW(seq, n + 1, alloc))
				goto nomem;
			seq[n++] = i;
			r = check_fields(m, &m->sections[i], order, &raw, d);
			if (r < 0)
				goto nomem;
			found += r;
		}
		r = check_layout(m, f, seq, n, &raw, d);
		if (r < 0)
			goto nomem;
		found += r;
		r = check_sections(m, f, seq, n, d);
		if (r < 0)
			goto nomem;
		found += r;

		/* Anything else (blank lines, stray text): render, compare. */
		strbuf_reset(&want);
		strbuf_add(&want, m->preamble.buf + mf->preamble_start,
			   mf->preamble_end - mf->preamble_start);
		if (mnt_sort_sections(m, seq, n))
			goto nomem;
		if (n) {
			/* the preamble is already in; render the sections */
			if (mnt_render(m, seq, n, order, &want))
				goto nomem;
		}
		if (strbuf_failed(&want))
			goto nomem;
		if (found > before)
			continue;
		line = first_difference(mf->data, mf->len, want.buf, want.len,
					&el, &elen);
		if (!line)
			continue;
		strbuf_addstr(&msg, "not in canonical layout; expected ");
		if (elen)
			add_quoted_name(&msg, el, elen);
		else if (el < want.buf + want.len)
			strbuf_addstr(&msg, "a blank line");
		else
			strbuf_addstr(&msg, "end of file");
		report(d, D_LAYOUT, mf->name, line, &msg);
		found++;
	}
	if (strbuf_failed(&msg))
		goto nomem;
	strbuf_release(&want);
	strbuf_release(&msg);
	free(raw.start);
	free(seq);
	return found;
nomem:
	strbuf_release(&want);
	strbuf_release(&msg);
	free(raw.start);
	free(seq);
	return -1;
}
