// SPDX-License-Identifier: GPL-2.0
/*
 * get, where it runs: the words of .get_maintainer.conf, the top of the
 * kernel tree (the script's top_of_kernel_tree(), and beyond it, from
 * below the top), the MAINTAINERS path --mpath names, and the paths
 * --all answers.
 */
#include "get-internal.h"
#include "base/base.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* One word more in *words (grown by doubling); 0, or -1 (ENOMEM). */
static int conf_push(char ***words, int *nr, int *alloc, const char *w)
{
	char *p;

	if (*nr + 1 >= *alloc) {
		int n = *alloc ? 2 * *alloc : 16;
		char **v = realloc(*words, (size_t)n * sizeof(**words));

		if (!v)
			return -1;
		*words = v;
		*alloc = n;
	}
	p = strdup(w);
	if (!p)
		return -1;
	(*words)[(*nr)++] = p;
	return 0;
}

/* The words of text's lines, up to a word starting with '#'. */
static int conf_words(char *text, char ***words, int *nr)
{
	char *line, *save = NULL;
	int alloc = 0;

	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *s2 = NULL, *w;

		for (w = strtok_r(line, " \t\r\f\v", &s2); w;
		     w = strtok_r(NULL, " \t\r\f\v", &s2)) {
			if (*w == '#')
				break;
			if (conf_push(words, nr, &alloc, w))
				return -1;
		}
	}
	return 0;
}

void gm_conf_release(char **words, int nr)
{
	int i;

	for (i = 0; i < nr; i++)
		free(words[i]);
	free(words);
}

/*
 * Whether in dir each of files is a file, each of dirs a directory (as
 * Perl's -f and -d: through links) and MAINTAINERS exists; looked at
 * from dir's descriptor, so that no memory is needed.
 */
static bool tree_has(const char *dir, const char *const *files, size_t nf,
		     const char *const *dirs, size_t nd)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	bool ret = fd >= 0;
	struct stat st;
	size_t i;

	for (i = 0; ret && i < nf + nd; i++)
		ret = !fstatat(fd, i < nf ? files[i] : dirs[i - nf], &st, 0) &&
		      (i < nf ? S_ISREG(st.st_mode) : S_ISDIR(st.st_mode));
	if (ret)
		ret = !faccessat(fd, "MAINTAINERS", F_OK, 0);
	if (fd >= 0)
		close(fd);
	return ret;
}

#define NR(a) (sizeof(a) / sizeof((a)[0]))

/* The script's top_of_kernel_tree(), the kernel's or U-Boot's, for dir. */
static bool tree_top(const char *dir)
{
	static const char *const files[] = { "COPYING", "CREDITS", "Kbuild",
					     "Makefile", "README" };
	static const char *const dirs[] = {
		"Documentation", "arch", "include", "drivers", "fs",
		"init",		 "ipc",	 "kernel",  "lib",     "scripts"
	};
	/* U-Boot's script has its own */
	static const char *const uboot_files[] = { "Kbuild", "Makefile",
						   "README" };
	static const char *const uboot_dirs[] = {
		"arch", "board",   "common", "doc",  "drivers", "dts",	"fs",
		"lib",	"include", "net",    "post", "scripts", "test", "tools"
	};

	return tree_has(dir, files, NR(files), dirs, NR(dirs)) ||
	       tree_has(dir, uboot_files, NR(uboot_files), uboot_dirs,
			NR(uboot_dirs));
}

bool gm_top_of_kernel_tree(void)
{
	return tree_top(".");
}

/*
 * Below a tree (the current directory no top): the top above it, as
 * "..", "../.." ... in path; else path empty.
 */
static void top_above(struct strbuf *path)
{
	struct strbuf here = STRBUF_INIT;
	const char *p;
	size_t depth = 0;

	strbuf_reset(path);
	if (tree_top(".") || strbuf_getcwd(&here)) {
		strbuf_release(&here);
		return;
	}
	for (p = here.buf; *p; p++)
		depth += *p == '/' && p[1];
	strbuf_release(&here);
	while (depth-- && !strbuf_failed(path)) {
		strbuf_addstr(path, path->len ? "/.." : "..");
		if (tree_top(path->buf))
			return;
	}
	if (!strbuf_failed(path))
		strbuf_reset(path);
}

int gm_which_conf(const char *name, struct strbuf *path)
{
	const char *home = getenv("HOME");
	const char *dirs[] = { ".", home ? home : "", ".scripts" };
	int i;

	for (i = 0; i < 3; i++) {
		strbuf_reset(path);
		strbuf_addf(path, "%s/%s", dirs[i], name);
		if (strbuf_failed(path)) {
			errno = ENOMEM;
			return -1;
		}
		if (!access(path->buf, F_OK))
			return 1;
	}
	strbuf_reset(path);
	return 0;
}

bool gm_ignore_file_read(void)
{
	struct strbuf path = STRBUF_INIT;
	struct stat st;
	bool ret = false;
	int fd;

	if (gm_which_conf(".get_maintainer.ignore", &path) == 1 &&
	    !stat(path.buf, &st) && S_ISREG(st.st_mode)) {
		fd = open(path.buf, O_RDONLY);
		ret = fd >= 0;
		if (fd >= 0)
			close(fd);
	}
	strbuf_release(&path);
	return ret;
}

int gm_read_conf(char ***words, int *nr)
{
	const char *home = getenv("HOME");
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	struct strbuf top = STRBUF_INIT;
	const char *dirs[4];
	int err, i, ret = 0;

	/* below the top, the top's conf (what the script reads there) */
	top_above(&top);
	dirs[0] = ".";
	dirs[1] = top.len ? top.buf : ".";
	dirs[2] = home ? home : "";
	dirs[3] = ".scripts";
	*words = NULL;
	*nr = 0;
	for (i = 0; i < 4; i++) {
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/.get_maintainer.conf", dirs[i]);
		if (!access(path.buf, F_OK))
			break;
	}
	if (strbuf_failed(&path) || strbuf_failed(&top)) {
		ret = -1;
	} else if (i < 4 && !read_path(path.buf, &text, &err)) {
		ret = conf_words(text.buf, words, nr);
	} else if (i < 4 && err == ENOMEM) {
		ret = -1;
	}
	strbuf_release(&top);
	if (ret) {
		gm_conf_release(*words, *nr);
		*words = NULL;
		*nr = 0;
		errno = ENOMEM;
	}
	strbuf_release(&path);
	strbuf_release(&text);
	return ret;
}

char **gm_conf_argv(int argc, char **argv, char ***conf, int *nconf)
{
	char **all;
	int i;

	if (gm_read_conf(conf, nconf))
		return NULL;
	all = calloc((size_t)(argc + *nconf + 1), sizeof(*all));
	if (!all)
		return NULL;
	all[0] = argv[0];
	for (i = 0; i < *nconf; i++)
		all[1 + i] = (*conf)[i];
	for (i = 1; i < argc; i++)
		all[*nconf + i] = argv[i];
	return all;
}

bool gm_self_test_with_more(char **all, int n)
{
	int i;

	for (i = 1; n > 2 && i < n; i++) {
		const char *w = all[i] + (all[i][0] == '-');

		if (w[0] == '-' && !strncmp(w + 1, "self-test", 9) &&
		    (!w[10] || w[10] == '='))
			return true;
	}
	return false;
}

/* word is -NAME or --NAME, or (with value) -NAME=... or --NAME=... */
static const char *conf_option(const char *word, const char *name)
{
	size_t n = strlen(name);

	if (word[0] != '-')
		return NULL;
	word += word[1] == '-' ? 2 : 1;
	if (strncmp(word, name, n) || (word[n] && word[n] != '='))
		return NULL;
	return word + n;
}

int gm_conf_maintainers(bool *find, char **mpath)
{
	static const char *const paths[] = { "maintainer-path", "mpath" };
	char **words;
	const char *v;
	int nr, i, k, ret = 0;

	*find = false;
	*mpath = NULL;
	if (gm_read_conf(&words, &nr))
		return -1;
	for (i = 0; i < nr && !ret; i++) {
		if (conf_option(words[i], "find-maintainer-files"))
			*find = true;
		for (k = 0; k < 2; k++) {
			v = conf_option(words[i], paths[k]);
			if (!v || (!*v && i + 1 == nr))
				continue;
			free(*mpath);
			*mpath = strdup(*v ? v + 1 : words[++i]);
			ret = *mpath ? 0 : -1;
			break;
		}
	}
	gm_conf_release(words, nr);
	return ret;
}

int gm_find_tree(struct strbuf *subdir)
{
	struct strbuf here = STRBUF_INIT, top = STRBUF_INIT;
	size_t skip;
	int ret = -1, fd;

	if (gm_top_of_kernel_tree())
		return 0;
	/* where we stand, to come back to (a path may be too long for chdir) */
	fd = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0 || strbuf_getcwd(&here))
		goto out;
	/* up to the top, or to / */
	while (!gm_top_of_kernel_tree())
		if (chdir("..") || strbuf_getcwd(&top) || !strcmp(top.buf, "/"))
			break;
	if (gm_top_of_kernel_tree() && !strbuf_getcwd(&top)) {
		skip = top.len + (top.len > 1); /* the top and its '/' */
		if (here.len > skip) {
			strbuf_addstr(subdir, here.buf + skip);
			strbuf_addch(subdir, '/');
			ret = strbuf_failed(subdir) ? -1 : 0;
		}
	}
	/* no tree (or no memory): back where we stood */
	if (ret && fchdir(fd))
		ret = -1;
out:
	if (fd >= 0)
		close(fd);
	strbuf_release(&here);
	strbuf_release(&top);
	return ret;
}

void gm_prefixed_path(const char *prefix, const char *path, struct strbuf *out)
{
	const char *p = path, *e;
	size_t n;

	strbuf_reset(out);
	strbuf_addstr(out, prefix);
	for (; *p; p = *e ? e + 1 : e) {
		e = strchr(p, '/');
		if (!e)
			e = p + strlen(p);
		n = (size_t)(e - p);
		if (n == 2 && !memcmp(p, "..", 2) && out->len &&
		    strcmp(out->buf, "../") &&
		    (out->len < 4 || strcmp(out->buf + out->len - 4, "/../"))) {
			/* back over the last "NAME/" */
			out->len--;
			while (out->len && out->buf[out->len - 1] != '/')
				out->len--;
			out->buf[out->len] = '\0';
		} else if (n && !(n == 1 && *p == '.')) {
			strbuf_add(out, p, n);
			if (*e)
				strbuf_addch(out, '/');
		}
	}
	if (!out->len)
		strbuf_addch(out, '.'); /* the top itself */
}

void gm_maintainers_path(const char *mp, struct strbuf *path)
{
	if (!mp)
		strbuf_addstr(path, "./MAINTAINERS");
	else if (mp[0] == '~' && (mp[1] == '/' || !mp[1]) && getenv("HOME"))
		strbuf_addf(path, "%s%s", getenv("HOME"), mp + 1);
	else
		strbuf_addstr(path, mp);
}

int gm_all_paths(bool from_stdin, struct strbuf *list, struct diags *d)
{
	const char *argv[] = { "git", "ls-files", "-z", NULL };
	int err = 0, status;
	char *p;

	if (from_stdin) {
		if (!read_fd(0, list, &err))
			return 0;
		diag_add(d, D_READ, NULL, 0, "standard input: %s",
			 file_strerror(err));
		return -1;
	}
	if (run_capture(argv, list, &status) || status) {
		diag_add(
			d, D_NO_FILES, NULL, 0,
			"--all: git ls-files failed (not a git work tree? use --all - and paths on standard input)");
		return -1;
	}
	for (p = list->buf; p < list->buf + list->len; p++)
		if (!*p)
			*p = '\n';
	return 0;
}
