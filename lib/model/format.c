// SPDX-License-Identifier: GPL-2.0
#include "format.h"

#include <stdlib.h>
#include <string.h>

static inline unsigned char upper(unsigned char c)
{
	return c >= 'a' && c <= 'z' ? (unsigned char)(c - 'a' + 'A') : c;
}

/*
 * Perl's: $k = uc $k; $k =~ s/THE REST/ZZZZZZ/g;  Writes at most len bytes
 * to out and returns how many.
 */
static size_t sort_key(char *out, const char *s, size_t len)
{
	static const char rest[] = "THE REST";
	size_t i = 0, j, o = 0;

	while (i < len) {
		unsigned char c = upper((unsigned char)s[i]);

		if (c == 'T' && len - i >= 8) {
			for (j = 1; j < 8; j++)
				if (upper((unsigned char)s[i + j]) != rest[j])
					break;
			if (j == 8) {
				memcpy(out + o, "ZZZZZZ", 6);
				o += 6;
				i += 8;
				continue;
			}
		}
		out[o++] = (char)c;
		i++;
	}
	return o;
}

int mnt_header_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	char *ka = malloc(alen + blen + 1);
	size_t la, lb;
	int c;

	if (!ka) /* cannot fold: fall back to plain bytes */
		return bytecmp(a, alen, b, blen);
	la = sort_key(ka, a, alen);
	lb = sort_key(ka + la, b, blen);
	c = bytecmp(ka, la, ka + la, lb);
	free(ka);
	return c ? c : bytecmp(a, alen, b, blen);
}

struct skey {
	size_t off, len; /* into the key buffer */
	const char *raw;
	size_t rawlen;
	size_t idx;
};

static const char *key_base;

static int skey_cmp(const void *pa, const void *pb)
{
	const struct skey *a = pa, *b = pb;
	int c = bytecmp(key_base + a->off, a->len, key_base + b->off, b->len);

	return c ? c : bytecmp(a->raw, a->rawlen, b->raw, b->rawlen);
}

int mnt_sort_sections(const struct maintainers *m, size_t *idx, size_t n)
{
	struct skey *k;
	char *keys;
	size_t i, total = 1, off = 0;

	for (i = 0; i < n; i++)
		total += m->sections[idx[i]].header_len;
	k = malloc((n ? n : 1) * sizeof(*k));
	keys = malloc(total);
	if (!k || !keys) {
		free(k);
		free(keys);
		return -1;
	}
	for (i = 0; i < n; i++) {
		const struct mnt_section *s = &m->sections[idx[i]];

		k[i].off = off;
		k[i].len = sort_key(keys + off, s->header, s->header_len);
		off += k[i].len;
		k[i].raw = s->header;
		k[i].rawlen = s->header_len;
		k[i].idx = idx[i];
	}
	key_base = keys;
	qsort(k, n, sizeof(*k), skey_cmp);
	for (i = 0; i < n; i++)
		idx[i] = k[i].idx;
	free(k);
	free(keys);
	return 0;
}

struct litem {
	const char *s;
	size_t len;
	int rank;
	char fx;
	size_t pos;
};

static int litem_cmp(const void *pa, const void *pb)
{
	const struct litem *a = pa, *b = pb;

	if (a->fx && a->fx == b->fx) {
		int c = bytecmp(a->s, a->len, b->s, b->len);

		if (c)
			return c;
	} else if (a->rank != b->rank) {
		return a->rank < b->rank ? -1 : 1;
	}
	return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/*
 * by_pattern's index(): the rank of each possible first byte, computed
 * once per order string.  A missing letter sorts last (1000); an empty
 * line has rank 0, as index($order, "") is 0.
 */
struct ranks {
	short r[256];
};

static void make_ranks(struct ranks *rk, const char *order)
{
	unsigned c;

	for (c = 0; c < 256; c++) {
		const char *p = c ? strchr(order, upper((unsigned char)c)) :
				    NULL;

		rk->r[c] = (short)(p ? p - order : 1000);
	}
}

static int field_rank(const struct ranks *rk, const char *s, size_t len)
{
	return len ? rk->r[(unsigned char)s[0]] : 0;
}

/* Stable sort: insertion for the short lists sections have, else qsort. */
static void sort_items(struct litem *it, size_t n)
{
	size_t i, j;

	if (n > 32) {
		qsort(it, n, sizeof(*it), litem_cmp);
		return;
	}
	for (i = 1; i < n; i++) {
		struct litem t = it[i];

		for (j = i; j && litem_cmp(&it[j - 1], &t) > 0; j--)
			it[j] = it[j - 1];
		it[j] = t;
	}
}

static void order_lines(const struct maintainers *m,
			const struct mnt_section *s, const struct ranks *rk,
			size_t *out, struct litem *it)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		out[i] = s->first + i;
	if (!rk || s->nr < 2)
		return;
	for (i = 0; i < s->nr; i++) {
		const struct mnt_line *l = &m->lines[s->first + i];
		unsigned char c = l->len ? upper((unsigned char)l->s[0]) : 0;

		it[i].s = l->s;
		it[i].len = l->len;
		it[i].rank = field_rank(rk, l->s, l->len);
		it[i].fx = (char)(c == 'F' || c == 'X' ? c : 0);
		it[i].pos = s->first + i;
	}
	sort_items(it, s->nr);
	for (i = 0; i < s->nr; i++)
		out[i] = it[i].pos;
}

int mnt_order_texts(struct mnt_text *v, size_t n, const char *order)
{
	struct litem *it = malloc((n ? n : 1) * sizeof(*it));
	struct mnt_text *copy = malloc((n ? n : 1) * sizeof(*copy));
	struct ranks rk;
	size_t i;

	if (!it || !copy) {
		free(it);
		free(copy);
		return -1;
	}
	make_ranks(&rk, order);
	for (i = 0; i < n; i++) {
		unsigned char c = v[i].len ? upper((unsigned char)v[i].s[0]) :
					     0;

		it[i].s = v[i].s;
		it[i].len = v[i].len;
		it[i].rank = field_rank(&rk, v[i].s, v[i].len);
		it[i].fx = (char)(c == 'F' || c == 'X' ? c : 0);
		it[i].pos = i;
	}
	sort_items(it, n);
	memcpy(copy, v, n * sizeof(*v));
	for (i = 0; i < n; i++)
		v[i] = copy[it[i].pos];
	free(it);
	free(copy);
	return 0;
}

int mnt_order_lines(const struct maintainers *m, const struct mnt_section *s,
		    const char *order, size_t *out)
{
	struct litem *it = malloc((s->nr ? s->nr : 1) * sizeof(*it));
	struct ranks rk;

	if (!it)
		return -1;
	if (order)
		make_ranks(&rk, order);
	order_lines(m, s, order ? &rk : NULL, out, it);
	free(it);
	return 0;
}

/* The preamble rendered: the model's, or one file's part of it. */
struct pre {
	const char *s;
	size_t len;
};

static int render_pre(const struct maintainers *m, const size_t *idx, size_t n,
		      const char *order, const struct pre *pre,
		      struct strbuf *out, struct sink *sink);

static int render(const struct maintainers *m, const size_t *idx, size_t n,
		  const char *order, struct strbuf *out, struct sink *sink)
{
	struct pre pre = { m->preamble.buf, m->preamble.len };

	return render_pre(m, idx, n, order, &pre, out, sink);
}

static int render_pre(const struct maintainers *m, const size_t *idx, size_t n,
		      const char *order, const struct pre *pre,
		      struct strbuf *out, struct sink *sink)
{
	size_t *lines = NULL, max = 1, i, j, need = 0;
	struct litem *it = NULL;
	struct ranks rk;
	int sep = 0, ret = -1;

	if (order)
		make_ranks(&rk, order);
	/* the exact size of the output */
	for (i = 0; i < n; i++) {
		const struct mnt_section *s = &m->sections[idx[i]];

		if (s->nr > max)
			max = s->nr;
		if (s->preamble) {
			need += pre->len;
			continue;
		}
		need += s->header_len + 1 + (sep ? 1 : 0);
		sep = 1;
		for (j = 0; j < s->nr; j++)
			need += m->lines[s->first + j].len + 1;
	}
	sep = 0;
	if (sink && sink->reserve)
		sink->reserve(sink, need);
	if (sink && need > SINK_CHUNK)
		need = SINK_CHUNK + 4096;
	lines = malloc(max * sizeof(*lines));
	it = malloc(max * sizeof(*it));
	if (!lines || !it || !strbuf_grow(out, need))
		goto out;
	for (i = 0; i < n; i++) {
		const struct mnt_section *s = &m->sections[idx[i]];

		if (s->preamble) {
			strbuf_add(out, pre->s, pre->len);
		} else {
			if (sep)
				strbuf_addch(out, '\n');
			sep = 1;
			strbuf_add(out, s->header, s->header_len);
			strbuf_addch(out, '\n');
			order_lines(m, s, order ? &rk : NULL, lines, it);
			for (j = 0; j < s->nr; j++) {
				strbuf_add(out, m->lines[lines[j]].s,
					   m->lines[lines[j]].len);
				strbuf_addch(out, '\n');
			}
		}
		if (sink && sink_flush(sink, false))
			goto out;
	}
	if (sink ? sink_finish(sink) : strbuf_failed(out))
		goto out;
	ret = 0;
out:
	free(lines);
	free(it);
	return ret;
}

int mnt_render(const struct maintainers *m, const size_t *idx, size_t n,
	       const char *order, struct strbuf *out)
{
	return render(m, idx, n, order, out, NULL);
}

int mnt_render_file(const struct maintainers *m, unsigned file,
		    const size_t *idx, size_t n, const char *order,
		    struct strbuf *out)
{
	const struct mnt_file *f = &m->files[file];
	struct pre pre = { m->preamble.buf + f->preamble_start,
			   f->preamble_end - f->preamble_start };
	size_t *all = malloc((n + 1) * sizeof(*all));
	int ret;

	if (!all)
		return -1;
	all[0] = 0; /* sections[0]: the preamble, here this file's part */
	memcpy(all + 1, idx, n * sizeof(*idx));
	ret = render_pre(m, all, n + 1, order, &pre, out, NULL);
	free(all);
	return ret;
}

int mnt_render_sink(const struct maintainers *m, const size_t *idx, size_t n,
		    const char *order, struct sink *out)
{
	return render(m, idx, n, order, &out->buf, out);
}

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

static void report(struct diags *d, enum diag_id id, const char *file,
		   unsigned long line, struct strbuf *msg)
{
	diag_add(d, id, file, line, "%s",
		 strbuf_failed(msg) ? "(out of memory)" : msg->buf);
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
		found += check_layout(m, f, seq, n, &raw, d);
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
