# SPDX-License-Identifier: GPL-2.0-only
# Host side of the top-level Makefile (read when KERNELRELEASE is unset).
# Recipes stay thin: the logic is in scripts/*.sh. See README.md.

OPP_HOST_MK := $(lastword $(MAKEFILE_LIST))
OPP_SCRIPTS := $(abspath $(dir $(OPP_HOST_MK)))
export SUITE OPP_CACHE KERNEL

.DEFAULT_GOAL := check
.PHONY: check demo lint compat bench conformance difftest deps tree clean-cache help
.PHONY: race fuzz selftest
export SELFTEST_CORES SELFTEST_MODES SELFTEST_SHARED_MODES SELFTEST_CYCLES
export SELFTEST_REBINDS
export N SEED ONLY DUMP
.PHONY: patches patches-test graft ungraft graft-test

check: ## deps + tree, then build and boot the KUnit kernel and judge the log
	@bash $(OPP_SCRIPTS)/check.sh

demo: ## arm64 QEMU: cpufreq-dt and devfreq doing DVFS on this core, trace-checked
	@bash $(OPP_SCRIPTS)/demo.sh

selftest: ## arm64 QEMU: the kernel's cpufreq selftests on ours and upstream's core
	@bash $(OPP_SCRIPTS)/selftest.sh

lint: ## checkpatch, kernel-doc, sparse and W=1, documentation render
	@bash $(OPP_SCRIPTS)/lint.sh

compat: ## compile every in-tree OPP user for arm64 (and arm) against this core
	@bash $(OPP_SCRIPTS)/compat.sh

bench: ## upstream's OPP core against ours, built and booted twice (not CI)
	@bash $(OPP_SCRIPTS)/bench.sh

conformance: ## upstream's OPP core and ours through the same opp_conf_* suites
	@bash $(OPP_SCRIPTS)/conformance.sh

difftest: ## N generated scenarios (N=300, SEED=1) traced on both cores, compared
	@bash $(OPP_SCRIPTS)/conformance.sh difftest

race: ## concurrency and stress suites, a soak, under KCSAN (own build dir)
	@bash $(OPP_SCRIPTS)/race.sh

fuzz: ## N mutated device tree tables (N=2000) on make check's kernel
	@bash $(OPP_SCRIPTS)/fuzz.sh

deps: ## install the missing Debian packages (root), or print the apt-get line
	@bash $(OPP_SCRIPTS)/deps.sh

tree: ## extract the KERNEL tree (6.12, 6.1) into its cache once, then graft this repo
	@bash $(OPP_SCRIPTS)/tree.sh

clean-cache: ## delete the cache (kernel tree, upstream copy, build dirs)
	@bash $(OPP_SCRIPTS)/clean-cache.sh

patches: ## the core as a git format-patch series against the 6.12 tree (OUT=dir)
	@bash $(OPP_SCRIPTS)/patches.sh

patches-test: ## make patches, then git am on a clean tree and build after each patch
	@bash $(OPP_SCRIPTS)/patches-test.sh

graft: ## put this core into your own 6.12.y or 6.1.y tree: make graft KDIR=/path/to/linux
	@bash $(OPP_SCRIPTS)/graft.sh graft

ungraft: ## restore the originals of make graft: make ungraft KDIR=/path/to/linux
	@bash $(OPP_SCRIPTS)/graft.sh ungraft

graft-test: ## make graft / make ungraft round trips on scratch trees
	@bash $(OPP_SCRIPTS)/graft-test.sh

help: ## this list
	@echo 'targets:'
	@sed -n 's/^\([a-z-]*\): *## /  \1\t/p' $(OPP_HOST_MK) | expand -t 16
	@echo 'variables: KERNEL=<6.12 (default) or 6.1>  SUITE=<kunit glob>'
	@echo '           OPP_CACHE=<dir, default ~/.cache/opp-linux-$$KERNEL>'
	@echo '           OPP_KUNIT_TIMEOUT=<s, default 600>  OPP_JOBS=<n>  OPP_RAW=1'
	@echo '           OPP_DEMO_TIMEOUT=<s, default 300>'
	@echo '           SELFTEST_CORES=<default "ours upstream">  SELFTEST_MODES=<a,b,...>'
	@echo '           SELFTEST_SHARED_MODES=<default basic,sptest4; none>'
	@echo '           SELFTEST_CYCLES=<default 1000>  SELFTEST_REBINDS=<default 100>'
	@echo '           CONFORMANCE_CORES=<default "upstream ours">'
	@echo '           ARCH=<check: x86_64 (default) or arm64>'
	@echo '           KDIR=<graft, ungraft: your 6.12.y or 6.1.y tree>  OUT=<patches: dir>'
