/* Linux signals: rt_sigaction, rt_sigprocmask, sigaltstack, kill to the process, tkill and
 * tgkill to one of its threads (thread.c keeps the threads' own masks and pending sets; lx has
 * the running thread's), synchronous faults, and the riscv64 rt signal frame. Layouts follow the kernel's
 * arch/riscv/include/uapi/asm/{ucontext,sigcontext,ptrace}.h and arch/riscv/kernel/signal.c;
 * rules (blocked faults are fatal, SA_NODEFER, SA_RESETHAND, SS_AUTODISARM) follow
 * kernel/signal.c. */
#include "linux/internal.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum {
	SIGILL = 4, SIGTRAP = 5, SIGABRT = 6, SIGBUS = 7, SIGKILL = 9, SIGSEGV = 11,
	SIGCHLD = 17, SIGCONT = 18, SIGSTOP = 19, SIGTSTP = 20, SIGTTIN = 21, SIGTTOU = 22,
	SIGURG = 23, SIGWINCH = 28,
};
enum { ILL_ILLOPC = 1, TRAP_BRKPT = 1, SEGV_MAPERR = 1, SEGV_ACCERR = 2, BUS_ADRALN = 1 };
#define SIG_DFL 0ull
#define SIG_IGN 1ull
#define SA_SIGINFO   0x00000004ull
#define SA_ONSTACK   0x08000000ull
#define SA_NODEFER   0x40000000ull
#define SA_RESETHAND 0x80000000ull
enum { SS_ONSTACK = 1, SS_DISABLE = 2 };
#define SS_AUTODISARM (1u << 31)
#define MINSIGSTKSZ 2048   /* include/uapi/asm-generic/signal.h */
enum { SIG_BLOCK = 0, SIG_UNBLOCK = 1, SIG_SETMASK = 2 };

/* struct rt_sigframe { siginfo_t info; struct ucontext uc; } */
enum {
	FR_INFO = 0, SIGINFO_SIZE = 128,
	FR_UC = 128,
	UC_FLAGS = 0, UC_LINK = 8, UC_STACK = 16, UC_SIGMASK = 40,
	UC_MCONTEXT = 176,                 /* struct sigcontext is 16-byte aligned */
	SC_REGS = 0,                       /* user_regs_struct: pc, x1..x31 */
	SC_FP = 256,                       /* __riscv_d_ext_state: f[32], fcsr */
	SC_FCSR = SC_FP + 256,
	SC_EXT_RESERVED = SC_FP + 516,     /* __riscv_extra_ext_header.reserved */
	SC_EXT_HDR = SC_FP + 520,          /* first __riscv_ctx_hdr {magic, size} */
	SIGCONTEXT_SIZE = 784,
	FRAME_BASE = FR_UC + UC_MCONTEXT + SIGCONTEXT_SIZE,   /* 1088 = sizeof(struct rt_sigframe) */
	V_STATE_SIZE = 48,                 /* __riscv_v_ext_state: vstart vl vtype vcsr vlenb datap */
};
#define RISCV_V_MAGIC 0x53465457u
#define END_MAGIC 0u

#define BIT(sig) (1ull << ((sig) - 1))
#define UNBLOCKABLE (BIT(SIGKILL) | BIT(SIGSTOP))

static const char *const signame[K64_LINUX_NSIG + 1] = {
	[1] = "SIGHUP", [2] = "SIGINT", [3] = "SIGQUIT", [4] = "SIGILL", [5] = "SIGTRAP",
	[6] = "SIGABRT", [7] = "SIGBUS", [8] = "SIGFPE", [9] = "SIGKILL", [10] = "SIGUSR1",
	[11] = "SIGSEGV", [12] = "SIGUSR2", [13] = "SIGPIPE", [14] = "SIGALRM", [15] = "SIGTERM",
	[16] = "SIGSTKFLT", [17] = "SIGCHLD", [18] = "SIGCONT", [19] = "SIGSTOP", [20] = "SIGTSTP",
	[21] = "SIGTTIN", [22] = "SIGTTOU", [23] = "SIGURG", [24] = "SIGXCPU", [25] = "SIGXFSZ",
	[26] = "SIGVTALRM", [27] = "SIGPROF", [28] = "SIGWINCH", [29] = "SIGIO", [30] = "SIGPWR",
	[31] = "SIGSYS",
};

static void put64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }
static void put32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static uint64_t get64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static uint32_t get32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }

void k64_linux_signal_init(struct k64_linux *lx)
{
	memset(lx->sa, 0, sizeof lx->sa);
	lx->blocked = lx->pending = lx->shared_pending = 0;
	lx->ss_sp = lx->ss_size = 0;
	lx->ss_flags = SS_DISABLE;
}

/* ---- vector context hook (RVV 1.0 state in the frame, arch/riscv/kernel/signal.c) ---------
 * Saved when V is implemented and mstatus.VS is not Off, like riscv_v_vstate_query(). */
static bool vec_live(const struct k64_linux *lx)
{
	return k64_has(&lx->h->isa, K64_EXT_V) && (lx->h->mstatus & K64_MSTATUS_VS);
}

static uint64_t vec_sc_size(const struct k64_linux *lx)
{
	return 8 + V_STATE_SIZE + 32ull * lx->h->vlenb;   /* riscv_v_sc_size */
}

/* get_rt_frame_size(): the frame plus extension contexts and an END header, 16-aligned. */
static uint64_t frame_size(const struct k64_linux *lx, bool all)
{
	uint64_t n = FRAME_BASE;
	if (k64_has(&lx->h->isa, K64_EXT_V) && (all || vec_live(lx)))
		n += vec_sc_size(lx) + 8;
	return (n + 15) & ~15ull;
}

uint64_t k64_linux_minsigstksz(const struct k64_linux *lx)
{
	return frame_size(lx, true);
}

/* Writes the vector context at sc + SC_EXT_HDR (guest address sc_addr); returns the offset of
 * the END header relative to the sigcontext. */
static uint64_t save_vec(struct k64_linux *lx, uint8_t *sc, uint64_t sc_addr)
{
	struct k64_hart *h = lx->h;
	if (!vec_live(lx))
		return SC_EXT_HDR;
	uint8_t *st = sc + SIGCONTEXT_SIZE;
	uint64_t datap = sc_addr + SIGCONTEXT_SIZE + V_STATE_SIZE;
	put32(sc + SC_EXT_HDR, RISCV_V_MAGIC);
	put32(sc + SC_EXT_HDR + 4, (uint32_t)vec_sc_size(lx));
	put64(st + 0, h->vstart);
	put64(st + 8, h->vl);
	put64(st + 16, h->vtype);
	put64(st + 24, (uint64_t)h->vxrm << 1 | h->vxsat);
	put64(st + 32, h->vlenb);
	put64(st + 40, datap);
	for (int i = 0; i < 32; i++)
		memcpy(st + V_STATE_SIZE + (size_t)i * h->vlenb, k64_vr(h, (unsigned)i), h->vlenb);
	return SC_EXT_HDR + vec_sc_size(lx);
}

static bool restore_vec(struct k64_linux *lx, uint64_t state_addr)
{
	struct k64_hart *h = lx->h;
	const uint8_t *st = k64_linux_rd(lx, state_addr, V_STATE_SIZE);
	if (!st)
		return false;
	uint64_t datap = get64(st + 40);
	const uint8_t *data = k64_linux_rd(lx, datap, 32ull * h->vlenb);
	if (!data)
		return false;
	h->vstart = get64(st + 0);
	h->vl = get64(st + 8);
	h->vtype = get64(st + 16);
	uint64_t vcsr = get64(st + 24);
	h->vxrm = (vcsr >> 1) & 3;
	h->vxsat = vcsr & 1;
	for (int i = 0; i < 32; i++)
		memcpy(k64_vr(h, (unsigned)i), data + (size_t)i * h->vlenb, h->vlenb);
	return true;
}

/* ---- sigaltstack (kernel/signal.c do_sigaltstack) --------------------------------------- */
static bool on_sig_stack(const struct k64_linux *lx, uint64_t sp)
{
	if (lx->ss_flags & SS_AUTODISARM)
		return false;
	return sp > lx->ss_sp && sp - lx->ss_sp <= lx->ss_size;
}

static uint32_t sas_ss_flags(const struct k64_linux *lx, uint64_t sp)
{
	if (!lx->ss_size)
		return SS_DISABLE;
	return on_sig_stack(lx, sp) ? SS_ONSTACK : 0;
}

static int64_t do_sigaltstack(struct k64_linux *lx, const uint8_t *ss, uint8_t *oss, uint64_t sp)
{
	if (oss) {
		memset(oss, 0, 24);
		put64(oss, lx->ss_sp);
		put32(oss + 8, sas_ss_flags(lx, sp) | (lx->ss_flags & SS_AUTODISARM));
		put64(oss + 16, lx->ss_size);
	}
	if (ss) {
		uint64_t ss_sp = get64(ss), ss_size = get64(ss + 16);
		uint32_t flags = get32(ss + 8);
		if (on_sig_stack(lx, sp))
			return KERR(EPERM);
		uint32_t mode = flags & ~SS_AUTODISARM;
		if (mode != SS_DISABLE && mode != SS_ONSTACK && mode != 0)
			return KERR(EINVAL);
		if (mode == SS_DISABLE) {
			ss_size = 0;
			ss_sp = 0;
		} else if (ss_size < MINSIGSTKSZ || ss_size <= frame_size(lx, false)) {
			return KERR(ENOMEM);
		}
		lx->ss_sp = ss_sp;
		lx->ss_size = ss_size;
		lx->ss_flags = flags;
	}
	return 0;
}

/* ---- termination ------------------------------------------------------------------------ */
static bool default_ignored(int sig)
{
	/* Default action "ignore" (and the stop signals, which cannot stop a lone simulator). */
	return sig == SIGCHLD || sig == SIGCONT || sig == SIGURG || sig == SIGWINCH ||
	       sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU;
}

static void terminate(struct k64_linux *lx, int sig)
{
	uint64_t pc = lx->sig_pc;
	char insn[32] = "insn unavailable";
	const uint8_t *p = k64_mem_host(lx->m, pc, 2, 0);
	if (p) {
		uint16_t lo = (uint16_t)(p[0] | p[1] << 8);
		const uint8_t *q = (lo & 3) == 3 ? k64_mem_host(lx->m, pc, 4, 0) : NULL;
		if ((lo & 3) != 3)
			snprintf(insn, sizeof insn, "insn 0x%04x", lo);
		else if (q)
			snprintf(insn, sizeof insn, "insn 0x%08x", (unsigned)(q[0] | q[1] << 8 | q[2] << 16 | (uint32_t)q[3] << 24));
	}
	char name[16];
	if (sig <= 31)
		snprintf(name, sizeof name, "%s", signame[sig]);
	else
		snprintf(name, sizeof name, "SIGRT%d", sig - 32);
	fprintf(stderr, "karu64: guest terminated by signal %d (%s) at pc 0x%llx (%s)\n",
		sig, name, (unsigned long long)pc, insn);
	k64_linux_stop(lx, 128 + sig);
}

/* siginfo_t of a signal that is not a fault (copy_siginfo_to_user layout). */
static void fill_info(struct k64_linux *lx, uint8_t *si, int sig, int code)
{
	memset(si, 0, SIGINFO_SIZE);
	put32(si, (uint32_t)sig);
	put32(si + 8, (uint32_t)code);
	if (code == K64_SI_TIMER) {
		/* _timer: si_tid (the timer id), si_overrun, si_value */
		const struct k64_linux_timer *t = &lx->timer[lx->sig_timer[sig]];
		put32(si + 16, (uint32_t)lx->sig_timer[sig]);
		put32(si + 20, (uint32_t)t->overrun);
		put64(si + 24, t->value);
	} else if (code != K64_SI_KERNEL) {
		put32(si + 16, (uint32_t)lx->pid);
		put32(si + 20, (uint32_t)getuid());
	}
}

int64_t k64_linux_put_siginfo(struct k64_linux *lx, uint64_t addr, int sig, int code)
{
	if (!addr)
		return 0;
	uint8_t *o = k64_linux_wr(lx, addr, SIGINFO_SIZE);
	if (!o)
		return KERR(EFAULT);
	fill_info(lx, o, sig, code);
	return 0;
}

/* ---- delivery (setup_rt_frame + signal_delivered) --------------------------------------- */
static void deliver(struct k64_linux *lx, int sig, int code, uint64_t addr, bool fault)
{
	struct k64_hart *h = lx->h;
	struct k64_linux_sigaction *ka = &lx->sa[sig];
	uint64_t size = frame_size(lx, false);
	uint64_t sp = h->x[2], frame;
	if (on_sig_stack(lx, sp) && !on_sig_stack(lx, sp - size)) {
		frame = ~0ull;
	} else {
		if ((ka->flags & SA_ONSTACK) && sas_ss_flags(lx, sp) == 0)
			sp = lx->ss_sp + lx->ss_size;
		frame = (sp - size) & ~15ull;
	}
	uint8_t *f = frame + size > frame ? k64_linux_wr(lx, frame, size) : NULL;
	if (!f) {
		/* force_sigsegv(): the frame cannot be written. */
		lx->sig_pc = h->pc;
		terminate(lx, SIGSEGV);
		return;
	}
	memset(f, 0, size);
	if (fault) {
		put32(f + FR_INFO, (uint32_t)sig);
		put32(f + FR_INFO + 8, (uint32_t)code);
		put64(f + FR_INFO + 16, addr);
	} else {
		fill_info(lx, f + FR_INFO, sig, code);
	}
	uint8_t *uc = f + FR_UC;
	put64(uc + UC_STACK, lx->ss_sp);
	put32(uc + UC_STACK + 8, lx->ss_flags);
	put64(uc + UC_STACK + 16, lx->ss_size);
	put64(uc + UC_SIGMASK, lx->has_saved_mask ? lx->saved_mask : lx->blocked);
	lx->has_saved_mask = false;   /* rt_sigsuspend's mask comes back at rt_sigreturn */
	uint8_t *sc = uc + UC_MCONTEXT;
	put64(sc + SC_REGS, h->pc);
	for (int i = 1; i < 32; i++)
		put64(sc + SC_REGS + 8 * i, h->x[i]);
	for (int i = 0; i < 32; i++)
		put64(sc + SC_FP + 8 * i, h->f[i]);
	put32(sc + SC_FCSR, h->frm << 5 | h->fflags);
	uint64_t end = save_vec(lx, sc, frame + FR_UC + UC_MCONTEXT);
	put32(sc + end, END_MAGIC);
	put32(sc + end + 4, 0);

	h->x[1] = K64_LINUX_SIGTRAMP;
	h->x[2] = frame;
	h->x[10] = (uint64_t)sig;
	h->x[11] = frame + FR_INFO;
	h->x[12] = frame + FR_UC;
	h->pc = ka->handler;

	lx->blocked |= ka->mask;
	if (!(ka->flags & SA_NODEFER))
		lx->blocked |= BIT(sig);
	lx->blocked &= ~UNBLOCKABLE;
	if (ka->flags & SA_RESETHAND)
		ka->handler = SIG_DFL;   /* flags stay, as in get_signal() */
	if (lx->ss_flags & SS_AUTODISARM) {
		lx->ss_sp = lx->ss_size = 0;
		lx->ss_flags = SS_DISABLE;
	}
}

void k64_linux_fault(struct k64_linux *lx, uint64_t cause, uint64_t tval)
{
	struct k64_hart *h = lx->h;
	int sig, code;
	uint64_t addr = h->pc;
	switch (cause) {
	case K64_CAUSE_ILLEGAL:
		sig = SIGILL, code = ILL_ILLOPC;
		break;
	case K64_CAUSE_BREAKPOINT:
		sig = SIGTRAP, code = TRAP_BRKPT;
		break;
	case K64_CAUSE_MISALIGNED_FETCH: case K64_CAUSE_MISALIGNED_LOAD: case K64_CAUSE_MISALIGNED_STORE:
		sig = SIGBUS, code = BUS_ADRALN;
		break;
	case K64_CAUSE_FETCH_PAGE: case K64_CAUSE_LOAD_PAGE: case K64_CAUSE_STORE_PAGE:
	case K64_CAUSE_FETCH_ACCESS: case K64_CAUSE_LOAD_ACCESS: case K64_CAUSE_STORE_ACCESS:
		/* The user-mode arena has no physical-memory errors: an access fault is a
		 * page fault here (arch/riscv/mm/fault.c: MAPERR unless a mapping exists). */
		sig = SIGSEGV;
		code = k64_linux_page_mapped(lx, tval) ? SEGV_ACCERR : SEGV_MAPERR;
		addr = tval;
		break;
	default:
		sig = SIGILL, code = ILL_ILLOPC;
		break;
	}
	/* force_sig_fault(): a blocked or ignored synchronous signal kills the process. */
	if ((lx->blocked & BIT(sig)) || lx->sa[sig].handler == SIG_IGN || lx->sa[sig].handler == SIG_DFL) {
		terminate(lx, sig);
		return;
	}
	deliver(lx, sig, code, addr, true);
}

static bool ignored(const struct k64_linux *lx, int sig)
{
	uint64_t handler = lx->sa[sig].handler;
	return handler == SIG_IGN || (handler == SIG_DFL && default_ignored(sig));
}

void k64_linux_send(struct k64_linux *lx, int sig, int code)
{
	if (ignored(lx, sig))
		return;
	lx->pending |= BIT(sig);
	lx->pending_code[sig] = code;
}

void k64_linux_deliver_pending(struct k64_linux *lx)
{
	while (!lx->h->stopped) {
		/* dequeue_signal(): the thread's own signals first, then the process's */
		uint64_t own = lx->pending & ~lx->blocked, shared = lx->shared_pending & ~lx->blocked;
		if (!own && !shared)
			return;
		int sig, code;
		if (own) {
			sig = __builtin_ctzll(own) + 1;
			lx->pending &= ~BIT(sig);
			code = lx->pending_code[sig];
		} else {
			sig = __builtin_ctzll(shared) + 1;
			lx->shared_pending &= ~BIT(sig);
			code = lx->shared_code[sig];
		}
		if (ignored(lx, sig))
			continue;
		if (lx->sa[sig].handler == SIG_DFL) {
			terminate(lx, sig);
			return;
		}
		deliver(lx, sig, code, 0, false);
	}
}

/* ---- system calls ------------------------------------------------------------------------ */
static int64_t sys_rt_sigaction(struct k64_linux *lx, int64_t sig, uint64_t act, uint64_t oact,
				uint64_t setsize)
{
	if (setsize != 8)
		return KERR(EINVAL);
	if (sig < 1 || sig > K64_LINUX_NSIG || (act && (sig == SIGKILL || sig == SIGSTOP)))
		return KERR(EINVAL);
	uint8_t nb[24];
	if (act) {
		const void *p = k64_linux_rd(lx, act, 24);
		if (!p)
			return KERR(EFAULT);
		memcpy(nb, p, 24);
	}
	if (oact) {
		uint8_t *o = k64_linux_wr(lx, oact, 24);
		if (!o)
			return KERR(EFAULT);
		put64(o, lx->sa[sig].handler);
		put64(o + 8, lx->sa[sig].flags);
		put64(o + 16, lx->sa[sig].mask);
	}
	if (act) {
		/* struct sigaction without sa_restorer (riscv has no SA_RESTORER). */
		lx->sa[sig].handler = get64(nb);
		lx->sa[sig].flags = get64(nb + 8);
		lx->sa[sig].mask = get64(nb + 16) & ~UNBLOCKABLE;
		if (ignored(lx, (int)sig))
			k64_linux_thread_discard(lx, BIT(sig));
	}
	return 0;
}

static int64_t sys_rt_sigprocmask(struct k64_linux *lx, int64_t how, uint64_t set, uint64_t oset,
				  uint64_t setsize)
{
	if (setsize != 8)
		return KERR(EINVAL);
	uint64_t nset = 0;
	if (set) {
		const void *p = k64_linux_rd(lx, set, 8);
		if (!p)
			return KERR(EFAULT);
		memcpy(&nset, p, 8);
		if (how != SIG_BLOCK && how != SIG_UNBLOCK && how != SIG_SETMASK)
			return KERR(EINVAL);
	}
	if (oset) {
		uint8_t *o = k64_linux_wr(lx, oset, 8);
		if (!o)
			return KERR(EFAULT);
		put64(o, lx->blocked);
	}
	if (set) {
		if (how == SIG_BLOCK)
			lx->blocked |= nset;
		else if (how == SIG_UNBLOCK)
			lx->blocked &= ~nset;
		else
			lx->blocked = nset;
		lx->blocked &= ~UNBLOCKABLE;
	}
	return 0;
}

static int64_t sys_sigaltstack(struct k64_linux *lx, uint64_t uss, uint64_t uoss)
{
	uint8_t ss[24], oss[24];
	if (uss) {
		const void *p = k64_linux_rd(lx, uss, 24);
		if (!p)
			return KERR(EFAULT);
		memcpy(ss, p, 24);
	}
	int64_t r = do_sigaltstack(lx, uss ? ss : NULL, uoss ? oss : NULL, lx->h->x[2]);
	if (r == 0 && uoss) {
		uint8_t *o = k64_linux_wr(lx, uoss, 24);
		if (!o)
			return KERR(EFAULT);
		memcpy(o, oss, 24);
	}
	return r;
}

static void sys_rt_sigreturn(struct k64_linux *lx)
{
	struct k64_hart *h = lx->h;
	uint64_t frame = h->x[2];
	uint64_t size = frame_size(lx, false);
	const uint8_t *f = frame + size > frame ? k64_linux_rd(lx, frame, size) : NULL;
	if (!f)
		goto badframe;
	const uint8_t *uc = f + FR_UC, *sc = uc + UC_MCONTEXT;
	lx->blocked = get64(uc + UC_SIGMASK) & ~UNBLOCKABLE;
	h->pc = get64(sc + SC_REGS);
	for (int i = 1; i < 32; i++)
		h->x[i] = get64(sc + SC_REGS + 8 * i);
	for (int i = 0; i < 32; i++)
		h->f[i] = get64(sc + SC_FP + 8 * i);
	uint32_t fcsr = get32(sc + SC_FCSR);
	h->fflags = fcsr & 0x1f;
	h->frm = (fcsr >> 5) & 7;
	if (get32(sc + SC_EXT_RESERVED) != 0)
		goto badframe;
	/* Walk the extension headers (restore_sigcontext). */
	uint64_t hdr = frame + FR_UC + UC_MCONTEXT + SC_EXT_HDR;
	for (int n = 0; n < 8; n++) {
		const uint8_t *p = k64_linux_rd(lx, hdr, 8);
		if (!p)
			goto badframe;
		uint32_t magic = get32(p), hsize = get32(p + 4);
		if (magic == END_MAGIC) {
			if (hsize != 0)
				goto badframe;
			uint8_t ss[24];
			memcpy(ss, uc + UC_STACK, 24);
			do_sigaltstack(lx, ss, NULL, h->x[2]);   /* restore_altstack: errors ignored */
			return;
		}
		if (magic != RISCV_V_MAGIC || !vec_live(lx) || hsize != vec_sc_size(lx) ||
		    !restore_vec(lx, hdr + 8))
			goto badframe;
		hdr += hsize;
	}
badframe:
	/* force_sig(SIGSEGV); the report names the trampoline's ecall (lx->sig_pc). */
	terminate(lx, SIGSEGV);
}

static int64_t sys_kill(struct k64_linux *lx, int64_t pid, int64_t sig)
{
	if (sig < 0 || sig > K64_LINUX_NSIG)
		return KERR(EINVAL);
	/* Only this process exists: itself, its process group (0, -pid); kill(-1, ...) reaches
	 * every process except the caller, i.e. none here. */
	if (pid != lx->pid && pid != 0 && pid != -(int64_t)lx->pid)
		return KERR(ESRCH);
	if (sig)
		k64_linux_queue_process(lx, (int)sig, K64_SI_USER);
	return 0;
}

void k64_linux_queue_process(struct k64_linux *lx, int sig, int code)
{
	if (ignored(lx, sig))
		return;
	lx->shared_pending |= BIT(sig);
	lx->shared_code[sig] = code;
	k64_linux_thread_shared_signal(lx, sig);
}

void k64_linux_queue_thread(struct k64_linux *lx, int64_t tid, int sig, int code)
{
	if (!ignored(lx, sig))
		k64_linux_thread_signal(lx, tid, sig, code);
}

/* tkill, tgkill: to one thread of this process. */
static int64_t sys_tkill(struct k64_linux *lx, int64_t tid, int64_t sig)
{
	if (sig < 0 || sig > K64_LINUX_NSIG)
		return KERR(EINVAL);
	if (!k64_linux_thread_exists(lx, tid))
		return KERR(ESRCH);
	if (sig)
		k64_linux_queue_thread(lx, tid, (int)sig, K64_SI_TKILL);
	return 0;
}

int64_t k64_linux_sys_signal(struct k64_linux *lx, uint64_t nr, const uint64_t *a, bool *handled,
			     bool *set_a0)
{
	*handled = true;
	switch (nr) {
	case 129: /* kill */
		return sys_kill(lx, (int32_t)a[0], (int32_t)a[1]);
	case 130: /* tkill */
		if ((int32_t)a[0] <= 0)
			return KERR(EINVAL);
		return sys_tkill(lx, (int32_t)a[0], (int32_t)a[1]);
	case 131: /* tgkill */
		if ((int32_t)a[0] <= 0 || (int32_t)a[1] <= 0)
			return KERR(EINVAL);
		if ((int32_t)a[0] != lx->pid)
			return KERR(ESRCH);
		return sys_tkill(lx, (int32_t)a[1], (int32_t)a[2]);
	case 132:
		return sys_sigaltstack(lx, a[0], a[1]);
	case 134:
		return sys_rt_sigaction(lx, (int32_t)a[0], a[1], a[2], a[3]);
	case 135:
		return sys_rt_sigprocmask(lx, (int32_t)a[0], a[1], a[2], a[3]);
	case 136: { /* rt_sigpending */
		if (a[1] != 8)
			return KERR(EINVAL);
		uint8_t *o = k64_linux_wr(lx, a[0], 8);
		if (!o)
			return KERR(EFAULT);
		put64(o, (lx->pending | lx->shared_pending) & lx->blocked);
		return 0;
	}
	case 139:
		*set_a0 = false;
		sys_rt_sigreturn(lx);
		return 0;
	}
	*handled = false;
	return 0;
}
