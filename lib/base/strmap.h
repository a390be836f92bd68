/* SPDX-License-Identifier: GPL-2.0 */
/*
 * strmap: a hash map from byte strings to pointers (or integers).
 *
 * Ownership: the map copies every key into its own arena; values are
 * the caller's (the map never frees them).  strmap_release() frees the
 * table and the keys.  Iteration order is insertion order.
 */
#ifndef MAINT_STRMAP_H
#define MAINT_STRMAP_H

#include "arena.h"
#include "strbuf.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct strmap_entry {
	const char *key;
	size_t len;
	void *value;
};

struct strmap {
	struct strmap_entry *e; /* in insertion order */
	size_t nr, alloc;
	uint32_t *slot; /* entry index + 1 */
	size_t size;
	struct arena keys;
};

#define STRMAP_INIT                             \
	{                                       \
		NULL, 0, 0, NULL, 0, ARENA_INIT \
	}

/* FNV-1a over len bytes: the hash of every table here. */
uint32_t hash_bytes(const char *s, size_t len);

/* The entry for key, or NULL. */
struct strmap_entry *strmap_get(const struct strmap *m, const char *key,
				size_t len);
/*
 * The same with hash_bytes(key, len) given: the prefixes of a string
 * are looked up in time linear in its length with the hash carried
 * along it (hash_step()), however many there are.
 */
struct strmap_entry *strmap_get_hashed(const struct strmap *m, const char *key,
				       size_t len, uint32_t hash);

/* hash_bytes() of a string one byte c longer, from h, its own. */
static inline uint32_t hash_step(uint32_t h, unsigned char c)
{
	return (h ^ c) * 16777619u;
}
/* The entry for key, added with value NULL if missing; NULL on ENOMEM. */
struct strmap_entry *strmap_put(struct strmap *m, const char *key, size_t len);
/*
 * The value for key, a zeroed block of size bytes calloc'd on first use
 * (the caller frees the values); NULL on ENOMEM.
 */
void *strmap_value(struct strmap *m, const char *key, size_t len, size_t size);
void strmap_clear(struct strmap *m);
void strmap_release(struct strmap *m);

static inline struct strmap_entry *strmap_gets(const struct strmap *m,
					       const char *key)
{
	size_t n = 0;

	while (key[n])
		n++;
	return strmap_get(m, key, n);
}

/* A list of strings (owned strbufs), in order. */
struct strlist {
	struct strbuf *v;
	size_t nr, alloc;
};

/* Perl's uniq(), in place: the first of each string, in order. */
void strlist_uniq(struct strlist *l);

#endif
