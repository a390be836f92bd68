// SPDX-License-Identifier: GPL-2.0
/*
 * maint split --series: git plumbing.  Every command runs as
 * "git -C TOP ...", on the temporary index (GIT_INDEX_FILE) when the
 * series asks for it; blobs and commits are made from files in the
 * series' temporary directory.
 */
#include "series-internal.h"
#include "base/base.h"
#include "model/model.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Drop the trailing newline(s) of a command's output. */
void split_series_chomp(struct strbuf *sb)
{
	while (sb->len &&
	       (sb->buf[sb->len - 1] == '\n' || sb->buf[sb->len - 1] == '\r'))
		sb->buf[--sb->len] = '\0';
}

/*
 * git -C TOP ARGS... (argv: the arguments after "git -C TOP",
 * NULL-terminated), standard input from the file in (or /dev/null),
 * standard output appended to out (or dropped), standard error the
 * user's.  0 when it ran and exited 0.
 */
int split_series_git_argv(struct series *s, const char *in, struct strbuf *out,
			  const char *const *args)
{
	const char **argv;
	struct strbuf drop = STRBUF_INIT;
	size_t n = 0, k;
	int status, ret;

	for (k = 0; args[k]; k++)
		;
	argv = calloc(k + 4, sizeof(*argv));
	if (!argv)
		return -1;
	argv[n++] = "git";
	argv[n++] = "-C";
	argv[n++] = s->top.len ? s->top.buf : ".";
	for (k = 0; args[k]; k++)
		argv[n++] = args[k];
	/* the temporary index, for this command only */
	if (s->use_index)
		setenv("GIT_INDEX_FILE", s->index.buf, 1);
	ret = run_capture_input(argv, in, out ? out : &drop, &status) ||
			      status ?
		      -1 :
		      0;
	unsetenv("GIT_INDEX_FILE");
	free(argv);
	strbuf_release(&drop);
	return ret;
}

int split_series_git(struct series *s, const char *in, struct strbuf *out, ...)
{
	const char *args[24];
	size_t n = 0;
	va_list ap;

	va_start(ap, out);
	while (n < 23 && (args[n] = va_arg(ap, const char *)))
		n++;
	va_end(ap);
	args[n] = NULL;
	return split_series_git_argv(s, in, out, args);
}

int split_series_write_path(const char *path, const char *data, size_t len)
{
	int fd, err = 0;

	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		  0666);
	if (fd < 0)
		return -1;
	if (write_all(fd, data, len, &err)) {
		close(fd);
		errno = err;
		return -1;
	}
	return close(fd);
}

/* A file of our own in the temporary directory, written with data. */
int split_series_tmp_file(struct series *s, struct strbuf *path,
			  const char *what, const char *data, size_t len)
{
	strbuf_reset(path);
	strbuf_addf(path, "%s/%s-%u", s->tmp.buf, what, s->nblob++);
	return split_series_write_path(path->buf, data, len);
}

/* Store text as a blob: its object name in oid. */
int split_series_blob(struct series *s, const struct strbuf *text,
		      struct strbuf *oid)
{
	struct strbuf p = STRBUF_INIT;
	int ret = -1;

	strbuf_reset(oid);
	if (!split_series_tmp_file(s, &p, "blob", text->buf, text->len) &&
	    !split_series_git(s, NULL, oid, "hash-object", "-w", "--", p.buf,
			      NULL)) {
		split_series_chomp(oid);
		ret = 0;
	}
	if (p.len)
		unlink(p.buf);
	strbuf_release(&p);
	return ret;
}

/*
 * One commit on the temporary index: the paths (NULL-terminated pairs of
 * "MODE,OID,PATH" strings for update-index --cacheinfo) and the message.
 * The new commit becomes s->parent.
 */
int split_series_commit(struct series *s, const struct strbuf *msg,
			const char *const *cacheinfo, size_t n)
{
	const char *argv[24];
	struct strbuf tree = STRBUF_INIT, p = STRBUF_INIT, c = STRBUF_INIT;
	size_t i, k = 0;
	int ret = -1;

	/* update-index --add --replace --cacheinfo ... */
	if (n > 8)
		return -1;
	argv[k++] = "update-index";
	argv[k++] = "--add";
	argv[k++] = "--replace";
	for (i = 0; i < n; i++) {
		argv[k++] = "--cacheinfo";
		argv[k++] = cacheinfo[i];
	}
	argv[k] = NULL;
	if (split_series_git_argv(s, NULL, NULL, argv))
		goto out;
	if (!s->small) {
		if (split_series_git(s, NULL, &tree, "write-tree", NULL))
			goto out;
	} else {
		/* the root: HEAD's entries and the MAINTAINERS tree */
		struct strbuf sub = STRBUF_INIT, root = STRBUF_INIT;
		int bad;

		bad = split_series_git(s, NULL, &sub, "write-tree",
				       "--prefix=" SPLIT_REST "/", NULL);
		split_series_chomp(&sub);
		strbuf_addbuf(&root, &s->root);
		strbuf_addf(&root, "040000 tree %s\t" SPLIT_REST "\n", sub.buf);
		bad = bad ||
		      split_series_tmp_file(s, &p, "root", root.buf,
					    root.len) ||
		      split_series_git(s, p.buf, &tree, "mktree", NULL);
		unlink(p.buf);
		strbuf_reset(&p);
		strbuf_release(&sub);
		strbuf_release(&root);
		if (bad)
			goto out;
	}
	split_series_chomp(&tree);
	if (split_series_tmp_file(s, &p, "msg", msg->buf, msg->len) ||
	    split_series_git(s, NULL, &c, "commit-tree", "--no-gpg-sign",
			     tree.buf, "-p", s->parent.buf, "-F", p.buf, NULL))
		goto out;
	split_series_chomp(&c);
	strbuf_reset(&s->parent);
	strbuf_addbuf(&s->parent, &c);
	ret = 0;
out:
	if (p.len)
		unlink(p.buf);
	strbuf_release(&tree);
	strbuf_release(&p);
	strbuf_release(&c);
	return ret;
}

/* "MODE,OID,PATH" of HEAD:path, or -1 when it is not a blob there. */
int split_series_head_entry(struct series *s, const char *path,
			    struct strbuf *mode)
{
	struct strbuf out = STRBUF_INIT;
	int ret = -1;

	strbuf_reset(mode);
	if (!split_series_git(s, NULL, &out, "ls-tree", s->head.buf, "--", path,
			      NULL) &&
	    out.len > 7 && !strncmp(out.buf + 7, "blob ", 5)) {
		strbuf_add(mode, out.buf, 6);
		ret = 0;
	}
	strbuf_release(&out);
	return ret;
}

int split_tmpdir_near(const char *path, struct strbuf *tmp)
{
	return make_tmpdir_near(path, tmp);
}

bool split_series_usable_outdir(const char *path)
{
	char **names = NULL;
	size_t n = 0, i;
	int err;
	struct stat st;

	if (lstat(path, &st))
		return errno == ENOENT;
	if (!S_ISDIR(st.st_mode) || list_directory(path, &names, &n, &err))
		return false;
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return n == 0;
}
