/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which scripts/get_maintainer.pl maint get answers as (MNT_GEN_* of
 * getmaint.h): forced by name (--generation), else the git config key
 * maint.generation, else what the tree's script can do, found by reading
 * it for one line of each change (no Perl run), else (no script: another
 * project) the newest.  Nothing is printed: a name nobody knows is
 * returned for the caller to report.
 */
#ifndef MAINT_GENERATION_H
#define MAINT_GENERATION_H

#include <stdbool.h>
#include <stddef.h>

/* the generations of scripts/get_maintainer.pl maint answers as */
#define MNT_GEN_6_12 612
#define MNT_GEN_6_15 615 /* roles decoupled from S:, --substatus */
#define MNT_GEN_7_1 701 /* "**" in F:/X: */
#define MNT_GEN_7_2 702 /* --json */
#define MNT_GEN_NEWEST MNT_GEN_7_2

struct mnt_generation {
	int gen; /* MNT_GEN_* */
	const char *why; /* static text: how it was found */
	/* on -1: where the unknown name came from and the name (owned) */
	const char *bad_from;
	char *bad_name;
	bool nomem; /* on -1: out of memory instead */
};

#define GM_GENERATION_INIT                 \
	{                                  \
		0, NULL, NULL, NULL, false \
	}

/* MNT_GEN_* for a name (6.12, 6.15, 7.1, 7.2, upstream), or 0. */
int mnt_generation_parse(const char *name);
/* The name of a MNT_GEN_* (the newest's number for upstream). */
const char *mnt_generation_name(int gen);
/* The names mnt_generation_parse() knows, for messages. */
extern const char mnt_generation_names[];

/*
 * The generation of a script's text: the newest change it has a line
 * of (MNT_GEN_6_12 for none); *why says which line.
 */
int mnt_generation_of_script(const char *buf, size_t len, const char **why);

/*
 * Find the generation: forced (a name, or NULL), else git config
 * maint.generation (asked only when use_config; one git run), else the
 * script at script_path, else the newest.  0, or -1 for a name nobody
 * knows (g->bad_from, g->bad_name) or out of memory (g->nomem; errno
 * ENOMEM).  mnt_generation_release() after.
 */
int mnt_generation_find(struct mnt_generation *g, const char *forced,
			int use_config, const char *script_path);
void mnt_generation_release(struct mnt_generation *g);

#endif
