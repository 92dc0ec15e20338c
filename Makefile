# SPDX-License-Identifier: GPL-2.0-only
#
# Read twice: by kbuild once this directory is grafted into a kernel tree as
# drivers/opp (KERNELRELEASE is set), and by a plain "make" in the repository,
# where it is the entry point of the host tooling (make check, make demo, ...).

ifneq ($(KERNELRELEASE),)

ccflags-$(CONFIG_DEBUG_DRIVER)	:= -DDEBUG
obj-y				+= opp.o snapshot.o registry.o required.o \
				   resources.o table.o lookup.o edit.o votes.o \
				   dvfs.o config.o table_api.o cpu.o
CFLAGS_dvfs.o			:= -I$(src)
obj-$(CONFIG_OF)		+= of_node.o of.o em.o
obj-$(CONFIG_DEBUG_FS)		+= debugfs.o
obj-$(CONFIG_CPU_FREQ)		+= cpufreq.o
obj-$(CONFIG_ARM_TI_CPUFREQ)	+= ti-opp-supply.o
obj-$(CONFIG_PM_OPP_FAKES)	+= fakes/
obj-$(CONFIG_PM_OPP_KUNIT_TEST)	+= kunit/
obj-$(CONFIG_PM_OPP_DEMO)	+= demo/

else

include $(dir $(lastword $(MAKEFILE_LIST)))scripts/host.mk

endif
