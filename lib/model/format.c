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

/* sort_key() one byte at a time, for comparing without a buffer */
struct key_reader {
	const char *s;
	size_t len, i;
	int zs; /* 'Z's of a "THE REST" still to give */
};

/* The next byte of the key, or -1 at its end. */
static int key_next(struct key_reader *k)
{
	static const char rest[] = "THE REST";
	unsigned char c;
	size_t j;

	if (k->zs) {
		k->zs--;
		return 'Z';
	}
	if (k->i >= k->len)
		return -1;
	c = upper((unsigned char)k->s[k->i]);
	if (c == 'T' && k->len - k->i >= 8) {
		for (j = 1; j < 8; j++)
			if (upper((unsigned char)k->s[k->i + j]) != rest[j])
				break;
		if (j == 8) {
			k->i += 8;
			k->zs = 5;
			return 'Z';
		}
	}
	k->i++;
	return c;
}

int mnt_header_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	struct key_reader ka = { a, alen, 0, 0 }, kb = { b, blen, 0, 0 };
	int ca, cb;

	do {
		ca = key_next(&ka);
		cb = key_next(&kb);
		if (ca != cb)
			return ca < cb ? -1 : 1;
	} while (ca >= 0);
	return bytecmp(a, alen, b, blen);
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

/* A field line of a section and what it sorts by. */
struct line_key {
	const char *s;
	size_t len;
	int rank;
	char fx;
	size_t pos;
};

static int line_key_cmp(const void *pa, const void *pb)
{
	const struct line_key *a = pa, *b = pb;

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
static void sort_items(struct line_key *it, size_t n)
{
	size_t i, j;

	if (n > 32) {
		qsort(it, n, sizeof(*it), line_key_cmp);
		return;
	}
	for (i = 1; i < n; i++) {
		struct line_key t = it[i];

		for (j = i; j && line_key_cmp(&it[j - 1], &t) > 0; j--)
			it[j] = it[j - 1];
		it[j] = t;
	}
}

static void order_lines(const struct maintainers *m,
			const struct mnt_section *s, const struct ranks *rk,
			size_t *out, struct line_key *it)
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
	struct line_key *it = malloc((n ? n : 1) * sizeof(*it));
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
	struct line_key *it = malloc((s->nr ? s->nr : 1) * sizeof(*it));
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
	struct line_key *it = NULL;
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
