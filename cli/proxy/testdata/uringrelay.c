/*
 * uringrelay: minrelay.c over io_uring, the reference BenchmarkSession
 * measures beside it in the same run (session_bench_test.go builds it with
 * the C compiler when there is one; raw system calls, no liburing).
 *
 * uringrelay PROGRAM [ARG...] starts PROGRAM with its standard input and
 * output on two pipes and relays both directions from one thread: a read
 * is kept armed on standard input and on the child's output; when one
 * completes, the write of what it read and the read that takes the next
 * bytes are submitted together, in the same io_uring_enter that waits for
 * the next completion, the read linked behind the write (it starts once
 * the write is whole; one buffer a direction, as minrelay.c) and the
 * write posting no completion unless it fails or is short (then the
 * read is cancelled without one, and both go again). In ping-pong
 * that is one system call a message where minrelay.c makes two (a read
 * and a write), and no second thread. Nothing is framed, checked or
 * written down. It exits with the child's exit code once the child's
 * output ends.
 *
 * URINGRELAY_FLAGS (optional) chooses the ring's setup: "plain" for none
 * of the flags below; by default SINGLE_ISSUER|DEFER_TASKRUN (completions
 * are run only when the thread waits for them) with the four descriptors
 * registered.
 */
#include <errno.h>
#include <linux/io_uring.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define BUF 65536

static int ring_fd;
static unsigned *sq_head, *sq_tail, *sq_mask, *sq_array;
static unsigned *cq_head, *cq_tail, *cq_mask;
static struct io_uring_sqe *sqes;
static struct io_uring_cqe *cqes;
static unsigned pending; /* SQEs queued, not yet submitted */
static int fixed;        /* descriptors registered: index instead of fd */

struct dir {
	int in, out; /* descriptors (or indexes when fixed) */
	char *buf;
	char *wp;    /* the write of the chain in flight: where, how much */
	size_t wn;
	int eof;
};

static struct io_uring_sqe *get_sqe(void) {
	unsigned tail = *sq_tail;
	unsigned idx = tail & *sq_mask;
	struct io_uring_sqe *s = &sqes[idx];
	memset(s, 0, sizeof *s);
	sq_array[idx] = idx;
	__atomic_store_n(sq_tail, tail + 1, __ATOMIC_RELEASE);
	pending++;
	return s;
}

/* user_data: direction (0 up, 1 down) * 2 + (0 read, 1 write) */
static void prep(int op, int fd, void *buf, size_t n, unsigned long long ud, int flags) {
	struct io_uring_sqe *s = get_sqe();
	s->opcode = op;
	s->fd = fd;
	s->addr = (unsigned long)buf;
	s->len = n;
	s->off = (unsigned long long)-1; /* the file's position: a pipe */
	s->user_data = ud;
	s->flags = flags | (fixed ? IOSQE_FIXED_FILE : 0);
}

static void arm_read(struct dir *d, int k) {
	prep(IORING_OP_READ, d->in, d->buf, BUF, k * 2, 0);
}

/* write_then_read submits the write of n bytes at p and, linked behind
 * it, the read into the direction's buffer: the read starts once the
 * write is whole, so its completion says the write is done too. The
 * write posts a completion only when it fails or is short (the kernel
 * then cancels the read): in ping-pong the one completion a message is
 * the read's, and the write and the wait go in one io_uring_enter. */
static void write_then_read(struct dir *d, int k, char *p, size_t n) {
	d->wp = p;
	d->wn = n;
	prep(IORING_OP_WRITE, d->out, p, n, k * 2 + 1, IOSQE_IO_LINK | IOSQE_CQE_SKIP_SUCCESS);
	arm_read(d, k);
}

static int enter(unsigned wait) {
	for (;;) {
		long r = syscall(__NR_io_uring_enter, ring_fd, pending, wait, wait ? IORING_ENTER_GETEVENTS : 0, NULL, 0);
		if (r >= 0) {
			pending -= r;
			return 0;
		}
		if (errno != EINTR)
			return -1;
	}
}

int main(int argc, char **argv) {
	int in[2], out[2];
	if (argc < 2) {
		fprintf(stderr, "usage: uringrelay PROGRAM [ARG...]\n");
		return 2;
	}
	struct io_uring_params p;
	memset(&p, 0, sizeof p);
	const char *mode = getenv("URINGRELAY_FLAGS");
	int plain = mode && strcmp(mode, "plain") == 0;
	if (!plain)
		p.flags = IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN;
	ring_fd = syscall(__NR_io_uring_setup, 8, &p);
	if (ring_fd < 0 && !plain && errno == EINVAL) { /* a kernel before 6.1: without the flags */
		memset(&p, 0, sizeof p);
		ring_fd = syscall(__NR_io_uring_setup, 8, &p);
	}
	if (ring_fd < 0) {
		perror("uringrelay: io_uring_setup");
		return 2;
	}
	size_t sq_size = p.sq_off.array + p.sq_entries * sizeof(unsigned);
	size_t cq_size = p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe);
	if (p.features & IORING_FEAT_SINGLE_MMAP) {
		if (cq_size > sq_size)
			sq_size = cq_size;
		cq_size = sq_size;
	}
	char *sq = mmap(0, sq_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, ring_fd, IORING_OFF_SQ_RING);
	char *cq = sq;
	if (sq != MAP_FAILED && !(p.features & IORING_FEAT_SINGLE_MMAP))
		cq = mmap(0, cq_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, ring_fd, IORING_OFF_CQ_RING);
	sqes = mmap(0, p.sq_entries * sizeof(struct io_uring_sqe), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE,
		    ring_fd, IORING_OFF_SQES);
	if (sq == MAP_FAILED || cq == MAP_FAILED || sqes == MAP_FAILED) {
		perror("uringrelay: mmap");
		return 2;
	}
	sq_head = (unsigned *)(sq + p.sq_off.head);
	sq_tail = (unsigned *)(sq + p.sq_off.tail);
	sq_mask = (unsigned *)(sq + p.sq_off.ring_mask);
	sq_array = (unsigned *)(sq + p.sq_off.array);
	cq_head = (unsigned *)(cq + p.cq_off.head);
	cq_tail = (unsigned *)(cq + p.cq_off.tail);
	cq_mask = (unsigned *)(cq + p.cq_off.ring_mask);
	cqes = (struct io_uring_cqe *)(cq + p.cq_off.cqes);

	if (pipe(in) < 0 || pipe(out) < 0) {
		perror("uringrelay: pipe");
		return 2;
	}
	pid_t pid = fork();
	if (pid < 0) {
		perror("uringrelay: fork");
		return 2;
	}
	if (pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		close(ring_fd);
		execv(argv[1], argv + 1);
		perror("uringrelay: exec");
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	struct dir d[2] = {{.in = 0, .out = in[1]}, {.in = out[0], .out = 1}};
	if (!plain) {
		int fds[4] = {0, in[1], out[0], 1};
		if (syscall(__NR_io_uring_register, ring_fd, IORING_REGISTER_FILES, fds, 4) == 0) {
			fixed = 1;
			d[0].in = 0, d[0].out = 1, d[1].in = 2, d[1].out = 3;
		}
	}
	for (int k = 0; k < 2; k++) {
		d[k].buf = malloc(BUF);
		arm_read(&d[k], k);
	}
	/* Until the child's output ends (the client's end only closes the
	 * child's input). */
	while (!d[1].eof) {
		if (enter(1) < 0) {
			perror("uringrelay: io_uring_enter");
			return 2;
		}
		unsigned head = *cq_head;
		while (head != __atomic_load_n(cq_tail, __ATOMIC_ACQUIRE)) {
			struct io_uring_cqe *c = &cqes[head & *cq_mask];
			int k = c->user_data / 2, isw = c->user_data % 2;
			int res = c->res;
			head++;
			struct dir *x = &d[k];
			if (isw) {
				/* Failed or short: the kernel has cancelled the
				 * linked read without a completion (a skipped
				 * success's chain skips its cancellations too), so
				 * the rest and the read go again. */
				if (res < 0 && res != -EINTR && res != -EAGAIN)
					return 2;
				if (res > 0)
					x->wp += res, x->wn -= res;
				write_then_read(x, k, x->wp, x->wn);
				continue;
			}
			if (res == -ECANCELED) /* a kernel that reports it: gone again above */
				continue;
			if (res == -EINTR || res == -EAGAIN) {
				arm_read(x, k);
				continue;
			}
			if (res > 0) {
				write_then_read(x, k, x->buf, res);
				continue;
			}
			x->eof = 1;
			if (k == 0) {
				close(in[1]); /* the client's end closes the child's input */
				if (fixed) {
					int none = -1;
					struct io_uring_files_update u = {.offset = 1, .fds = (unsigned long)&none};
					syscall(__NR_io_uring_register, ring_fd, IORING_REGISTER_FILES_UPDATE, &u, 1);
				}
			}
		}
		__atomic_store_n(cq_head, head, __ATOMIC_RELEASE);
	}
	int status;
	if (waitpid(pid, &status, 0) < 0)
		return 2;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}
