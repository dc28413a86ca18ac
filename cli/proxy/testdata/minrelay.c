/*
 * minrelay: the least a stdio relay can do, the reference BenchmarkSession
 * measures the proxy against in the same run (session_bench_test.go builds
 * it with the C compiler when there is one).
 *
 * minrelay PROGRAM [ARG...] starts PROGRAM with its standard input and
 * output on two pipes and relays: a thread reads standard input and writes
 * what it read to the child, the main thread reads the child's output and
 * writes it to standard output, each blocked in read(2) until bytes come.
 * Nothing is framed, checked or written down: one read and one write a
 * message in ping-pong, the system calls any relay must make. It exits
 * with the child's exit code once the child's output ends.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

struct pump {
	int in, out;
};

static int copy_all(int in, int out) {
	static __thread char buf[65536];
	for (;;) {
		ssize_t n = read(in, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -1 : 0;
		for (ssize_t off = 0; off < n;) {
			ssize_t w = write(out, buf + off, n - off);
			if (w < 0 && errno == EINTR)
				continue;
			if (w < 0)
				return -1;
			off += w;
		}
	}
}

static void *to_child(void *arg) {
	struct pump *p = arg;
	copy_all(p->in, p->out);
	close(p->out); /* the client's end closes the child's input */
	return NULL;
}

int main(int argc, char **argv) {
	int in[2], out[2];
	if (argc < 2) {
		fprintf(stderr, "usage: minrelay PROGRAM [ARG...]\n");
		return 2;
	}
	if (pipe(in) < 0 || pipe(out) < 0) {
		perror("minrelay: pipe");
		return 2;
	}
	pid_t pid = fork();
	if (pid < 0) {
		perror("minrelay: fork");
		return 2;
	}
	if (pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		execv(argv[1], argv + 1);
		perror("minrelay: exec");
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	struct pump up = {0, in[1]};
	pthread_t t;
	if (pthread_create(&t, NULL, to_child, &up) != 0) {
		fprintf(stderr, "minrelay: cannot start a thread\n");
		return 2;
	}
	copy_all(out[0], 1);
	int status;
	if (waitpid(pid, &status, 0) < 0)
		return 2;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}
