// SPDX-License-Identifier: GPL-2.0
/*
 * vcs-graph: the logs of a few files (up to VCS_GRAPH_FILES) without a walk
 * by git per file (see vcs-internal.h):
 *
 *  - the walk: the commits git log --since shows from HEAD, in its
 *    order (the script's --follow walk prunes nothing): from git's
 *    commit-graph when it holds HEAD, done here (newest committer date
 *    first, equal dates in the order reached, parents in their order,
 *    a commit older than --since neither shown nor walked past, merges
 *    not shown); else git rev-list --no-merges --since=S HEAD;
 *  - per file, the commits of the walk whose changed-path Bloom filter
 *    may hold its path and directories (every commit where there is no
 *    filter), given to one git log --no-walk --stdin with the lines of
 *    vcs-log.c, in chunks run at once;
 *  - at a commit that adds the file (where --follow looks for a rename
 *    or a copy in the whole parent tree) git log --follow of that
 *    commit alone gives the pairing --follow makes; the source found
 *    there gives the path for the rest of the walk, as --follow does.
 *
 * The graph is what git would load: objects/info/commit-graph, else the
 * chain in objects/info/commit-graphs/, of the object directory or else
 * of the first alternate that has one.  It is mapped read-only and
 * never written.
 */
#define _XOPEN_SOURCE 700

#include "vcs-internal.h"

#include "base/base.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NO_PARENT 0x70000000u
#define EDGE_BIT 0x80000000u
/* Commits per git log --no-walk run at once (at least). */
#define CHUNK_MIN 32

struct layer {
	char *data;
	size_t len;
	bool mapped;
	uint32_t n, base; /* its commits; the commits of the layers below */
	const unsigned char *fanout, *oidl, *cdat, *edge, *bidx, *bdat;
	size_t nedge, bdat_len;
	uint32_t nhash, hashver; /* nhash 0: no Bloom filters */
};

struct vcs_graph {
	struct layer *l;
	size_t nl, alloc;
	uint32_t total;
	unsigned hashlen;
};

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static uint64_t be64(const unsigned char *p)
{
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

/* ---- reading the graph ---- */

/* The chunks of a mapped layer: 0, or -1 (not a graph git 2.39 reads). */
static int layer_chunks(struct layer *l, unsigned *hashlen, unsigned nbase)
{
	const unsigned char *u = (const unsigned char *)l->data;
	size_t i, nchunks, oidl = 0, cdat = 0, bidx = 0;

	if (l->len < 8 + 12 || memcmp(u, "CGPH", 4) || u[4] != 1 ||
	    (u[5] != 1 && u[5] != 2) || u[7] != nbase)
		return -1;
	*hashlen = u[5] == 1 ? 20 : 32;
	nchunks = u[6];
	if (8 + 12 * (nchunks + 1) > l->len)
		return -1;
	for (i = 0; i < nchunks; i++) {
		const unsigned char *c = u + 8 + 12 * i;
		uint64_t off = be64(c + 4), end = be64(c + 16);

		if (off > end || end > l->len)
			return -1;
		if (!memcmp(c, "OIDF", 4) && end - off >= 1024)
			l->fanout = u + off;
		else if (!memcmp(c, "OIDL", 4))
			l->oidl = u + off, oidl = (size_t)(end - off);
		else if (!memcmp(c, "CDAT", 4))
			l->cdat = u + off, cdat = (size_t)(end - off);
		else if (!memcmp(c, "EDGE", 4))
			l->edge = u + off, l->nedge = (size_t)(end - off) / 4;
		else if (!memcmp(c, "BIDX", 4))
			l->bidx = u + off, bidx = (size_t)(end - off);
		else if (!memcmp(c, "BDAT", 4))
			l->bdat = u + off, l->bdat_len = (size_t)(end - off);
	}
	if (!l->fanout || !l->oidl || !l->cdat)
		return -1;
	l->n = be32(l->fanout + 255 * 4);
	if (oidl < (size_t)l->n * *hashlen ||
	    cdat < (size_t)l->n * (*hashlen + 16))
		return -1;
	if (l->bidx && l->bdat && bidx >= (size_t)l->n * 4 &&
	    l->bdat_len >= 12) {
		l->hashver = be32(l->bdat);
		l->nhash = be32(l->bdat + 4);
		if ((l->hashver != 1 && l->hashver != 2) || l->nhash > 32)
			l->nhash = 0;
	}
	return 0;
}

static int add_layer(struct vcs_graph *g, const char *path)
{
	struct layer *l;
	unsigned hashlen = 0;
	int err;

	if (!ALLOC_GROW(g->l, g->nl + 1, g->alloc))
		return -1;
	l = memset(&g->l[g->nl], 0, sizeof(*l));
	if (map_path(path, &l->data, &l->len, &l->mapped, &err))
		return -1;
	g->nl++;
	if (layer_chunks(l, &hashlen, (unsigned)(g->nl - 1)) ||
	    (g->hashlen && hashlen != g->hashlen) ||
	    g->total > UINT32_MAX - l->n)
		return -1;
	g->hashlen = hashlen;
	l->base = g->total;
	g->total += l->n;
	return 0;
}

static void graph_free(struct vcs_graph *g)
{
	size_t i;

	if (!g)
		return;
	for (i = 0; i < g->nl; i++)
		unmap_file(g->l[i].data, g->l[i].len, g->l[i].mapped);
	free(g->l);
	free(g);
}

/* The graph of one object directory: 1 loaded, 0 none there, -1 bad. */
static int objects_graph(struct vcs_graph *g, const char *objects)
{
	struct strbuf f = STRBUF_INIT, t = STRBUF_INIT;
	const char *p, *e;
	int ret = 1;

	strbuf_addf(&f, "%s/info/commit-graph", objects);
	if (!access(f.buf, F_OK)) {
		ret = add_layer(g, f.buf) ? -1 : 1;
		goto out;
	}
	strbuf_reset(&f);
	strbuf_addf(&f, "%s/info/commit-graphs/commit-graph-chain", objects);
	ret = 0;
	if (vcs_read_small(f.buf, &t))
		goto out;
	ret = 1;
	for (p = t.buf; ret > 0 && p < t.buf + t.len; p = e + 1) {
		e = memchr(p, '\n', t.len - (size_t)(p - t.buf));
		if (!e)
			e = t.buf + t.len;
		if (e == p)
			continue;
		strbuf_reset(&f);
		strbuf_addf(&f, "%s/info/commit-graphs/graph-%.*s.graph",
			    objects, (int)(e - p), p);
		if (add_layer(g, f.buf))
			ret = -1;
	}
	if (!g->nl)
		ret = 0;
out:
	strbuf_release(&f);
	strbuf_release(&t);
	return ret;
}

/* The graph of the alternates (absolute or relative object directories). */
static int alternates_graph(struct vcs_graph *g, const char *objects)
{
	struct strbuf f = STRBUF_INIT, t = STRBUF_INIT, d = STRBUF_INIT;
	const char *p, *e;
	int ret = 0;

	strbuf_addf(&f, "%s/info/alternates", objects);
	if (vcs_read_small(f.buf, &t))
		goto out;
	for (p = t.buf; !ret && p < t.buf + t.len; p = e + 1) {
		e = memchr(p, '\n', t.len - (size_t)(p - t.buf));
		if (!e)
			e = t.buf + t.len;
		/* (a quoted name: not read here) */
		if (e == p || *p == '#' || *p == '"')
			continue;
		strbuf_reset(&d);
		if (*p != '/')
			strbuf_addf(&d, "%s/", objects);
		strbuf_add(&d, p, (size_t)(e - p));
		vcs_chomp(&d);
		ret = objects_graph(g, d.buf);
	}
out:
	strbuf_release(&f);
	strbuf_release(&t);
	strbuf_release(&d);
	return ret;
}

/*
 * Load the commit-graph once (v->graph; NULL when there is none git
 * would read, or one this code does not).
 */
static struct vcs_graph *graph_load(struct vcs *v)
{
	struct strbuf o = STRBUF_INIT;
	struct vcs_graph *g;
	int ret;

	if (v->graph_ready)
		return v->graph;
	v->graph_ready = true;
	vcs_repo_setup(v);
	if (!v->commondir || getenv("GIT_OBJECT_DIRECTORY"))
		return NULL;
	g = calloc(1, sizeof(*g));
	if (!g)
		return NULL;
	strbuf_addf(&o, "%s/objects", v->commondir);
	ret = objects_graph(g, o.buf);
	if (!ret)
		ret = alternates_graph(g, o.buf);
	strbuf_release(&o);
	if (ret <= 0 || !g->total) {
		graph_free(g);
		return NULL;
	}
	v->graph = g;
	return g;
}

void vcs_graph_release(struct vcs *v)
{
	graph_free(v->graph);
	v->graph = NULL;
	v->graph_ready = false;
}

/* The layer of commit pos, and its index there. */
static const struct layer *layer_of(const struct vcs_graph *g, uint32_t pos,
				    uint32_t *local)
{
	size_t i = g->nl;

	while (i-- > 0)
		if (pos >= g->l[i].base) {
			*local = pos - g->l[i].base;
			return &g->l[i];
		}
	*local = pos;
	return &g->l[0];
}

static const char hx[] = "0123456789abcdef";

/* The position of the commit with this hex id, or -1. */
static int64_t graph_find(const struct vcs_graph *g, const char *hex)
{
	unsigned char oid[32];
	size_t i;

	for (i = 0; i < 2 * g->hashlen; i++) {
		const char *d = strchr(hx, hex[i]);

		if (!hex[i] || !d)
			return -1;
		oid[i / 2] = (unsigned char)(i % 2 ? oid[i / 2] | (d - hx) :
						     (d - hx) << 4);
	}
	for (i = 0; i < g->nl; i++) {
		const struct layer *l = &g->l[i];
		uint32_t lo = oid[0] ? be32(l->fanout + 4 * (oid[0] - 1)) : 0;
		uint32_t hi = be32(l->fanout + 4 * oid[0]);

		if (hi > l->n)
			return -1;
		while (lo < hi) {
			uint32_t mid = lo + (hi - lo) / 2;
			int c = memcmp(l->oidl + (size_t)mid * g->hashlen, oid,
				       g->hashlen);

			if (!c)
				return (int64_t)l->base + mid;
			if (c < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
	}
	return -1;
}

/*
 * The parents of commit pos (at most max in p; their count returned;
 * -1 a bad graph) and its committer date.
 */
static int graph_parents(const struct vcs_graph *g, uint32_t pos, uint32_t *p,
			 int max, uint64_t *date)
{
	uint32_t local, p1, p2, e;
	const struct layer *l = layer_of(g, pos, &local);
	const unsigned char *c = l->cdat + (size_t)local * (g->hashlen + 16);
	int n = 0;

	c += g->hashlen;
	p1 = be32(c);
	p2 = be32(c + 4);
	*date = (uint64_t)(be32(c + 8) & 3) << 32 | be32(c + 12);
	if (p1 == NO_PARENT)
		return 0;
	if (max > 0)
		p[0] = p1;
	n = 1;
	if (p2 != NO_PARENT && !(p2 & EDGE_BIT)) {
		if (max > 1)
			p[1] = p2;
		n = 2;
	} else if (p2 != NO_PARENT) {
		for (e = p2 & ~EDGE_BIT; e < l->nedge; e++) {
			uint32_t x = be32(l->edge + 4 * (size_t)e);

			if (n < max)
				p[n] = x & ~EDGE_BIT;
			n++;
			if (x & EDGE_BIT)
				break;
		}
	}
	for (e = 0; e < (uint32_t)n && (int)e < max; e++)
		if (p[e] >= g->total)
			return -1;
	return n;
}

/* ---- changed-path Bloom filters (git's bloom.c) ---- */

static uint32_t rotl(uint32_t x, int r)
{
	return x << r | x >> (32 - r);
}

/*
 * murmur3, 32 bits, as git's bloom.c: version 1 reads bytes as signed
 * char (the same for ASCII), version 2 as unsigned.
 */
static uint32_t murmur3(uint32_t seed, const char *data, size_t len,
			unsigned ver)
{
	const uint32_t c1 = 0xcc9e2d51, c2 = 0x1b873593;
	uint32_t k, k1 = 0, b[4];
	size_t i, j, len4 = len / 4;

	for (i = 0; i < len4; i++) {
		for (j = 0; j < 4; j++)
			b[j] = ver == 1 ?
				       (uint32_t)(int32_t)(signed char)
					       data[4 * i + j] :
				       (uint32_t)(unsigned char)data[4 * i + j];
		k = b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24;
		k *= c1;
		k = rotl(k, 15);
		k *= c2;
		seed ^= k;
		seed = rotl(seed, 13) * 5 + 0xe6546b64;
	}
	for (j = 0; j < (len & 3); j++)
		b[j] = ver == 1 ? (uint32_t)(int32_t)(signed char)
					  data[4 * len4 + j] :
				  (uint32_t)(unsigned char)data[4 * len4 + j];
	switch (len & 3) {
	case 3:
		k1 ^= b[2] << 16;
		/* fall through */
	case 2:
		k1 ^= b[1] << 8;
		/* fall through */
	case 1:
		k1 ^= b[0];
		k1 *= c1;
		k1 = rotl(k1, 15);
		k1 *= c2;
		seed ^= k1;
		break;
	}
	seed ^= (uint32_t)len;
	seed ^= seed >> 16;
	seed *= 0x85ebca6b;
	seed ^= seed >> 13;
	seed *= 0xc2b2ae35;
	seed ^= seed >> 16;
	return seed;
}

/*
 * A path's Bloom keys, for each hash version: the path and its leading
 * directories (git puts those in every filter too), up to KEYS of them.
 */
#define KEYS 6
struct key {
	unsigned n;
	uint32_t h[KEYS][2][32];
};

static void make_key(const char *path, struct key *k)
{
	size_t len = strlen(path);
	unsigned ver;
	uint32_t i;

	for (k->n = 0; k->n < KEYS && len; k->n++) {
		for (ver = 1; ver <= 2; ver++) {
			uint32_t h0 = murmur3(0x293ae76f, path, len, ver);
			uint32_t h1 = murmur3(0x7e646e2c, path, len, ver);

			for (i = 0; i < 32; i++)
				k->h[k->n][ver - 1][i] = h0 + i * h1;
		}
		while (len && path[len - 1] != '/')
			len--;
		if (len)
			len--;
	}
}

/* May commit pos change the path of key k (its filter says maybe)? */
static bool bloom_maybe(const struct vcs_graph *g, uint32_t pos,
			const struct key *k)
{
	uint32_t local, start, end, i, j;
	const struct layer *l = layer_of(g, pos, &local);
	const unsigned char *d;
	uint64_t mod;

	if (!l->nhash)
		return true;
	end = be32(l->bidx + 4 * (size_t)local);
	start = local ? be32(l->bidx + 4 * (size_t)(local - 1)) : 0;
	if (end <= start || (size_t)end > l->bdat_len - 12)
		return true;
	d = l->bdat + 12 + start;
	mod = (uint64_t)(end - start) * 8;
	for (j = 0; j < k->n; j++)
		for (i = 0; i < l->nhash; i++) {
			uint64_t bit = k->h[j][l->hashver - 1][i] % mod;

			if (!(d[bit >> 3] & (1u << (bit & 7))))
				return false;
		}
	return true;
}

/* ---- the walk ---- */

struct qent {
	uint64_t date, ctr;
	uint32_t pos;
};

struct queue {
	struct qent *h;
	size_t nr, alloc;
	uint64_t ctr;
};

static bool qbefore(const struct qent *a, const struct qent *b)
{
	return a->date != b->date ? a->date > b->date : a->ctr < b->ctr;
}

static int qput(struct queue *q, uint32_t pos, uint64_t date)
{
	size_t i;

	if (!ALLOC_GROW(q->h, q->nr + 1, q->alloc))
		return -1;
	i = q->nr++;
	q->h[i] = (struct qent){ date, q->ctr++, pos };
	while (i && qbefore(&q->h[i], &q->h[(i - 1) / 2])) {
		struct qent t = q->h[i];

		q->h[i] = q->h[(i - 1) / 2];
		q->h[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
	return 0;
}

static struct qent qget(struct queue *q)
{
	struct qent top = q->h[0];
	size_t i = 0;

	q->h[0] = q->h[--q->nr];
	for (;;) {
		size_t c = 2 * i + 1, m = i;
		struct qent t;

		if (c < q->nr && qbefore(&q->h[c], &q->h[m]))
			m = c;
		if (c + 1 < q->nr && qbefore(&q->h[c + 1], &q->h[m]))
			m = c + 1;
		if (m == i)
			break;
		t = q->h[i];
		q->h[i] = q->h[m];
		q->h[m] = t;
		i = m;
	}
	return top;
}

/*
 * The non-merge commits git log --since shows from head, in its order,
 * in *order (malloc'd; *n of them).  0, or -1 (a bad graph, ENOMEM).
 */
static int graph_walk(const struct vcs_graph *g, uint32_t head,
		      uint64_t max_age, uint32_t **order, size_t *n)
{
	struct queue q = { NULL, 0, 0, 0 };
	unsigned char *seen = calloc(g->total / 8 + 1, 1);
	uint32_t *o = NULL, par[64];
	size_t no = 0, ao = 0;
	uint64_t date;
	int np, i, ret = -1;

	*order = NULL;
	*n = 0;
	if (!seen || graph_parents(g, head, par, 64, &date) < 0 ||
	    qput(&q, head, date))
		goto out;
	seen[head / 8] |= (unsigned char)(1u << (head % 8));
	while (q.nr) {
		struct qent c = qget(&q);

		if (c.date < max_age)
			continue;
		np = graph_parents(g, c.pos, par, 64, &date);
		if (np < 0 || np > 64)
			goto out;
		for (i = 0; i < np; i++) {
			uint64_t pd;

			if (seen[par[i] / 8] & (1u << (par[i] % 8)))
				continue;
			seen[par[i] / 8] |= (unsigned char)(1u << (par[i] % 8));
			if (graph_parents(g, par[i], NULL, 0, &pd) < 0 ||
			    qput(&q, par[i], pd))
				goto out;
		}
		if (np > 1)
			continue;
		if (!ALLOC_GROW(o, no + 1, ao))
			goto out;
		o[no++] = c.pos;
	}
	*order = o;
	*n = no;
	o = NULL;
	ret = 0;
out:
	free(o);
	free(q.h);
	free(seen);
	return ret;
}

/* ---- the logs ---- */

#define NO_POS UINT32_MAX

/*
 * The commits the script's walk shows, in its order: their hex ids (a
 * line of linelen bytes each, in hex) and their positions in the graph
 * (NO_POS: not there, or no graph).
 */
struct walk {
	struct strbuf hex;
	size_t n, linelen;
	uint32_t *pos;
};

/* May commit i of the walk touch the path of key k? */
static bool walk_maybe(const struct vcs_graph *g, const struct walk *w,
		       size_t i, const struct key *k)
{
	return !g || w->pos[i] == NO_POS || bloom_maybe(g, w->pos[i], k);
}

/* A file being read: its path now, and where in the walk it goes on. */
struct gfile {
	struct vcs_pending *p;
	char *path; /* NULL: done */
	size_t from;
	struct key key;
};

/* The hex id of commit pos, appended. */
static void add_hex(const struct vcs_graph *g, uint32_t pos, struct strbuf *sb)
{
	uint32_t local, i;
	const struct layer *l = layer_of(g, pos, &local);
	const unsigned char *o = l->oidl + (size_t)local * g->hashlen;

	for (i = 0; i < g->hashlen; i++) {
		strbuf_addch(sb, hx[o[i] >> 4]);
		strbuf_addch(sb, hx[o[i] & 15]);
	}
}

/* --since as git reads it (git rev-parse --since=S): 0, or -1. */
static int since_time(struct vcs *v, const char *since, uint64_t *t)
{
	struct strbuf arg = STRBUF_INIT, out = STRBUF_INIT;
	const char *argv[] = { "git", "rev-parse", NULL, NULL };
	char *end;
	int ret = -1;

	strbuf_addf(&arg, "--since=%s", since);
	argv[2] = arg.buf;
	if (vcs_run(v, argv, NULL, 0, &out) == 0 && !out.failed &&
	    !strncmp(out.buf, "--max-age=", 10)) {
		*t = strtoull(out.buf + 10, &end, 10);
		if (end != out.buf + 10 && (*end == '\n' || !*end))
			ret = 0;
	}
	strbuf_release(&arg);
	strbuf_release(&out);
	return ret;
}

/*
 * Where the record of a commit is in a log of records ("\0" before
 * each; "PARENTS\n", "GitCommit: SHA\n" ...): a map from the hex id to
 * the record's offset + 1.
 */
static int index_records(const struct strbuf *log, struct strmap *recs)
{
	const char *r = log->buf, *end = log->buf + log->len, *nl;

	while (r < end) {
		struct strmap_entry *e;

		if (*r++ != '\0')
			continue;
		nl = memchr(r, '\n', (size_t)(end - r));
		if (!nl || end - nl < 12 || memcmp(nl + 1, "GitCommit: ", 11))
			continue;
		e = strmap_put(recs, nl + 12, strcspn(nl + 12, "\n"));
		if (!e)
			return -1;
		e->value = (void *)(uintptr_t)(r - log->buf + 1);
	}
	return 0;
}

/*
 * The record at r (to the next "\0"): its lines for path appended to
 * out, as the script's log gives them; the raw status of path in
 * *status (0: the commit does not touch it) and whether it has parents.
 */
static void record_lines(const char *r, const char *end, const char *path,
			 char *status, bool *parents, struct strbuf *out)
{
	const char *nx = memchr(r, '\0', (size_t)(end - r));
	const char *nl = memchr(r, '\n', (size_t)((nx ? nx : end) - r));
	const char *mid, *q, *e, *tab;
	size_t plen = strlen(path);

	end = nx ? nx : end;
	*status = 0;
	*parents = nl && nl > r;
	mid = nl ? vcs_record_mid(nl, end) : NULL;
	if (!mid)
		return;
	for (q = mid + 1; q < end; q = e + 1) {
		e = memchr(q, '\n', (size_t)(end - q));
		if (!e)
			e = end;
		tab = *q == ':' ? memchr(q, '\t', (size_t)(e - q)) : NULL;
		if (tab && (size_t)(e - tab - 1) == plen &&
		    !memcmp(tab + 1, path, plen))
			*status = tab[-1];
	}
	if (!*status)
		return;
	vcs_lines(nl + 1, (size_t)(mid - nl - 1), out);
	for (q = mid + 1; q < end; q = e + 1) {
		int tabs = 0;

		e = memchr(q, '\n', (size_t)(end - q));
		if (!e)
			e = end;
		if (*q == ':' || q == e)
			continue;
		for (tab = q; tab < e && tabs < 2; tab++)
			if (*tab == '\t')
				tabs++;
		if (tabs == 2 && (size_t)(e - tab) == plen &&
		    !memcmp(tab, path, plen))
			vcs_lines(q, (size_t)(e - q), out);
	}
}

/* May git write this path unquoted (and a pathspec take it as it is)? */
static bool plain_path(const char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if ((unsigned char)p[i] <= ' ' || (unsigned char)p[i] >= 0x7f ||
		    strchr("\"\\*?[:", p[i]))
			return false;
	return len && *p != '/';
}

/*
 * A log of one commit (format, "\1", raw and numstat lines): the format
 * lines and the numstat line of the pair whose new path is path appended
 * to out; *renamed its old path (malloc'd) if it is a rename or copy.
 * 0, or -1 (no such pair, or a name git quoted).
 */
static int follow_lines(const struct strbuf *o, const char *path,
			char **renamed, struct strbuf *out)
{
	const char *end = o->buf + o->len, *mid = strstr(o->buf, "\n\1");
	const char *q, *e, *tab, *t2, *src = NULL;
	size_t plen = strlen(path), raw = 0, num = 0, want = SIZE_MAX;

	if (!mid)
		return -1;
	vcs_lines(o->buf, (size_t)(mid - o->buf + 1), out);
	for (q = mid + 2; q < end; q = e + 1) {
		e = memchr(q, '\n', (size_t)(end - q));
		if (!e)
			e = end;
		if (e == q)
			continue;
		if (*q != ':') {
			if (num++ == want)
				vcs_lines(q, (size_t)(e - q), out);
			continue;
		}
		/* ":... A\tNEW" or ":... R090\tOLD\tNEW" */
		tab = memchr(q, '\t', (size_t)(e - q));
		t2 = tab ? memchr(tab + 1, '\t', (size_t)(e - tab - 1)) : NULL;
		if (tab && want == SIZE_MAX &&
		    (size_t)(e - (t2 ? t2 : tab) - 1) == plen &&
		    !memcmp((t2 ? t2 : tab) + 1, path, plen)) {
			want = raw;
			src = t2 ? tab + 1 : NULL;
			if (src && !plain_path(src, (size_t)(t2 - src)))
				return -1;
			if (src) {
				*renamed = strndup(src, (size_t)(t2 - src));
				if (!*renamed)
					return -1;
			}
		}
		raw++;
	}
	return want == SIZE_MAX ? -1 : 0;
}

/*
 * The script's --follow diff of a commit that adds path, appended to
 * out; *renamed the path --follow goes on with (malloc'd), if it found
 * a rename or a copy.  git's own --follow on that commit alone: it
 * looks for the source among every file of the parent's tree (copies
 * too, whatever diff.renames says, and it may take a copy rather than
 * a rename), which a diff of the commit's deleted files does not
 * match.  0, or -1 (git failed: the file gets the script's command).
 */
static int follow_one(struct vcs *v, const char *commit, const char *path,
		      char **renamed, struct strbuf *out)
{
	const char *argv[] = { "git",	      "--literal-pathspecs",
			       "log",	      "--no-color",
			       "--follow",    "--numstat",
			       "--no-merges", "--raw",
			       "--no-walk",   "--format=" LOG_FORMAT "%x01",
			       commit,	      "--",
			       path,	      NULL };
	struct strbuf o = STRBUF_INIT;
	int ret = -1;

	*renamed = NULL;
	if (vcs_run(v, argv, NULL, 0, &o) != 0 || o.failed ||
	    follow_lines(&o, path, renamed, out))
		goto out;
	ret = 0;
out:
	strbuf_release(&o);
	return ret;
}

/*
 * git log --no-walk of the commits in (a line each), in chunks run at
 * once (numstat reads blobs: the slow part), their outputs in order in
 * log.  0, or -1.
 */
static int run_chunks(struct vcs *v, const char *const *argv,
		      const struct strbuf *in, size_t linelen,
		      struct strbuf *log)
{
	size_t lines = in->len / linelen, nj = lines / CHUNK_MIN, j;
	const char *p = in->buf, *end = in->buf + in->len;
	const char *const **argvs;
	struct strbuf *ins, *outs;
	int *status, ret = -1;

	if (!in->len)
		return 0;
	nj = nj < 1 ? 1 : nj > vcs_jobs() ? vcs_jobs() : nj;
	argvs = calloc(nj, sizeof(*argvs));
	ins = calloc(nj, sizeof(*ins));
	outs = calloc(nj, sizeof(*outs));
	status = calloc(nj, sizeof(*status));
	if (!argvs || !ins || !outs || !status)
		goto out;
	for (j = 0; j < nj; j++) {
		const char *q = j + 1 == nj ? end :
					      in->buf + (lines * (j + 1) / nj) *
								linelen;

		strbuf_init(&ins[j]);
		strbuf_init(&outs[j]);
		strbuf_add(&ins[j], p, (size_t)(q - p));
		argvs[j] = argv;
		p = q;
	}
	vcs_run_jobs(v, argvs, ins, nj, nj, outs, status);
	for (j = 0; j < nj; j++) {
		if (status[j] != 0 || outs[j].failed || ins[j].failed)
			goto out;
		strbuf_addbuf(log, &outs[j]);
	}
	ret = log->failed ? -1 : 0;
out:
	for (j = 0; outs && ins && j < nj; j++) {
		strbuf_release(&ins[j]);
		strbuf_release(&outs[j]);
	}
	free(argvs);
	free(ins);
	free(outs);
	free(status);
	return ret;
}

/*
 * One round: the commits of the walk that may touch the files' paths,
 * from one git log --no-walk, appended to the files' logs until a
 * rename (then the file goes on from there in the next round).  0, or
 * -1 (git failed: every file left gets the script's command).
 */
static int log_round(struct vcs *v, const struct vcs_graph *g,
		     const struct walk *w, struct gfile *f, size_t nf)
{
	size_t n = w->n, ll = w->linelen;
	struct strbuf in = STRBUF_INIT, log = STRBUF_INIT, one = STRBUF_INIT;
	struct strmap recs = STRMAP_INIT;
	unsigned char *want = calloc(n / 8 + 1, 1);
	const char **argv = calloc(nf + 16, sizeof(*argv));
	size_t a = 0, i, k;
	int ret = -1;

	if (!want || !argv)
		goto out;
	for (k = 0; k < nf; k++)
		for (i = f[k].path ? f[k].from : n; i < n; i++)
			if (walk_maybe(g, w, i, &f[k].key))
				want[i / 8] |= (unsigned char)(1u << (i % 8));
	for (i = 0; i < n; i++)
		if (want[i / 8] & (1u << (i % 8)))
			strbuf_add(&in, w->hex.buf + i * ll, ll);
	argv[a++] = "git";
	argv[a++] = "--literal-pathspecs";
	argv[a++] = "log";
	argv[a++] = "--no-walk=unsorted";
	argv[a++] = "--stdin";
	argv[a++] = "--no-color";
	argv[a++] = "--no-merges";
	argv[a++] = "--no-renames";
	argv[a++] = "--raw";
	argv[a++] = "--numstat";
	argv[a++] = RECORD_FORMAT_ARG;
	argv[a++] = "--";
	for (k = 0; k < nf; k++)
		if (f[k].path)
			argv[a++] = f[k].path;
	if (in.failed || run_chunks(v, argv, &in, ll, &log) ||
	    index_records(&log, &recs))
		goto out;
	for (k = 0; k < nf; k++) {
		struct gfile *x = &f[k];

		for (i = x->path ? x->from : n; i < n; i++) {
			const char *id = w->hex.buf + i * ll;
			struct strmap_entry *e;
			char st, *ren, commit[72];
			bool parents;
			size_t before = x->p->log->len;

			if (!(want[i / 8] & (1u << (i % 8))) ||
			    !walk_maybe(g, w, i, &x->key))
				continue;
			e = strmap_get(&recs, id, ll - 1);
			if (!e)
				continue;
			record_lines(log.buf + (uintptr_t)e->value - 1,
				     log.buf + log.len, x->path, &st, &parents,
				     x->p->log);
			if (st != 'A' || !parents)
				continue;
			/* an add: the lines --follow gives instead */
			strbuf_reset(&one);
			memcpy(commit, id, ll - 1);
			commit[ll - 1] = '\0';
			if (follow_one(v, commit, x->path, &ren, &one))
				goto out;
			strbuf_setlen(x->p->log, before);
			strbuf_addbuf(x->p->log, &one);
			if (ren) {
				free(x->path);
				x->path = ren;
				x->from = i + 1;
				make_key(ren, &x->key);
				break;
			}
		}
		if (i >= n) {
			free(x->path);
			x->path = NULL;
		}
	}
	ret = 0;
out:
	strmap_release(&recs);
	strbuf_release(&in);
	strbuf_release(&log);
	strbuf_release(&one);
	free(want);
	free(argv);
	return ret;
}

/* Would git read the graph as it is (no grafts, replace refs, shallow)? */
static bool graph_compatible(struct vcs *v)
{
	static const char *const no[] = { "shallow", "info/grafts",
					  "refs/replace" };
	struct strbuf f = STRBUF_INIT, t = STRBUF_INIT;
	bool ok = true;
	size_t i;

	for (i = 0; ok && i < sizeof(no) / sizeof(*no); i++) {
		strbuf_reset(&f);
		strbuf_addf(&f, "%s/%s", v->commondir, no[i]);
		ok = access(f.buf, F_OK) != 0;
	}
	strbuf_reset(&f);
	strbuf_addf(&f, "%s/packed-refs", v->commondir);
	if (ok && !vcs_read_small(f.buf, &t) && strstr(t.buf, " refs/replace/"))
		ok = false;
	strbuf_release(&f);
	strbuf_release(&t);
	return ok && !getenv("GIT_GRAFT_FILE") &&
	       !getenv("GIT_REPLACE_REF_BASE");
}

/* The walk from the graph (HEAD must be there): 0, or -1. */
static int walk_graph(struct vcs *v, const struct vcs_graph *g,
		      const char *since, struct walk *w)
{
	int64_t head = graph_find(g, v->head);
	uint64_t max_age;
	size_t i;

	if (head < 0 || since_time(v, since, &max_age) ||
	    graph_walk(g, (uint32_t)head, max_age, &w->pos, &w->n))
		return -1;
	w->linelen = 2 * g->hashlen + 1;
	for (i = 0; i < w->n; i++) {
		add_hex(g, w->pos[i], &w->hex);
		strbuf_addch(&w->hex, '\n');
	}
	return w->hex.failed ? -1 : 0;
}

/*
 * The walk from git rev-list --no-merges --since=S HEAD (git's own walk,
 * so its order), with the positions of the commits the graph holds (g
 * NULL: none).  0, or -1.
 */
static int walk_revlist(struct vcs *v, const struct vcs_graph *g,
			const char *since, struct walk *w)
{
	const char *argv[] = { "git", "rev-list", "--no-merges",
			       NULL,  "HEAD",	  NULL };
	struct strbuf arg = STRBUF_INIT;
	const char *nl;
	size_t i;
	int ret = -1;

	strbuf_addf(&arg, "--since=%s", since);
	argv[3] = arg.buf;
	if (arg.failed || vcs_run(v, argv, NULL, 0, &w->hex) != 0 ||
	    w->hex.failed)
		goto out;
	ret = 0;
	if (!w->hex.len)
		goto out;
	ret = -1;
	nl = memchr(w->hex.buf, '\n', w->hex.len);
	w->linelen = nl ? (size_t)(nl - w->hex.buf) + 1 : 0;
	if ((w->linelen != 41 && w->linelen != 65) || w->hex.len % w->linelen)
		goto out;
	w->n = w->hex.len / w->linelen;
	w->pos = malloc((w->n ? w->n : 1) * sizeof(*w->pos));
	if (!w->pos)
		goto out;
	for (i = 0; i < w->n; i++) {
		int64_t pos = -1;

		if (w->hex.buf[(i + 1) * w->linelen - 1] != '\n')
			goto out;
		if (g && g->hashlen * 2 + 1 == w->linelen)
			pos = graph_find(g, w->hex.buf + i * w->linelen);
		w->pos[i] = pos < 0 ? NO_POS : (uint32_t)pos;
	}
	ret = 0;
out:
	strbuf_release(&arg);
	return ret;
}

int vcs_graph_logs(struct vcs *v, const char *since, struct vcs_pending *p,
		   size_t np)
{
	struct vcs_graph *g = NULL;
	struct walk w = { STRBUF_INIT, 0, 0, NULL };
	struct gfile *f = NULL;
	size_t i, left;
	int ret = 0;

	if (!np || np > VCS_GRAPH_FILES || !*since)
		return 0;
	vcs_repo_setup(v);
	if (!*v->head)
		return 0;
	/* git reads no graph with grafts or replace refs, nor do we */
	if (graph_compatible(v))
		g = graph_load(v);
	if (!g || walk_graph(v, g, since, &w)) {
		free(w.pos);
		w.pos = NULL;
		w.n = 0;
		strbuf_reset(&w.hex);
		if (walk_revlist(v, g, since, &w))
			goto out;
	}
	ret = -1;
	f = calloc(np, sizeof(*f));
	if (!f)
		goto out;
	for (i = 0; i < np; i++) {
		f[i].p = &p[i];
		f[i].path = strdup(p[i].file);
		if (!f[i].path)
			goto out;
		make_key(f[i].path, &f[i].key);
	}
	ret = 1;
	for (left = np; left;) {
		if (log_round(v, g, &w, f, np)) {
			/* the script's own commands for all */
			for (i = 0; i < np; i++)
				p[i].follow = true;
			break;
		}
		for (i = 0, left = 0; i < np; i++)
			left += f[i].path != NULL;
	}
out:
	for (i = 0; f && i < np; i++)
		free(f[i].path);
	free(f);
	free(w.pos);
	strbuf_release(&w.hex);
	return ret;
}
