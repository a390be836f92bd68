// SPDX-License-Identifier: GPL-2.0
/*
 * vcs-commit-graph: git's commit-graph read (mapped read-only, never
 * written): the commits by id, their parents and dates, their
 * changed-path Bloom filters, and the walk git log --since makes from
 * HEAD (see vcs-graph.c for its use).
 *
 * The graph is what git would load: objects/info/commit-graph, else the
 * chain in objects/info/commit-graphs/, of the object directory or else
 * of the first alternate that has one.
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
	if (map_path_sparse(path, &l->data, &l->len, &l->mapped, &err))
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
struct vcs_graph *vcs_cgraph_load(struct vcs *v)
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
int64_t vcs_cgraph_find(const struct vcs_graph *g, const char *hex)
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
 * directories (git puts those in every filter too), up to
 * VCS_BLOOM_KEYS of them.
 */
void vcs_bloom_key(const char *path, struct vcs_bloom_key *k)
{
	size_t len = strlen(path);
	unsigned ver;
	uint32_t i;

	for (k->n = 0; k->n < VCS_BLOOM_KEYS && len; k->n++) {
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
bool vcs_cgraph_has_bloom(const struct vcs_graph *g)
{
	size_t i;

	for (i = 0; i < g->nl; i++)
		if (g->l[i].nhash)
			return true;
	return false;
}

bool vcs_bloom_maybe(const struct vcs_graph *g, uint32_t pos,
		     const struct vcs_bloom_key *k)
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
	uint64_t date;
	uint32_t pos;
};

/* the newer first (equal dates: in the order queued, by the heap) */
static int qcmp(const void *a, const void *b)
{
	const struct qent *x = a, *y = b;

	return x->date != y->date ? (x->date > y->date ? -1 : 1) : 0;
}

/*
 * The non-merge commits git log --since shows from head, in its order,
 * in *order (malloc'd; *n of them).  0, or -1 (a bad graph, ENOMEM).
 */
int vcs_cgraph_walk(const struct vcs_graph *g, uint32_t head, uint64_t max_age,
		    uint32_t **order, size_t *n)
{
	struct binheap q = BINHEAP_INIT(sizeof(struct qent), qcmp);
	struct qent c;
	unsigned char *seen = calloc(g->total / 8 + 1, 1);
	uint32_t *o = NULL, par[64];
	size_t no = 0, ao = 0;
	uint64_t date;
	int np, i, ret = -1;

	*order = NULL;
	*n = 0;
	if (!seen || graph_parents(g, head, par, 64, &date) < 0 ||
	    binheap_push(&q, &(struct qent){ date, head }))
		goto out;
	seen[head / 8] |= (unsigned char)(1u << (head % 8));
	while (binheap_pop(&q, &c)) {
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
			    binheap_push(&q, &(struct qent){ pd, par[i] }))
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
	binheap_release(&q);
	free(seen);
	return ret;
}

/* The hex id of commit pos, appended. */
void vcs_cgraph_hex(const struct vcs_graph *g, uint32_t pos, struct strbuf *sb)
{
	uint32_t local, i;
	const struct layer *l = layer_of(g, pos, &local);
	const unsigned char *o = l->oidl + (size_t)local * g->hashlen;

	for (i = 0; i < g->hashlen; i++) {
		strbuf_addch(sb, hx[o[i] >> 4]);
		strbuf_addch(sb, hx[o[i] & 15]);
	}
}

unsigned vcs_cgraph_hashlen(const struct vcs_graph *g)
{
	return g->hashlen;
}
