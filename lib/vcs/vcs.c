// SPDX-License-Identifier: GPL-2.0
/*
 * vcs: get_maintainer.pl's git commands, from few git processes, with a
 * cache under .git (see vcs.h).  Here: running git, git_execute_cmd(),
 * the script's commands; the rest is in vcs-repo.c, vcs-cache.c and
 * vcs-log.c (see vcs-internal.h).
 */
#define _GNU_SOURCE /* memmem */

#include "vcs-internal.h"

#include "base/base.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void vcs_init(struct vcs *v)
{
	memset(v, 0, sizeof(*v));
	v->kind = -1;
	v->cache = true;
	v->cachefd = -1;
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
	vcs_cache_release(v);
	free(v->commondir);
	v->commondir = NULL;
	free(v->gitdir);
	v->gitdir = NULL;
}

/* which(): an entry of $PATH holding bin (-e) */
static bool which(const char *bin)
{
	const char *path = getenv("PATH"), *p, *q;
	struct strbuf f = STRBUF_INIT;
	bool found = false;

	if (!path)
		return false;
	for (p = path; !found; p = q + 1) {
		q = strchr(p, ':');
		if (!q)
			q = p + strlen(p);
		strbuf_reset(&f);
		strbuf_add(&f, p, (size_t)(q - p));
		strbuf_addch(&f, '/');
		strbuf_addstr(&f, bin);
		found = !access(f.buf, F_OK);
		if (!*q)
			break;
	}
	strbuf_release(&f);
	return found;
}

int vcs_exists(struct vcs *v)
{
	struct stat st;

	if (v->kind >= 0)
		return v->kind;
	if (which("git") && !access(".git", F_OK))
		v->kind = 1;
	else if (which("hg") && !stat(".hg", &st) && S_ISDIR(st.st_mode))
		v->kind = 2;
	else
		v->kind = 0;
	return v->kind;
}

/* ---- running git ---- */

/* A running command: its pipes (-1 once closed) and where output goes. */
struct job {
	pid_t pid; /* 0: a free slot */
	int fd[2]; /* standard output, standard error */
	struct strbuf *out;
	int *status;
};

static void close_pair(int p[2])
{
	if (p[0] >= 0)
		close(p[0]);
	if (p[1] >= 0)
		close(p[1]);
}

/*
 * git's malloc() (glibc's) on transparent huge pages: a git log that
 * reads a few hundred commits touches tens of MiB (inflated trees,
 * the delta base cache), and where a first touch of a page is dear
 * (~10 us on a virtual machine) that was half of its time.  Its output
 * is the same; a GLIBC_TUNABLES of the user's own is left as it is.
 */
static char git_tunables[] = "GLIBC_TUNABLES=glibc.malloc.hugetlb=1:"
			     "glibc.malloc.top_pad=33554432:"
			     "glibc.malloc.mmap_threshold=33554432";

/*
 * Start argv with its standard output and error on pipes and standard
 * input from *in (a pipe for the caller to write; in NULL: /dev/null).
 */
static int spawn(struct vcs *v, const char *const argv[], int *in,
		 struct job *j)
{
	int po[2] = { -1, -1 }, pe[2] = { -1, -1 }, pi[2] = { -1, -1 };

	if (pipe(po) || pipe(pe) || (in && pipe(pi))) {
		close_pair(po);
		close_pair(pe);
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	v->runs++;
	j->pid = fork();
	if (!j->pid) {
		int null = open("/dev/null", O_RDONLY);

		if (in)
			dup2(pi[0], 0);
		else if (null >= 0)
			dup2(null, 0);
		dup2(po[1], 1);
		dup2(pe[1], 2);
		close_pair(pi);
		close_pair(po);
		close_pair(pe);
		if (!getenv("GLIBC_TUNABLES"))
			putenv(git_tunables);
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	close(po[1]);
	close(pe[1]);
	if (pi[0] >= 0)
		close(pi[0]);
	if (j->pid < 0) {
		close(po[0]);
		close(pe[0]);
		if (pi[1] >= 0)
			close(pi[1]);
		j->pid = 0;
		return -1;
	}
	j->fd[0] = po[0];
	j->fd[1] = pe[0];
	if (in)
		*in = pi[1];
	return 0;
}

/* Write all of in to fd and close it (git reads all of --stdin first). */
static void feed(int fd, const char *in, size_t inlen)
{
	size_t off = 0;
	void (*old)(int) = signal(SIGPIPE, SIG_IGN);

	while (off < inlen) {
		ssize_t n = write(fd, in + off, inlen - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		off += (size_t)n;
	}
	close(fd);
	signal(SIGPIPE, old);
}

static void drain(int *fd, struct strbuf *sb)
{
	char buf[65536];
	ssize_t n = read(*fd, buf, sizeof(buf));

	if (n > 0) {
		strbuf_add(sb, buf, (size_t)n);
	} else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
		close(*fd);
		*fd = -1;
	}
}

/* Wait for output of the nj jobs and read what is there. */
static void pump(struct vcs *v, struct job *jobs, size_t nj, struct pollfd *p)
{
	size_t i;

	for (i = 0; i < nj; i++) {
		p[2 * i] = (struct pollfd){ jobs[i].fd[0], POLLIN, 0 };
		p[2 * i + 1] = (struct pollfd){ jobs[i].fd[1], POLLIN, 0 };
	}
	if (poll(p, (nfds_t)(2 * nj), -1) < 0)
		return;
	for (i = 0; i < nj; i++) {
		if (jobs[i].fd[0] >= 0 && p[2 * i].revents)
			drain(&jobs[i].fd[0], jobs[i].out);
		if (jobs[i].fd[1] >= 0 && p[2 * i + 1].revents)
			drain(&jobs[i].fd[1], &v->err);
	}
}

/* A job whose pipes are closed: its exit status, or -1. */
static int reap(struct job *j)
{
	int st;

	while (waitpid(j->pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	j->pid = 0;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int vcs_run(struct vcs *v, const char *const argv[], const char *in,
	    size_t inlen, struct strbuf *out)
{
	struct job j = { 0, { -1, -1 }, out, NULL };
	struct pollfd p[2];
	int fd = -1;

	if (spawn(v, argv, in ? &fd : NULL, &j))
		return -1;
	if (in)
		feed(fd, in, inlen);
	while (j.fd[0] >= 0 || j.fd[1] >= 0)
		pump(v, &j, 1, p);
	return reap(&j);
}

void vcs_run_jobs(struct vcs *v, const char *const *const argvs[],
		  const struct strbuf *ins, size_t n, unsigned jobs,
		  struct strbuf *outs, int *status)
{
	struct job *js = calloc(jobs ? jobs : 1, sizeof(*js));
	struct pollfd *p = calloc(2 * (jobs ? jobs : 1), sizeof(*p));
	size_t next = 0, running = 0, i;
	int fd = -1;

	for (i = 0; i < n; i++)
		status[i] = -1;
	if (!js || !p || !jobs)
		goto out;
	for (i = 0; i < jobs; i++)
		js[i].fd[0] = js[i].fd[1] = -1;
	while (next < n || running) {
		for (i = 0; i < jobs && next < n; i++) {
			if (js[i].pid)
				continue;
			js[i].out = &outs[next];
			js[i].status = &status[next];
			if (!spawn(v, argvs[next], ins ? &fd : NULL, &js[i])) {
				running++;
				if (ins)
					feed(fd, ins[next].buf, ins[next].len);
			}
			next++;
		}
		if (!running)
			continue;
		pump(v, js, jobs, p);
		for (i = 0; i < jobs; i++) {
			if (js[i].pid && js[i].fd[0] < 0 && js[i].fd[1] < 0) {
				*js[i].status = reap(&js[i]);
				running--;
			}
		}
	}
out:
	free(js);
	free(p);
}

const char *vcs_refusal(const struct vcs *v, size_t *len)
{
	static const char *const why[] = { "dubious ownership",
					   "not a git repository",
					   "unsafe repository",
					   "unknown repository format",
					   "repository format version" };
	const char *p = v->err.buf, *end = v->err.buf + v->err.len, *nl;
	size_t i;

	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		if (strncmp(p, "fatal: ", 7))
			continue;
		for (i = 0; i < sizeof(why) / sizeof(*why); i++)
			if (memmem(p, (size_t)(nl - p), why[i],
				   strlen(why[i]))) {
				*len = (size_t)(nl - p);
				return p;
			}
	}
	return NULL;
}

unsigned vcs_jobs(void)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	return cpus < 1 ? 1 : cpus > 4 ? 4 : (unsigned)cpus;
}

/* ---- git_execute_cmd() ---- */

/*
 * The script's substitution of ^\s* (with /gm), then split("\n"): at
 * every line start the white space (newlines too) goes, so no line is
 * empty and none starts with space.
 */
void vcs_lines(const char *text, size_t len, struct strbuf *out)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *nl;
		size_t k;

		while ((k = uspace(p, end)))
			p += k;
		if (p >= end)
			break;
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		strbuf_add(out, p, (size_t)(nl - p));
		strbuf_addch(out, '\n');
		p = nl < end ? nl + 1 : end;
	}
}

int vcs_run_lines(struct vcs *v, const char *const argv[], const char *since,
		  bool cacheable, struct strbuf *out)
{
	struct strbuf key = STRBUF_INIT, raw = STRBUF_INIT;
	size_t l = out->len;
	int ret = 0;

	if (!v->cache_ready)
		vcs_cache_setup(v);
	if (cacheable && v->cachedir) {
		vcs_cache_key(v, argv, since, &key);
		if (vcs_cache_get(v, &key, out))
			goto out;
	}
	vcs_run(v, argv, NULL, 0, &raw);
	vcs_lines(raw.buf, raw.len, out);
	if (cacheable && v->cachedir && !out->failed) {
		struct strbuf val = STRBUF_INIT;

		strbuf_add(&val, out->buf + l, out->len - l);
		vcs_cache_put(v, &key, &val);
		strbuf_release(&val);
	}
	if (out->failed || raw.failed)
		ret = -1;
out:
	strbuf_release(&key);
	strbuf_release(&raw);
	return ret;
}

/* ---- the commands ---- */

/* The shell's word splitting of an unquoted $var: offsets into store. */
static size_t split_words(const char *s, struct strbuf *store, size_t *offs,
			  size_t n, size_t max)
{
	const char *p = s;

	while (*p) {
		const char *q;

		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (!*p)
			break;
		q = p;
		while (*q && *q != ' ' && *q != '\t' && *q != '\n')
			q++;
		if (n < max)
			offs[n] = store->len;
		n++;
		strbuf_add(store, p, (size_t)(q - p));
		strbuf_addch(store, '\0');
		p = q;
	}
	return n;
}

#define MAX_WORDS 64

struct file_cmd {
	const char *argv[2 * MAX_WORDS + 16];
	struct strbuf words;
};

/* find_signers_cmd for file: false when the shell would make too much */
static bool file_argv(struct file_cmd *c, const char *since, const char *file)
{
	struct strbuf s = STRBUF_INIT;
	size_t offs[2 * MAX_WORDS], nw, nsince, i, n = 0;

	strbuf_init(&c->words);
	strbuf_addstr(&s, "--since=");
	strbuf_addstr(&s, since);
	nsince = split_words(s.buf, &c->words, offs, 0, MAX_WORDS);
	strbuf_release(&s);
	if (nsince > MAX_WORDS)
		return false;
	nw = split_words(file, &c->words, offs, nsince, 2 * MAX_WORDS);
	if (nw > 2 * MAX_WORDS || c->words.failed)
		return false;
	c->argv[n++] = "git";
	c->argv[n++] = "log";
	c->argv[n++] = "--no-color";
	c->argv[n++] = "--follow";
	for (i = 0; i < nsince; i++)
		c->argv[n++] = c->words.buf + offs[i];
	c->argv[n++] = "--numstat";
	c->argv[n++] = "--no-merges";
	c->argv[n++] = "--format=" LOG_FORMAT;
	c->argv[n++] = "--";
	for (i = nsince; i < nw; i++)
		c->argv[n++] = c->words.buf + offs[i];
	c->argv[n] = NULL;
	return true;
}

int vcs_follow_log(struct vcs *v, const char *since, const char *file,
		   struct strbuf *out)
{
	struct file_cmd c;
	int ret = 0;

	if (file_argv(&c, since, file))
		ret = vcs_run_lines(v, c.argv, since, true, out);
	strbuf_release(&c.words);
	return ret;
}

bool vcs_follow_log_cached(struct vcs *v, const char *since, const char *file,
			   struct strbuf *out)
{
	struct file_cmd c;
	struct strbuf key = STRBUF_INIT;
	bool hit = false;

	if (!v->cachedir)
		return false;
	if (file_argv(&c, since, file)) {
		vcs_cache_key(v, c.argv, since, &key);
		hit = vcs_cache_get(v, &key, out);
	}
	strbuf_release(&c.words);
	strbuf_release(&key);
	return hit;
}

void vcs_follow_log_store(struct vcs *v, const char *since, const char *file,
			  const struct strbuf *log)
{
	struct file_cmd c;
	struct strbuf key = STRBUF_INIT;

	if (!v->cachedir)
		return;
	if (file_argv(&c, since, file)) {
		vcs_cache_key(v, c.argv, since, &key);
		vcs_cache_put(v, &key, log);
	}
	strbuf_release(&c.words);
	strbuf_release(&key);
}

struct strbuf *vcs_log_slot(struct vcs *v, const char *file, bool *fresh)
{
	struct strmap_entry *e = strmap_put(&v->logs, file, strlen(file));

	*fresh = false;
	if (!e)
		return NULL;
	if (!e->value) {
		e->value = calloc(1, sizeof(struct strbuf));
		if (!e->value)
			return NULL;
		strbuf_init(e->value);
		*fresh = true;
	}
	return e->value;
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
