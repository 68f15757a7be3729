# karu64-sweep (doc/sweep.md): the sweep-file parser, --local with GNU parallel (killed and
# resumed), the plots, and --slurm on a single-node Slurm started by the test (munged, slurmctld,
# slurmd; tests/sweep/minislurm.py). scripts/setup-sweep --slurm installs what they need.
#   build/test-results/sweep.txt        parser, report numbers, --local, plots
#   build/test-results/sweep-slurm.txt  --slurm (its result line says so when Slurm cannot start)
check-sweep: $(KARU64) eval-kbench
	@mkdir -p $(B)/test-results
	@KARU64_SETUP_QUIET=1 scripts/setup-sweep --slurm
	python3 tests/sweep/run.py --karu64 $(KARU64) --kbench-dir $(B)/eval --work $(B)/tests/sweep \
	  --results $(B)/test-results

# Not in check-asan: the tests are of Python code, and the sanitizer build would first compile
# every guest benchmark build into build-asan/ for them (check-report-quick is left out likewise).
ifndef ASAN
CHECK += check-sweep
endif
.PHONY: check-sweep
