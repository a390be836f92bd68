// SPDX-License-Identifier: GPL-2.0
#include "split.h"
#include "split-internal.h"
#include "base/base.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

void split_plan_release(struct split_plan *plan)
{
	size_t i;

	for (i = 0; i < plan->nr_names; i++)
		free(plan->names[i]);
	for (i = 0; plan->why && i < plan->nr_sections; i++)
		free(plan->why[i]);
	free(plan->names);
	free(plan->why);
	free(plan->file_of);
	memset(plan, 0, sizeof(*plan));
}

static size_t plan_name(struct split_plan *plan, struct strmap *index,
			const char *name, size_t len)
{
	struct strmap_entry *e = strmap_put(index, name, len);
	char *copy;

	if (!e)
		return (size_t)-1;
	if (e->value)
		return (size_t)(uintptr_t)e->value - 1;
	if (!ALLOC_GROW(plan->names, plan->nr_names + 1, plan->alloc_names))
		return (size_t)-1;
	copy = malloc(len + 1);
	if (!copy)
		return (size_t)-1;
	memcpy(copy, name, len);
	copy[len] = '\0';
	plan->names[plan->nr_names++] = copy;
	e->value = (void *)(uintptr_t)plan->nr_names;
	return plan->nr_names - 1;
}

/* The literal directory components of an F: pattern. */
static size_t pattern_dirs(const char *v, size_t len, const char **comp,
			   size_t *clen, size_t max)
{
	size_t n = 0, i = 0, lit = 0, start;

	while (lit < len && !strchr("*?[", v[lit]))
		lit++;
	/* a pattern that does not end in '/' names a file: drop its name */
	if (lit == len && len && v[len - 1] != '/') {
		while (lit && v[lit - 1] != '/')
			lit--;
	} else {
		while (lit && v[lit - 1] != '/')
			lit--;
	}
	while (i < lit && n < max) {
		start = i;
		while (i < lit && v[i] != '/')
			i++;
		if (i > start) {
			comp[n] = v + start;
			clen[n++] = i - start;
		}
		i++;
	}
	return n;
}

static bool two_level(const char *c, size_t len)
{
	static const char *const tops[] = { "arch",	     "drivers",
					    "Documentation", "include",
					    "sound",	     "tools" };
	size_t i;

	for (i = 0; i < sizeof(tops) / sizeof(tops[0]); i++)
		if (strlen(tops[i]) == len && !memcmp(tops[i], c, len))
			return true;
	return false;
}

/* The key of one pattern's directories: the top, or the top two. */
static void dir_key_of(struct strbuf *k, const char **comp, const size_t *clen,
		       size_t n)
{
	strbuf_reset(k);
	split_safe_component(k, comp[0], clen[0]);
	if (n > 1 && two_level(comp[0], clen[0])) {
		strbuf_addch(k, '_');
		split_safe_component(k, comp[1], clen[1]);
	}
}

static bool comp_is(const char *c, size_t len, const char *s)
{
	return strlen(s) == len && !memcmp(c, s, len);
}

enum pattern_class {
	PAT_NONE,
	PAT_CODE,
	PAT_VAGUE,
	PAT_AUX,
	PAT_TEST,
	PAT_BINDING
};

/*
 * Where a pattern's files are: code (vague when it names no directory
 * below a top that is split two levels deep: arch/, drivers/...), or
 * documentation, headers, tests and samples (Documentation/, include/,
 * tools/testing/, samples/), or device-tree bindings
 * (Documentation/devicetree/bindings/, include/dt-bindings/), whose
 * subject (*sub) is the directory below bindings/ or dt-bindings/.
 */
static enum pattern_class pattern_class(const char **comp, const size_t *clen,
					size_t n, const char **sub,
					size_t *sublen)
{
	*sub = NULL;
	*sublen = 0;
	if (!n)
		return PAT_NONE;
	if (comp_is(comp[0], clen[0], "Documentation")) {
		if (n > 2 && comp_is(comp[1], clen[1], "devicetree") &&
		    comp_is(comp[2], clen[2], "bindings")) {
			if (n > 3) {
				*sub = comp[3];
				*sublen = clen[3];
			}
			return PAT_BINDING;
		}
		return PAT_AUX;
	}
	if (comp_is(comp[0], clen[0], "include")) {
		if (n > 1 && comp_is(comp[1], clen[1], "dt-bindings")) {
			if (n > 2) {
				*sub = comp[2];
				*sublen = clen[2];
			}
			return PAT_BINDING;
		}
		return PAT_AUX;
	}
	if (n > 1 && comp_is(comp[0], clen[0], "tools") &&
	    comp_is(comp[1], clen[1], "testing"))
		return PAT_TEST;
	if (comp_is(comp[0], clen[0], "samples"))
		return PAT_TEST;
	if (n == 1 && two_level(comp[0], clen[0]))
		return PAT_VAGUE;
	return PAT_CODE;
}

/*
 * Binding subjects whose code is not in drivers/SUBJECT; the rest are
 * looked for as drivers/SUBJECT, arch/SUBJECT, then SUBJECT.
 */
static const char *const binding_dirs[][2] = {
	{ "clock", "drivers_clk" },
	{ "display", "drivers_gpu" },
	{ "embedded-controller", "drivers_platform" },
	{ "gpu", "drivers_gpu" },
	{ "hwlock", "drivers_hwspinlock" },
	{ "interrupt-controller", "drivers_irqchip" },
	{ "memory-controllers", "drivers_memory" },
	{ "serial", "drivers_tty" },
	{ "sound", "sound_soc" },
	{ "sram", "drivers_misc" },
	{ "timer", "drivers_clocksource" },
};

/*
 * The code directory a binding subject documents, if some section has
 * code there (a key in code); appended to key.  1 when found, 0 when
 * not, -1 out of memory.
 */
static int binding_key(const char *sub, size_t len, const struct strmap *code,
		       struct strbuf *key)
{
	struct strbuf k = STRBUF_INIT;
	size_t i;
	int pass, found = 0;

	for (pass = 0; pass < 4 && !found; pass++) {
		strbuf_reset(&k);
		if (pass == 0) {
			for (i = 0;
			     i < sizeof(binding_dirs) / sizeof(binding_dirs[0]);
			     i++)
				if (comp_is(sub, len, binding_dirs[i][0]))
					strbuf_addstr(&k, binding_dirs[i][1]);
			if (!k.len)
				continue;
		} else {
			strbuf_addstr(&k, pass == 1 ? "drivers_" :
					  pass == 2 ? "arch_" :
						      "");
			split_safe_component(&k, sub, len);
		}
		if (strbuf_failed(&k)) {
			found = -1;
		} else if (strmap_get(code, k.buf, k.len)) {
			strbuf_addbuf(key, &k);
			found = 1;
		}
	}
	strbuf_release(&k);
	return found;
}

/*
 * Count a vote for k in votes; the running winner in key, see dir_key().
 * 0, or -1 out of memory.
 */
static int vote(struct strmap *votes, const struct strbuf *k,
		const struct strmap *weight, struct strbuf *key, size_t *best,
		size_t *tied)
{
	struct strmap_entry *e;
	size_t v, wk = 0, wb = 0;
	const struct strmap_entry *w;

	if (strbuf_failed(k) || strbuf_failed(key))
		return -1;
	e = strmap_put(votes, k->buf, k->len);
	if (!e)
		return -1;
	e->value = (void *)((uintptr_t)e->value + 1);
	v = (uintptr_t)e->value;
	if (v < *best)
		return 0;
	if (v > *best || !key->len) {
		*best = v;
		*tied = 0;
		strbuf_reset(key);
		strbuf_addbuf(key, k);
		return 0;
	}
	if (!strcmp(k->buf, key->buf))
		return 0;
	/* a tie: the directory more sections' patterns name, then by name */
	(*tied)++;
	if ((w = strmap_get(weight, k->buf, k->len)))
		wk = (uintptr_t)w->value;
	if ((w = strmap_get(weight, key->buf, key->len)))
		wb = (uintptr_t)w->value;
	if (wk > wb || (wk == wb && strcmp(k->buf, key->buf) < 0)) {
		strbuf_reset(key);
		strbuf_addbuf(key, k);
	}
	return 0;
}

/*
 * The tiers of a section's patterns, in the order dir_key() asks them:
 * code, broad code that names no directory below a top that is split two
 * levels deep (F: arch/ANY/mm/...: no directory of its own), tests and
 * samples, documentation and headers (bindings are asked before vague
 * code, see dir_key()).
 */
enum tier { T_CODE, T_VAGUE, T_TEST, T_AUX, NR_TIERS };

struct dir_tier {
	struct strmap votes; /* this section's */
	struct strbuf key; /* the winner so far */
	size_t n, best, tied;
};

struct dir_ctx {
	struct dir_tier t[NR_TIERS];
	struct strmap code; /* key -> code patterns naming it, all sections */
	struct strmap aux; /* the same for documentation, headers, tests */
};

/* Count every section's code and other patterns per key (the weights). */
static int dir_weights(const struct maintainers *m, struct dir_ctx *c)
{
	const char *comp[64], *sub;
	size_t clen[64], i, j, n, sublen, vlen;
	struct strbuf k = STRBUF_INIT;
	int ret = 0;

	for (i = 1; i < m->nr_sections; i++) {
		const struct mnt_section *s = &m->sections[i];
		const struct mnt_line *l = mnt_section_lines(m, s);

		for (j = 0; j < s->nr; j++) {
			const char *v;
			enum pattern_class pc;
			struct strmap_entry *e;

			if (l[j].type != 'F')
				continue;
			v = mnt_line_value(&l[j], &vlen);
			n = pattern_dirs(v, vlen, comp, clen, 64);
			pc = pattern_class(comp, clen, n, &sub, &sublen);
			if (pc == PAT_NONE)
				continue;
			dir_key_of(&k, comp, clen, n);
			e = strbuf_failed(&k) ?
				    NULL :
				    strmap_put(pc == PAT_CODE ||
							       pc == PAT_VAGUE ?
						       &c->code :
						       &c->aux,
					       k.buf, k.len);
			if (!e) {
				ret = -1;
				break;
			}
			e->value = (void *)((uintptr_t)e->value + 1);
		}
	}
	strbuf_release(&k);
	return ret;
}

#define NOCODE "no code pattern: "

/* One tier's winner and why, in why; false when the tier has none. */
static bool tier_why(const struct dir_tier *t, const char *prefix,
		     const char *what, size_t nother, const char *other,
		     struct strbuf *why)
{
	if (!t->key.len)
		return false;
	strbuf_addf(why, "%s%zu of %zu %s pattern%s in %s", prefix, t->best,
		    t->n, what, t->n == 1 ? "" : "s", t->key.buf);
	if (t->tied)
		strbuf_addf(why,
			    ", tied with %zu other%s: the one more patterns "
			    "of the file name",
			    t->tied, t->tied == 1 ? "" : "s");
	if (nother)
		strbuf_addf(why, " (%zu %s pattern%s not counted)", nother,
			    other, nother == 1 ? "" : "s");
	return true;
}

/*
 * The dir strategy's key of a section, and why (see split.h): the
 * directory most of its code patterns name; with no code patterns, the
 * code directory its device-tree bindings document; else the one most
 * of its vague code patterns name (arch, drivers...); else the directory
 * most of its test and sample patterns name; else the one most of its
 * documentation and header patterns name.  0, or -1 out of memory.
 */
static int dir_key(const struct maintainers *m, const struct mnt_section *s,
		   struct dir_ctx *c, struct strbuf *key, struct strbuf *why)
{
	const struct mnt_line *l = mnt_section_lines(m, s);
	const char *comp[64], *sub;
	size_t clen[64], i, n, sublen, vlen, naux = 0;
	struct strbuf k = STRBUF_INIT, bkey = STRBUF_INIT;
	struct strbuf bsub = STRBUF_INIT;
	struct dir_tier *t = c->t;
	int ret = 0, b;

	strbuf_reset(key);
	strbuf_reset(why);
	for (i = 0; i < NR_TIERS; i++) {
		strmap_clear(&t[i].votes);
		strbuf_reset(&t[i].key);
		t[i].n = t[i].best = t[i].tied = 0;
	}
	for (i = 0; i < s->nr; i++) {
		const char *v;
		enum pattern_class pc;
		enum tier ti;

		if (l[i].type != 'F')
			continue;
		v = mnt_line_value(&l[i], &vlen);
		n = pattern_dirs(v, vlen, comp, clen, 64);
		pc = pattern_class(comp, clen, n, &sub, &sublen);
		if (pc == PAT_NONE)
			continue;
		dir_key_of(&k, comp, clen, n);
		ti = pc == PAT_CODE  ? T_CODE :
		     pc == PAT_VAGUE ? T_VAGUE :
		     pc == PAT_TEST  ? T_TEST :
				       T_AUX;
		if (ti != T_CODE)
			naux++;
		b = pc == PAT_BINDING && sub && !bkey.len ?
			    binding_key(sub, sublen, &c->code, &bkey) :
			    0;
		if (b > 0)
			strbuf_add(&bsub, v, (size_t)(sub + sublen - v));
		t[ti].n++;
		if (b < 0 ||
		    vote(&t[ti].votes, &k,
			 ti == T_CODE || ti == T_VAGUE ? &c->code : &c->aux,
			 &t[ti].key, &t[ti].best, &t[ti].tied))
			ret = -1;
	}
	if (tier_why(&t[T_CODE], "", "code", naux, "doc/header/test", why)) {
		strbuf_addbuf(key, &t[T_CODE].key);
	} else if (bkey.len) {
		strbuf_addbuf(key, &bkey);
		strbuf_addf(why, "bindings only: %s/ documents %s", bsub.buf,
			    bkey.buf);
	} else if (tier_why(&t[T_VAGUE], NOCODE, "broad code",
			    naux - t[T_VAGUE].n, "doc/header/test", why)) {
		strbuf_addbuf(key, &t[T_VAGUE].key);
	} else if (tier_why(&t[T_TEST], NOCODE, "test/sample", t[T_AUX].n,
			    "doc/header", why)) {
		strbuf_addbuf(key, &t[T_TEST].key);
	} else if (tier_why(&t[T_AUX], NOCODE, "doc/header/test", 0, "", why)) {
		strbuf_addbuf(key, &t[T_AUX].key);
	} else {
		strbuf_addstr(why, "no F: pattern names a directory");
	}
	if (strbuf_failed(&bkey) || strbuf_failed(&bsub))
		ret = -1;
	strbuf_release(&k);
	strbuf_release(&bkey);
	strbuf_release(&bsub);
	return ret;
}

/* The key of a section for the tree strategy; "" for none. */
static void section_key(const struct maintainers *m,
			const struct mnt_section *s, struct strbuf *key)
{
	const struct mnt_line *l = mnt_section_lines(m, s);
	const char *comp[64];
	size_t clen[64], i, j, common = (size_t)-1;
	const char *first = NULL;
	size_t firstn = 0;

	strbuf_reset(key);
	for (i = 0; i < s->nr; i++) {
		size_t vlen, n, used;
		const char *v;

		if (l[i].type != 'F')
			continue;
		v = mnt_line_value(&l[i], &vlen);
		n = pattern_dirs(v, vlen, comp, clen, 64);
		/* the directory all patterns share */
		used = n ? (size_t)(comp[n - 1] + clen[n - 1] - v) : 0;
		if (!first) {
			first = v;
			firstn = used;
			common = used;
		} else {
			for (j = 0; j < common && j < used && first[j] == v[j];
			     j++)
				;
			common = j;
		}
	}
	if (first && common != (size_t)-1) {
		/* cut back to a whole directory */
		while (common && common < firstn && first[common] != '/')
			common--;
		while (common && first[common - 1] == '/')
			common--;
		for (i = 0; i < common;) {
			size_t st = i;

			while (i < common && first[i] != '/')
				i++;
			if (key->len)
				strbuf_addch(key, '/');
			split_safe_component(key, first + st, i - st);
			i++;
		}
		if (key->len)
			strbuf_addstr(key, "/" SPLIT_REST);
	}
}

static void list_key(const struct maintainers *m, const struct mnt_section *s,
		     struct strbuf *key)
{
	static const char *const common[] = { "linux", "devel", "dev",
					      "kernel" };
	const struct mnt_line *l = mnt_section_lines(m, s);
	size_t i, vlen;

	strbuf_reset(key);
	for (i = 0; i < s->nr; i++) {
		const char *v, *at, *p, *end;

		if (l[i].type != 'L')
			continue;
		v = mnt_line_value(&l[i], &vlen);
		at = memchr(v, '@', vlen);
		end = at ? at : v + vlen;
		for (p = v; p < end;) {
			const char *w = p;
			size_t k, wl;
			bool skip = false;

			while (p < end && *p != '-' && *p != '.' && *p != ' ')
				p++;
			wl = (size_t)(p - w);
			for (k = 0; k < 4; k++)
				if (strlen(common[k]) == wl &&
				    !strncasecmp(common[k], w, wl))
					skip = true;
			if (wl && !skip) {
				if (key->len)
					strbuf_addch(key, '-');
				for (k = 0; k < wl; k++)
					strbuf_addch(
						key,
						w[k] >= 'A' && w[k] <= 'Z' ?
							w[k] + 32 :
							w[k]);
			}
			if (p < end)
				p++;
		}
		break;
	}
	if (key->len) {
		struct strbuf safe = STRBUF_INIT;

		split_safe_component(&safe, key->buf, key->len);
		strbuf_reset(key);
		strbuf_add(key, safe.buf, safe.len);
		strbuf_release(&safe);
	}
}

/*
 * Each section to the file of its key, unless the key's group has fewer
 * than min sections (then to the rest, and why says so).  0, or -1 out
 * of memory.
 */
static int assign_files(const struct maintainers *m, enum split_by by, int min,
			char **keys, const struct strmap *count,
			struct strmap *index, struct split_plan *plan)
{
	struct strbuf why = STRBUF_INIT;
	size_t i;
	int ret = -1;

	for (i = 1; i < m->nr_sections; i++) {
		const struct strmap_entry *e;
		size_t f = 0;

		e = *keys[i] ? strmap_get(count, keys[i], strlen(keys[i])) :
			       NULL;
		if (e &&
		    (by == SPLIT_RULES || (uintptr_t)e->value >= (size_t)min)) {
			f = plan_name(plan, index, keys[i], strlen(keys[i]));
		} else if (e) {
			strbuf_reset(&why);
			strbuf_addf(&why,
				    "%s; %s would have %zu section%s, "
				    "fewer than --min=%d",
				    plan->why[i], keys[i],
				    (size_t)(uintptr_t)e->value,
				    (uintptr_t)e->value == 1 ? "" : "s", min);
			free(plan->why[i]);
			plan->why[i] = strbuf_detach(&why, NULL);
			if (!plan->why[i])
				goto out;
		}
		if (f == (size_t)-1)
			goto out;
		plan->file_of[i] = f;
	}
	ret = 0;
out:
	strbuf_release(&why);
	return ret;
}

/* The key of section s by strategy by, and why it is that key.  0 or -1. */
static int key_of(const struct maintainers *m, const struct mnt_section *s,
		  enum split_by by, struct dir_ctx *dc,
		  struct split_rule *rules, size_t nrules,
		  const char *rules_name, struct strbuf *key,
		  struct strbuf *why, struct diags *d)
{
	if (by == SPLIT_LIST) {
		list_key(m, s, key);
		if (key->len)
			strbuf_addstr(why, "its first mailing list");
		else
			strbuf_addstr(why, "no mailing list");
	} else if (by == SPLIT_RULES) {
		if (split_rule_key(m, s, rules, nrules, rules_name, key, why,
				   d))
			return -1;
	} else if (by == SPLIT_DIR) {
		if (dir_key(m, s, dc, key, why)) {
			diag_add(d, D_NOMEM, NULL, 0, "out of memory");
			return -1;
		}
	} else {
		section_key(m, s, key);
		if (key->len)
			strbuf_addstr(why, "the directory all its F: "
					   "patterns share");
		else
			strbuf_addstr(why, "its F: patterns share no "
					   "directory");
	}
	return 0;
}

/*
 * Section i's key into keys[i], counted in count, and why into
 * plan->why[i].  0; -1 with the reason in d; 1 out of memory.
 */
static int plan_key(const struct maintainers *m, size_t i, enum split_by by,
		    struct dir_ctx *dc, struct split_rule *rules, size_t nrules,
		    const char *rules_name, char **keys, struct strmap *count,
		    struct split_plan *plan, struct diags *d)
{
	struct strbuf key = STRBUF_INIT, why = STRBUF_INIT;
	int ret = 1;

	if (key_of(m, &m->sections[i], by, dc, rules, nrules, rules_name, &key,
		   &why, d)) {
		ret = -1;
		goto out;
	}
	if (strbuf_failed(&key) || strbuf_failed(&why))
		goto out;
	keys[i] = strbuf_detach(&key, NULL);
	if (!keys[i])
		goto out;
	if (*keys[i]) {
		struct strmap_entry *e =
			strmap_put(count, keys[i], strlen(keys[i]));

		if (!e)
			goto out;
		e->value = (void *)((uintptr_t)e->value + 1);
	}
	plan->why[i] = strbuf_detach(&why, NULL);
	if (plan->why[i])
		ret = 0;
out:
	strbuf_release(&key);
	strbuf_release(&why);
	return ret;
}

int split_plan(const struct maintainers *m, enum split_by by, int min,
	       const char *rules_text, size_t rules_len, const char *rules_name,
	       struct split_plan *plan, struct diags *d)
{
	struct strmap index = STRMAP_INIT, count = STRMAP_INIT;
	struct dir_ctx dc = { .code = STRMAP_INIT, .aux = STRMAP_INIT };
	struct split_rule *rules = NULL;
	size_t nrules = 0, i, k;
	char **keys = NULL;
	int ret = -1;

	for (k = 0; k < NR_TIERS; k++) {
		dc.t[k].votes = (struct strmap)STRMAP_INIT;
		strbuf_init(&dc.t[k].key);
	}
	memset(plan, 0, sizeof(*plan));
	plan->file_of = calloc(m->nr_sections + 1, sizeof(*plan->file_of));
	plan->why = calloc(m->nr_sections + 1, sizeof(*plan->why));
	plan->nr_sections = m->nr_sections;
	keys = calloc(m->nr_sections + 1, sizeof(*keys));
	if (!plan->file_of || !plan->why || !keys ||
	    plan_name(plan, &index, SPLIT_REST, strlen(SPLIT_REST)) != 0)
		goto nomem;
	if (by == SPLIT_RULES &&
	    split_rules_read(rules_text, rules_len, rules_name, &rules, &nrules,
			     d))
		goto out;
	if (by == SPLIT_DIR && dir_weights(m, &dc))
		goto nomem;

	/* a key for every section */
	for (i = 1; i < m->nr_sections; i++) {
		int r = plan_key(m, i, by, &dc, rules, nrules, rules_name, keys,
				 &count, plan, d);

		if (r < 0)
			goto out;
		if (r > 0)
			goto nomem;
	}
	for (k = 0; k < nrules; k++)
		if (!rules[k].hits) {
			diag_add(d, D_REGEX, rules_name, rules[k].lineno,
				 "the rule for '%s' matches no section",
				 rules[k].file);
			goto out;
		}
	/* small groups go to the rest */
	if (assign_files(m, by, min, keys, &count, &index, plan))
		goto nomem;
	ret = 0;
	goto out;
nomem:
	diag_add(d, D_NOMEM, NULL, 0, "out of memory");
out:
	for (i = 0; keys && i < m->nr_sections; i++)
		free(keys[i]);
	free(keys);
	split_rules_free(rules, nrules);
	strmap_release(&index);
	strmap_release(&count);
	for (k = 0; k < NR_TIERS; k++) {
		strmap_release(&dc.t[k].votes);
		strbuf_release(&dc.t[k].key);
	}
	strmap_release(&dc.code);
	strmap_release(&dc.aux);
	if (ret)
		split_plan_release(plan);
	return ret;
}
