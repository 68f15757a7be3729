# Threads in Linux user mode (issue 13, second part): clone/clone3 with CLONE_THREAD, futex with
# timeouts, per-thread signals, deterministic switching on the one hart. The oracle is QEMU 10
# running the same program (static and dynamically linked), and the program's own checks.
#   check-linux-threads   t_pthreads = QEMU, deterministic over runs (virtual clock, model,
#                         several quanta), the modes that end the process, LR/SC across a
#                         switch, deadlocks, fork/ENOSYS, bad options; t_timers (itimers,
#                         POSIX timers, CPU clocks on guest time) = QEMU, deterministic
LINUX_THR_T := $(B)/tests/linux-threads

$(LINUX_THR_T)/%: tests/linux-threads/%.c tests/linux/check.h
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 -Wall -o $@ $< -lpthread -lrt
$(LINUX_THR_T)/t_pthreads-dyn: tests/linux-threads/t_pthreads.c tests/linux/check.h
	@mkdir -p $(dir $@)
	$(LINUX_DYN_CC) -O2 -Wall -o $@ $< -lpthread

check-linux-threads: $(KARU64) $(LINUX_THR_T)/t_pthreads $(LINUX_THR_T)/t_pthreads-dyn $(LINUX_THR_T)/t_lrsc $(LINUX_THR_T)/t_timers \
		$(LINUX_THR_T)/t_alarm $(LINUX_THR_T)/t_prof
	@mkdir -p $(B)/test-results
	@set -o pipefail; tests/linux-threads/run.sh $(KARU64) $(QEMU) $(LINUX_DYN_ROOT) $(LINUX_THR_T) \
	  | tee $(B)/test-results/linux-threads.txt

CHECK += check-linux-threads
.PHONY: check-linux-threads
