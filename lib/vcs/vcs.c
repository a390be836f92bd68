// SPDX-License-Identifier: GPL-2.0
/*
 * vcs: get_maintainer.pl's git commands, from few git processes, with a
 * cache under .git (see vcs.h).  Here: struct vcs made and freed, and
 * the script's commands; the pieces below are listed in vcs-internal.h.
 */
#define _GNU_SOURCE /* realpath */

#include "vcs-internal.h"

#include "base/base.h"

#include <stdlib.h>
#include <string.h>

void vcs_init(struct vcs *v)
{
	memset(v, 0, sizeof(*v));
	v->kind = -1;
	v->cache = true;
	v->cachefd = -1;
	v->lockfd = -1;
	v->hidx_on = -1;
	strbuf_init(&v->err);
	strbuf_init(&v->cache_warn);
	strbuf_init(&v->cache_info);
}

void vcs_release(struct vcs *v)
{
	size_t i;

	for (i = 0; i < v->logs.nr; i++) {
		struct strbuf *sb = v->logs.e[i].value;

		if (sb) {
			strbuf_release(sb);
			free(sb);
		}
	}
	strmap_release(&v->logs);
	vcs_graph_release(v);
	strbuf_release(&v->err);
	vcs_hidx_free(v);
	vcs_cache_release(v);
	free(v->commondir);
	v->commondir = NULL;
	free(v->gitdir);
	v->gitdir = NULL;
}

const struct strbuf *vcs_file_log_read(const struct vcs *v, const char *file)
{
	const struct strmap_entry *e = strmap_gets(&v->logs, file);

	return e ? e->value : NULL;
}

int vcs_file_log(struct vcs *v, const char *since, const char *file,
		 const struct strbuf **out)
{
	bool fresh;
	struct strbuf *sb;
	char *const one[] = { (char *)file };

	/* without --follow where that gives the same lines */
	if (!strmap_gets(&v->logs, file) && vcs_prefetch_logs(v, since, one, 1))
		return -1;
	sb = vcs_log_slot(v, file, &fresh);
	if (!sb)
		return -1;
	*out = sb;
	if (!fresh)
		return 0;
	return vcs_follow_log(v, since, file, sb);
}

int vcs_commit_log(struct vcs *v, const char *commit, bool body,
		   struct strbuf *out)
{
	const char *argv[] = {
		"git",
		"log",
		"--no-color",
		"--numstat",
		body ? "--format=" LOG_FORMAT :
		       "--format=GitCommit: %H%nGitAuthor: %an <%ae>%n"
		       "GitDate: %aD%nGitSubject: %s%n",
		"-1",
		commit,
		NULL
	};

	/* an abbreviated name may become ambiguous: keyed by HEAD too */
	return vcs_run_lines(v, argv, NULL, true, out);
}

int vcs_blame(struct vcs *v, const char *file, const char *start,
	      const char *length, struct strbuf *out)
{
	const char *argv[8];
	struct strbuf l = STRBUF_INIT;
	size_t n = 0;
	int ret;

	argv[n++] = "git";
	argv[n++] = "blame";
	argv[n++] = "-l";
	if (start) {
		strbuf_addf(&l, "%s,+%s", start, length);
		argv[n++] = "-L";
		argv[n++] = l.buf;
	}
	argv[n++] = file;
	argv[n] = NULL;
	/* blame reads the work tree: never cached */
	ret = vcs_run_lines(v, argv, NULL, false, out);
	strbuf_release(&l);
	return ret;
}

/* Is the path inside the work tree (".." or absolute: ask realpath)? */
static bool inside_tree(const char *path, const char **rel)
{
	char *cwd, *real;
	size_t l;
	bool inside;

	*rel = path;
	if (!strncmp(path, "../", 3) || !strcmp(path, ".."))
		return false;
	if (path[0] != '/')
		return true;
	cwd = realpath(".", NULL);
	real = realpath(path, NULL);
	l = cwd ? strlen(cwd) : 0;
	inside = cwd && real && !strncmp(real, cwd, l) && real[l] == '/';
	free(cwd);
	free(real);
	*rel = NULL; /* git decides */
	return inside;
}

bool vcs_file_exists(struct vcs *v, const char *path)
{
	const char *argv[] = { "git", "ls-files", path, NULL };
	struct strbuf out = STRBUF_INIT;
	bool yes;
	const char *rel;
	int has;

	if (vcs_exists(v) != 1)
		return false;
	/* outside the work tree: git says so and fails */
	if (!inside_tree(path, &rel))
		return false;
	vcs_repo_setup(v);
	if (rel && v->gitdir && !strstr(rel, "/../") && !strstr(rel, "/./") &&
	    strncmp(rel, "./", 2)) {
		has = vcs_index_has(v->gitdir, rel);
		if (has >= 0)
			return has;
	}
	yes = vcs_run(v, argv, NULL, 0, &out) == 0 && out.len;
	strbuf_release(&out);
	return yes;
}
