// SPDX-License-Identifier: GPL-2.0
/* Which get_maintainer.pl to answer as.  See generation.h. */
#define _GNU_SOURCE /* memmem */
#include "generation.h"
#include "base/base.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const struct {
	const char *name;
	int gen;
} names[] = {
	{ "7.2", MNT_GEN_7_2 },	  { "upstream", MNT_GEN_NEWEST },
	{ "7.1", MNT_GEN_7_1 },	  { "6.15", MNT_GEN_6_15 },
	{ "6.12", MNT_GEN_6_12 },
};

const char mnt_generation_names[] = "6.12, 6.15, 7.1, 7.2, upstream";

int mnt_generation_parse(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(name, names[i].name))
			return names[i].gen;
	return 0;
}

const char *mnt_generation_name(int gen)
{
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].gen == gen)
			return names[i].name;
	return "6.12";
}

int mnt_generation_of_script(const char *buf, size_t len, const char **why)
{
	/* newest first: a line each change brought */
	static const struct {
		const char *mark, *why;
		int gen;
	} marks[] = {
		{ "'json!'", "scripts/get_maintainer.pl has --json",
		  MNT_GEN_7_2 },
		{ "/\\(\\?:/", "scripts/get_maintainer.pl has ** globs",
		  MNT_GEN_7_1 },
		{ "'substatus!'", "scripts/get_maintainer.pl has --substatus",
		  MNT_GEN_6_15 },
	};
	size_t i;

	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		if (memmem(buf, len, marks[i].mark, strlen(marks[i].mark))) {
			*why = marks[i].why;
			return marks[i].gen;
		}
	*why = "scripts/get_maintainer.pl is of 6.12 or older";
	return MNT_GEN_6_12;
}

/*
 * git config maint.generation into v; 0 when set, 1 when not (or git
 * cannot say), -1 out of memory.  What git says on standard error is its
 * own business here (a repository it refuses is reported once, by the
 * history reader): read with the value, and the value taken only when
 * git succeeds.
 */
static int config_value(struct strbuf *v)
{
	static const char *const argv[] = { "git", "config", "--get",
					    "maint.generation", NULL };
	int status;

	if (run_capture_all(argv, v, &status))
		return errno == ENOMEM || strbuf_failed(v) ? -1 : 1;
	if (strbuf_failed(v))
		return -1;
	if (status)
		return 1;
	while (v->len &&
	       (v->buf[v->len - 1] == '\n' || v->buf[v->len - 1] == '\r' ||
		v->buf[v->len - 1] == ' '))
		v->buf[--v->len] = '\0';
	return 0;
}

/*
 * Does the file hold "generation" or "include" (any case)?  1, 0 (or
 * unreadable), -1 out of memory.
 */
static int file_may_say(const char *path)
{
	struct strbuf text = STRBUF_INIT;
	int may = 0, err = 0;

	if (!read_path(path, &text, &err))
		may = strcasestr(text.buf, "generation") ||
		      strcasestr(text.buf, "include");
	else if (err == ENOMEM)
		may = -1;
	strbuf_release(&text);
	return may;
}

/*
 * Can git config say maint.generation?  Asking git is a process per run
 * (as long again as answering for a file), so first the files it would
 * read, as text: none names "generation" (nor includes another): no.
 * Anything this does not follow (git -c, GIT_DIR, a .git file, the
 * GIT_CONFIG_* variables) is left to git.  1, 0, -1 out of memory.
 */
static int config_may_say(void)
{
	static const char *const env[] = {
		"GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT",  "GIT_DIR",
		"GIT_CONFIG_GLOBAL",	 "GIT_CONFIG_SYSTEM", "GIT_CONFIG"
	};
	const char *home = getenv("HOME"), *xdg = getenv("XDG_CONFIG_HOME");
	struct strbuf path = STRBUF_INIT;
	struct stat st;
	struct strbuf cwd = STRBUF_INIT;
	int may = 0;
	size_t i, up, depth;

	for (i = 0; i < sizeof(env) / sizeof(env[0]); i++)
		if (getenv(env[i]))
			return 1;
	if (!getenv("GIT_CONFIG_NOSYSTEM"))
		may = file_may_say("/etc/gitconfig");
	if (may)
		return may;
	if (xdg && *xdg)
		strbuf_addf(&path, "%s/git/config", xdg);
	else if (home)
		strbuf_addf(&path, "%s/.config/git/config", home);
	if (strbuf_failed(&path))
		may = -1;
	else if (path.len)
		may = file_may_say(path.buf);
	strbuf_reset(&path);
	if (!may && home) {
		strbuf_addf(&path, "%s/.gitconfig", home);
		may = strbuf_failed(&path) ? -1 : file_may_say(path.buf);
	}
	/* the repository: the nearest .git up from here */
	strbuf_reset(&path);
	strbuf_addstr(&path, ".git");
	/* as far up as there are directories above here (not past /) */
	depth = 0;
	if (!may && strbuf_getcwd(&cwd))
		may = errno == ENOMEM ? -1 : 1; /* not known: ask git */
	for (i = 1; i < cwd.len; i++)
		depth += cwd.buf[i] == '/';
	if (cwd.len > 1)
		depth++;
	strbuf_release(&cwd);
	for (up = 0; !may && up <= depth; up++) {
		if (strbuf_failed(&path)) {
			may = -1;
		} else if (lstat(path.buf, &st)) {
			/* a path too long to look at: ask git */
			if (errno != ENOENT && errno != ENOTDIR)
				may = 1;
		} else {
			if (!S_ISDIR(st.st_mode)) {
				may = 1; /* a worktree's gitdir: file */
			} else {
				strbuf_addstr(&path, "/config");
				may = strbuf_failed(&path) ?
					      -1 :
					      file_may_say(path.buf);
			}
			break;
		}
		if (may)
			break;
		strbuf_reset(&path);
		for (i = 0; i <= up; i++)
			strbuf_addstr(&path, "../");
		strbuf_addstr(&path, ".git");
	}
	strbuf_release(&path);
	return may;
}

static int by_name(struct mnt_generation *g, const char *name, const char *from)
{
	g->gen = mnt_generation_parse(name);
	g->why = from;
	if (g->gen)
		return 0;
	g->bad_from = from;
	g->bad_name = strdup(name);
	if (!g->bad_name)
		g->nomem = true;
	return -1;
}

int mnt_generation_find(struct mnt_generation *g, const char *forced,
			int use_config, const char *script_path)
{
	struct strbuf text = STRBUF_INIT;
	int err = 0, may = 0, ret;

	if (forced)
		return by_name(g, forced, "--generation");
	if (use_config)
		may = config_may_say();
	/* 0: git says, 1: it does not, -1: out of memory */
	ret = may > 0 ? config_value(&text) : may ? -1 : 1;
	if (!ret)
		ret = by_name(g, text.buf, "git config maint.generation");
	else if (ret < 0)
		g->nomem = true;
	if (ret <= 0)
		goto out;
	strbuf_reset(&text);
	ret = read_path(script_path, &text, &err);
	if (ret && err == ENOMEM) {
		g->nomem = true;
		goto out;
	}
	if (ret) {
		g->gen = MNT_GEN_NEWEST;
		g->why = "no scripts/get_maintainer.pl here: the newest";
	} else {
		g->gen = mnt_generation_of_script(text.buf, text.len, &g->why);
	}
	ret = 0;
out:
	strbuf_release(&text);
	if (g->nomem)
		errno = ENOMEM;
	return ret;
}

void mnt_generation_release(struct mnt_generation *g)
{
	free(g->bad_name);
	g->bad_name = NULL;
}
