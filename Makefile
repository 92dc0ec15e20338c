# SPDX-License-Identifier: GPL-2.0-only
#
# Read twice: by kbuild once this directory is grafted into a kernel tree as
# drivers/opp (KERNELRELEASE is set), and by a plain "make" in the repository,
# where it is the entry point of the host tooling (make check, make demo, ...).

ifneq ($(KERNELRELEASE),)

ccflags-$(CONFIG_DEBUG_DRIVER)	:= -DDEBUG
obj-y				+= core.o config.o cpu.o dvfs.o votes.o
CFLAGS_dvfs.o			:= -I$(src)
obj-$(CONFIG_OF)		+= of.o
obj-$(CONFIG_DEBUG_FS)		+= debugfs.o
obj-$(CONFIG_CPU_FREQ)		+= cpufreq.o
obj-$(CONFIG_ARM_TI_CPUFREQ)	+= ti-opp-supply.o
obj-$(CONFIG_PM_OPP_KUNIT_TEST)	+= kunit/
obj-$(CONFIG_PM_OPP_DEMO)	+= demo/

else

include $(dir $(lastword $(MAKEFILE_LIST)))scripts/host.mk

endif
