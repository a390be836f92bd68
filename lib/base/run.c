// SPDX-License-Identifier: GPL-2.0
/*
 * run: start commands (or forked functions) with pipes, and a pool that
 * runs several at once and reads them with poll(2) (see run.h).
 */
#define _GNU_SOURCE /* putenv, F_SETPIPE_SZ */

#include "run.h"
#include "fileio.h"
#include "tempfile.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* A running command: its pipes (-1: none, or closed). */
struct slot {
	struct run_cmd *c;
	size_t i; /* its index */
	pid_t pid; /* 0: a free slot */
	int in, out, err;
	size_t inoff; /* of c->in written */
};

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static void close_pair(int p[2])
{
	close_fd(&p[0]);
	close_fd(&p[1]);
}

/* A pipe whose ends are closed on exec: 0, or -1 (ends -1). */
static int cloexec_pipe(int p[2])
{
	if (pipe(p)) {
		p[0] = p[1] = -1;
		return -1;
	}
	fcntl(p[0], F_SETFD, FD_CLOEXEC);
	fcntl(p[1], F_SETFD, FD_CLOEXEC);
	return 0;
}

/*
 * In the child: standard input, output and error as c says, the other
 * running commands' pipes closed and their children forgotten (a forked
 * function must not wait for its siblings), then exec or call fn.
 */
static void child(struct run_cmd *c, int pin[2], int pout[2], int perr[2],
		  struct slot *s, size_t ns, const sigset_t *old)
{
	int fd = -1;
	size_t i;

	for (i = 0; i < ns; i++) {
		if (!s[i].pid)
			continue;
		temp_forget_child(s[i].pid);
		close_fd(&s[i].in);
		close_fd(&s[i].out);
		close_fd(&s[i].err);
	}
	temp_restore_signals(old);
	if (c->in)
		fd = pin[0];
	else
		fd = open(c->in_file ? c->in_file : "/dev/null", O_RDONLY);
	if (fd < 0 && c->in_file)
		_exit(126);
	if (fd >= 0 && fd != 0)
		dup2(fd, 0);
	if (pout[1] >= 0)
		dup2(pout[1], 1);
	if (c->err && c->err == c->out)
		dup2(pout[1], 2);
	else if (perr[1] >= 0)
		dup2(perr[1], 2);
	for (i = 0; c->env && c->env[i]; i++)
		putenv((char *)c->env[i]);
	if (c->fn) {
		int st = c->fn(c->data);

		fflush(stdout);
		fflush(stderr);
		_exit(st);
	}
	execvp(c->argv[0], (char *const *)c->argv);
	_exit(127);
}

/* Start c in the free slot s[k] (s: the pool's ns slots).  0, or -1. */
static int spawn(struct run_cmd *c, struct slot *s, size_t ns, size_t k)
{
	int pin[2] = { -1, -1 }, pout[2] = { -1, -1 }, perr[2] = { -1, -1 };
	sigset_t old;
	pid_t pid;

	if ((c->in && cloexec_pipe(pin)) || (c->out && cloexec_pipe(pout)) ||
	    (c->err && c->err != c->out && cloexec_pipe(perr)))
		goto fail;
	fflush(stdout);
	fflush(stderr);
	/* registered before a signal can come (see tempfile.h) */
	temp_block_signals(&old);
	pid = fork();
	if (!pid)
		child(c, pin, pout, perr, s, ns, &old);
	if (pid > 0 && temp_register_child(pid)) {
		kill(pid, SIGKILL);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		errno = ENOMEM;
		pid = -1;
	}
	temp_restore_signals(&old);
	if (pid < 0)
		goto fail;
	close_fd(&pin[0]);
	close_fd(&pout[1]);
	close_fd(&perr[1]);
	if (pin[1] >= 0)
		fcntl(pin[1], F_SETFL, O_NONBLOCK);
#ifdef F_SETPIPE_SZ
	/* a child that writes much waits less for us to read */
	if (pout[0] >= 0)
		fcntl(pout[0], F_SETPIPE_SZ, 1 << 20);
#endif
	s[k] = (struct slot){ c, 0, pid, pin[1], pout[0], perr[0], 0 };
	return 0;
fail:
	close_pair(pin);
	close_pair(pout);
	close_pair(perr);
	return -1;
}

/* Read what is there on *fd into sb (closed at its end).  0, or -1. */
static int drain(int *fd, struct strbuf *sb)
{
	ssize_t n;

	if (sb->alloc - sb->len < 4096 &&
	    !strbuf_grow(sb, sb->len < 65536 ? 65536 : sb->len)) {
		close_fd(fd);
		errno = ENOMEM;
		return -1;
	}
	n = read(*fd, sb->buf + sb->len, sb->alloc - sb->len - 1);
	if (n > 0) {
		sb->len += (size_t)n;
		sb->buf[sb->len] = '\0';
		return 0;
	}
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	close_fd(fd);
	return n < 0 ? -1 : 0;
}

/*
 * Write more of the command's input (a child that ended early, or
 * closed its input, gets no more: EPIPE is not an error of ours).
 */
static void feed(struct slot *s)
{
	struct sigaction ign = { 0 }, old;
	ssize_t n;

	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	n = write(s->in, s->c->in + s->inoff, s->c->inlen - s->inoff);
	sigaction(SIGPIPE, &old, NULL);
	if (n > 0)
		s->inoff += (size_t)n;
	if ((n < 0 && errno != EINTR && errno != EAGAIN) ||
	    s->inoff >= s->c->inlen)
		close_fd(&s->in);
}

/* Wait for any of the ns slots' pipes and serve them.  0, or -1. */
static int pump(struct slot *s, size_t ns, struct pollfd *p)
{
	size_t i;
	int ret = 0;

	for (i = 0; i < ns; i++) {
		p[3 * i] = (struct pollfd){ s[i].in, POLLOUT, 0 };
		p[3 * i + 1] = (struct pollfd){ s[i].out, POLLIN, 0 };
		p[3 * i + 2] = (struct pollfd){ s[i].err, POLLIN, 0 };
	}
	if (poll(p, (nfds_t)(3 * ns), -1) < 0)
		return errno == EINTR ? 0 : -1;
	for (i = 0; i < ns; i++) {
		if (s[i].in >= 0 && p[3 * i].revents)
			feed(&s[i]);
		if (s[i].out >= 0 && p[3 * i + 1].revents &&
		    drain(&s[i].out, s[i].c->out))
			ret = -1;
		if (s[i].err >= 0 && p[3 * i + 2].revents &&
		    drain(&s[i].err, s[i].c->err))
			ret = -1;
	}
	return ret;
}

/* A command whose pipes are closed: wait for it, free its slot. */
static void reap(struct slot *s)
{
	int st;
	pid_t pid = s->pid;

	close_fd(&s->in);
	s->c->status = -1;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			goto out;
	if (WIFEXITED(st))
		s->c->status = WEXITSTATUS(st);
out:
	temp_forget_child(pid);
	s->pid = 0;
}

/* The state of a pool being run. */
struct pool_run {
	const struct run_pool *p;
	struct run_cmd *cmds;
	size_t n, next, head, running;
	unsigned char *ended;
	int ret;
	struct strbuf spare; /* with out_fd: a written buffer, for reuse */
};

/*
 * The commands in order from the head: the head's output so far to
 * out_fd, and each that ended told to done().  0, or -1 (stop).
 */
static int advance(struct pool_run *r)
{
	const struct run_pool *p = r->p;
	int err;

	while (r->head < r->next) {
		struct strbuf *o = r->cmds[r->head].out;

		if (p->out_fd >= 0 && o->len) {
			if (write_all(p->out_fd, o->buf, o->len, &err)) {
				errno = err;
				return -1;
			}
			strbuf_reset(o);
		}
		if (!r->ended[r->head])
			break;
		if (p->out_fd >= 0) {
			strbuf_release(&r->spare);
			r->spare = *o;
			strbuf_init(o);
		}
		if (p->done && p->done(p->ctx, r->head))
			return -1;
		r->head++;
	}
	return 0;
}

/* Start commands into the free slots. */
static void start(struct pool_run *r, struct slot *s, size_t ns)
{
	size_t k;

	for (k = 0; k < ns && r->next < r->n; k++) {
		struct run_cmd *c = &r->cmds[r->next];

		if (s[k].pid)
			continue;
		c->status = -1;
		if (r->p->out_fd >= 0 && !c->out->alloc && r->spare.alloc) {
			*c->out = r->spare;
			strbuf_init(&r->spare);
		}
		if (spawn(c, s, ns, k)) {
			r->ended[r->next] = 1;
			r->ret = -1;
		} else {
			s[k].i = r->next;
			r->running++;
		}
		r->next++;
	}
}

/* Once the commands started end, kill and reap what is left. */
static void stop(struct slot *s, size_t ns)
{
	size_t k;

	for (k = 0; k < ns; k++) {
		if (!s[k].pid)
			continue;
		close_fd(&s[k].out);
		close_fd(&s[k].err);
		kill(s[k].pid, SIGTERM);
		reap(&s[k]);
	}
}

int run_pool(const struct run_pool *p, struct run_cmd *cmds, size_t n)
{
	struct pool_run r = { p, cmds, n, 0, 0, 0, NULL, 0, STRBUF_INIT };
	size_t ns = p->jobs ? p->jobs : 1, k;
	struct slot *s = calloc(ns, sizeof(*s));
	struct pollfd *pfd = calloc(3 * ns, sizeof(*pfd));

	r.ended = calloc(n ? n : 1, 1);
	for (k = 0; k < n; k++)
		cmds[k].status = -1;
	if (!s || !pfd || !r.ended) {
		errno = ENOMEM;
		r.ret = -1;
		goto out;
	}
	while (r.head < n) {
		start(&r, s, ns);
		if (advance(&r)) {
			r.ret = -1;
			break;
		}
		if (!r.running)
			continue;
		if (pump(s, ns, pfd))
			r.ret = -1;
		for (k = 0; k < ns; k++) {
			if (s[k].pid && s[k].in < 0 && s[k].out < 0 &&
			    s[k].err < 0) {
				reap(&s[k]);
				r.ended[s[k].i] = 1;
				r.running--;
			}
		}
	}
	stop(s, ns);
out:
	strbuf_release(&r.spare);
	free(r.ended);
	free(pfd);
	free(s);
	return r.ret;
}

int run_command(struct run_cmd *c)
{
	const struct run_pool p = { 1, -1, NULL, NULL };

	return run_pool(&p, c, 1);
}

static int run(const char *const argv[], const char *in, struct strbuf *out,
	       int *status, bool with_stderr)
{
	struct run_cmd c = { 0 };
	int ret;

	c.argv = argv;
	c.in_file = in;
	c.out = out;
	c.err = with_stderr ? out : NULL;
	ret = run_command(&c);
	*status = c.status;
	return ret;
}

int run_capture(const char *const argv[], struct strbuf *out, int *status)
{
	return run(argv, NULL, out, status, false);
}

int run_capture_input(const char *const argv[], const char *in,
		      struct strbuf *out, int *status)
{
	return run(argv, in, out, status, false);
}

int run_capture_all(const char *const argv[], struct strbuf *out, int *status)
{
	return run(argv, NULL, out, status, true);
}

int run_bg_start(struct run_bg *b, int (*fn)(void *data), void *data,
		 struct strbuf *out)
{
	struct slot one = { 0 };

	b->cmd = (struct run_cmd){
		.fn = fn, .data = data, .out = out, .status = -1
	};
	b->pid = 0;
	b->out = -1;
	if (spawn(&b->cmd, &one, 0, 0))
		return -1;
	b->pid = one.pid;
	b->out = one.out;
	return 0;
}

int run_bg_wait(struct run_bg *b)
{
	struct slot one = { &b->cmd, 0, (pid_t)b->pid, -1, -1, -1, 0 };
	int read_err = 0;

	if (!b->pid)
		return -1;
	while (b->out >= 0)
		if (drain(&b->out, b->cmd.out))
			read_err = -1;
	reap(&one);
	b->pid = 0;
	return read_err ? -1 : b->cmd.status;
}

void run_bg_stop(struct run_bg *b)
{
	struct slot one = { &b->cmd, 0, (pid_t)b->pid, -1, b->out, -1, 0 };

	if (!b->pid)
		return;
	stop(&one, 1);
	b->out = -1;
	b->pid = 0;
}

int run_detached(void (*fn)(void *arg), void *arg)
{
	pid_t pid;
	int fd;

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid > 0) {
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		return 0;
	}
	if (setsid() < 0 || fork() != 0)
		_exit(0);
	fd = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
	errno = 0;
	if (nice(10) < 0 && errno)
		_exit(0);
	fn(arg);
	_exit(0);
}
