// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of lib/base/run: one command with its standard input text,
 * output and error captured, an environment added; a pool of commands
 * and forked functions whose outputs come in order whatever order they
 * end in; a stop asked by done(); a program that is not there.
 */
#include "tap.h"
#include "base/run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int say(void *data)
{
	const char *s = data;
	/* the later commands end first */
	struct timespec ts = { 0, 20000000L * (5 - (s[0] - '0')) };

	nanosleep(&ts, NULL);
	printf("%s\n", s);
	fprintf(stderr, "e%s", s);
	return s[0] == '3' ? 3 : 0;
}

static size_t order[8], nr;

static int done(void *ctx, size_t i)
{
	order[nr++] = i;
	return ctx && i == 1;
}

static void one(void)
{
	const char *cat[] = { "sh", "-c", "cat; echo err >&2; echo $RUN_T",
			      NULL };
	const char *env[] = { "RUN_T=set", NULL };
	const char *missing[] = { "maint-no-such-program", NULL };
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	struct run_cmd c = { 0 };

	c.argv = cat;
	c.in = "text\n";
	c.inlen = 5;
	c.env = env;
	c.out = &out;
	c.err = &err;
	is_int(run_command(&c), 0, "a command runs");
	is_int(c.status, 0, "its exit status");
	is_mem(out.buf, out.len, "text\nset\n", "its input and environment");
	is_mem(err.buf, err.len, "err\n", "its standard error");
	strbuf_reset(&out);
	c.err = &out;
	c.in = NULL;
	is_int(run_command(&c), 0, "2>&1");
	is_mem(out.buf, out.len, "err\nset\n", "one stream");
	memset(&c, 0, sizeof(c));
	c.argv = missing;
	c.out = &out;
	is_int(run_command(&c), 0, "a missing program runs");
	is_int(c.status, 127, "as a shell's: status 127");
	strbuf_release(&out);
	strbuf_release(&err);
}

static void pool(int stop)
{
	static char *words[] = { "1", "2", "3", "4" };
	const struct run_pool p = { stop ? 1 : 3, -1, done,
				    stop ? words : NULL };
	struct run_cmd c[4];
	struct strbuf out[4], err[4];
	size_t i;

	memset(c, 0, sizeof(c));
	nr = 0;
	for (i = 0; i < 4; i++) {
		strbuf_init(&out[i]);
		strbuf_init(&err[i]);
		c[i].fn = say;
		c[i].data = words[i];
		c[i].out = &out[i];
		c[i].err = &err[i];
	}
	if (!stop) {
		is_int(run_pool(&p, c, 4), 0, "a pool of four, three at once");
		is_int(nr, 4, "done() for each");
		ok(order[0] == 0 && order[1] == 1 && order[2] == 2 &&
			   order[3] == 3,
		   "in their order");
		is_mem(out[3].buf, out[3].len, "4\n", "each its output");
		is_mem(err[2].buf, err[2].len, "e3", "and its error");
		is_int(c[2].status, 3, "and its exit status");
	} else {
		is_int(run_pool(&p, c, 4), -1, "done() stops the pool");
		is_int(nr, 2, "no done() after the stop");
		is_int(c[2].status, -1, "what had not started never runs");
	}
	for (i = 0; i < 4; i++) {
		strbuf_release(&out[i]);
		strbuf_release(&err[i]);
	}
}

static void ordered(void)
{
	static char *words[] = { "1", "2", "3", "4" };
	const struct run_pool p = { 4, -1, NULL, NULL };
	struct run_pool q = p;
	struct run_cmd c[4];
	struct strbuf out[4], err = STRBUF_INIT, all = STRBUF_INIT;
	int fd[2];
	size_t i;

	memset(c, 0, sizeof(c));
	for (i = 0; i < 4; i++) {
		strbuf_init(&out[i]);
		c[i].fn = say;
		c[i].data = words[i];
		c[i].out = &out[i];
		c[i].err = &err;
	}
	if (pipe(fd))
		return;
	q.out_fd = fd[1];
	is_int(run_pool(&q, c, 4), 0, "outputs to one descriptor");
	close(fd[1]);
	{
		char buf[64];
		ssize_t n = read(fd[0], buf, sizeof(buf));

		if (n > 0)
			strbuf_add(&all, buf, (size_t)n);
	}
	close(fd[0]);
	is_mem(all.buf, all.len, "1\n2\n3\n4\n", "in the commands' order");
	for (i = 0; i < 4; i++)
		strbuf_release(&out[i]);
	strbuf_release(&err);
	strbuf_release(&all);
}

static int touch_file(void *data)
{
	FILE *f = fopen(data, "w");

	if (!f)
		return 1;
	fputs("bg\n", f);
	return fclose(f) ? 1 : 7;
}

/* A forked function beside us: its status, its work done once reaped. */
static void background(void)
{
	struct run_bg bg = { .pid = 0 };
	struct strbuf out = STRBUF_INIT;
	char path[] = "/tmp/maint-test-run-XXXXXX";
	char buf[8] = "";
	FILE *f;
	int fd = mkstemp(path);

	ok(fd >= 0, "a temporary file");
	close(fd);
	ok(run_bg_wait(&bg) == -1, "none started: -1");
	ok(!run_bg_start(&bg, touch_file, path, NULL) && bg.pid > 0, "started");
	ok(run_bg_wait(&bg) == 7 && !bg.pid, "its exit status, reaped");
	f = fopen(path, "r");
	ok(f && fgets(buf, sizeof(buf), f) && !strcmp(buf, "bg\n"),
	   "its work done");
	if (f)
		fclose(f);
	ok(run_bg_wait(&bg) == -1, "reaped once");
	unlink(path);
	ok(!run_bg_start(&bg, say, "4", &out), "started with its output");
	ok(run_bg_wait(&bg) == 0, "its status");
	is_mem(out.buf, out.len, "4\n", "its output read to the end");
	strbuf_release(&out);
}

int main(void)
{
	one();
	background();
	pool(0);
	pool(1);
	ordered();
	return tap_done();
}
