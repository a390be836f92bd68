// SPDX-License-Identifier: GPL-2.0
#include "strmap.h"
#include "strbuf.h"

#include <stdlib.h>
#include <string.h>

uint32_t hash_bytes(const char *s, size_t len)
{
	uint32_t h = 2166136261u;

	while (len--) {
		h ^= (unsigned char)*s++;
		h *= 16777619u;
	}
	return h;
}

static uint32_t *find_slot_hashed(const struct strmap *m, const char *key,
				  size_t len, uint32_t hash)
{
	size_t mask = m->size - 1, i = hash & mask;

	for (;; i = (i + 1) & mask) {
		uint32_t v = m->slot[i];

		if (!v || (m->e[v - 1].len == len &&
			   !memcmp(m->e[v - 1].key, key, len)))
			return &m->slot[i];
	}
}

static uint32_t *find_slot(const struct strmap *m, const char *key, size_t len)
{
	return find_slot_hashed(m, key, len, hash_bytes(key, len));
}

struct strmap_entry *strmap_get_hashed(const struct strmap *m, const char *key,
				       size_t len, uint32_t hash)
{
	uint32_t v;

	if (!m->size)
		return NULL;
	v = *find_slot_hashed(m, key, len, hash);
	return v ? &m->e[v - 1] : NULL;
}

struct strmap_entry *strmap_get(const struct strmap *m, const char *key,
				size_t len)
{
	uint32_t v;

	if (!m->size)
		return NULL;
	v = *find_slot(m, key, len);
	return v ? &m->e[v - 1] : NULL;
}

static int rehash(struct strmap *m)
{
	size_t n = m->size ? m->size * 2 : 64, i;
	uint32_t *old = m->slot;

	m->slot = calloc(n, sizeof(*m->slot));
	if (!m->slot) {
		m->slot = old;
		return -1;
	}
	free(old);
	m->size = n;
	for (i = 0; i < m->nr; i++)
		*find_slot(m, m->e[i].key, m->e[i].len) = (uint32_t)(i + 1);
	return 0;
}

struct strmap_entry *strmap_put(struct strmap *m, const char *key, size_t len)
{
	struct strmap_entry *e = strmap_get(m, key, len);
	char *k;

	if (e)
		return e;
	if ((m->nr + 1) * 2 > m->size && rehash(m))
		return NULL;
	if (!ALLOC_GROW(m->e, m->nr + 1, m->alloc))
		return NULL;
	k = arena_dup(&m->keys, key, len);
	if (!k)
		return NULL;
	e = &m->e[m->nr++];
	e->key = k;
	e->len = len;
	e->value = NULL;
	*find_slot(m, key, len) = (uint32_t)m->nr;
	return e;
}

void strmap_clear(struct strmap *m)
{
	m->nr = 0;
	if (m->slot)
		memset(m->slot, 0, m->size * sizeof(*m->slot));
}

void strmap_release(struct strmap *m)
{
	free(m->e);
	free(m->slot);
	arena_release(&m->keys);
	memset(m, 0, sizeof(*m));
}

void *strmap_value(struct strmap *m, const char *key, size_t len, size_t size)
{
	struct strmap_entry *e = strmap_put(m, key, len);

	if (!e)
		return NULL;
	if (!e->value)
		e->value = calloc(1, size);
	return e->value;
}

/* Whether v[0..n) holds s (the slow way, when the map cannot grow). */
static bool strlist_has(const struct strbuf *v, size_t n,
			const struct strbuf *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i].len == s->len && !memcmp(v[i].buf, s->buf, s->len))
			return true;
	return false;
}

void strlist_uniq(struct strlist *l)
{
	struct strmap seen = STRMAP_INIT;
	bool linear = false; /* out of memory: compare with each kept one */
	size_t i, n = 0;

	for (i = 0; i < l->nr; i++) {
		const struct strbuf *s = &l->v[i];

		if (linear ? strlist_has(l->v, n, s) :
			     strmap_get(&seen, s->buf, s->len) != NULL) {
			strbuf_release(&l->v[i]);
			continue;
		}
		if (!linear && !strmap_put(&seen, s->buf, s->len))
			linear = true;
		l->v[n++] = l->v[i];
	}
	l->nr = n;
	strmap_release(&seen);
}
