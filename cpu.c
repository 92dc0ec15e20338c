// SPDX-License-Identifier: GPL-2.0-only
/*
 * OPP tables of CPUs: which CPUs share a table.
 */

#include "opp.h"

#include <linux/cpu.h>
#include <linux/cpumask.h>

/*
 * Links one more CPU to @table; returns whether the table is now shared with
 * it. A CPU that cannot be linked is skipped and does not fail the call (see
 * dev_pm_opp_set_sharing_cpus() for who relies on that). A CPU that already
 * uses another table keeps it: its lookups and transitions go to the OPPs
 * loaded for it, which its driver may be using. The CPU is not also listed
 * in @table, where none of its lookups would land and
 * dev_pm_opp_get_sharing_cpus() would report a CPU that does not follow the
 * table. The table counts as shared all the same: the caller said it is, and
 * dev_pm_opp_get_sharing_cpus() must then answer instead of returning
 * -EINVAL, which cpufreq-dt takes for "nobody said" and answers by sharing
 * the table with every CPU.
 */
static bool opp_table_share_with_cpu(struct opp_table *table,
				     struct device *cpu_dev, int cpu)
{
	struct device *dev = get_cpu_device(cpu);
	int ret;

	if (!dev) {
		dev_err(cpu_dev, "cpu%d has no device to share the OPP table with\n",
			cpu);
		return false;
	}

	ret = opp_table_link_device(table, dev);
	if (ret == -EBUSY)
		dev_dbg(cpu_dev, "cpu%d keeps its own OPP table\n", cpu);
	else if (ret)
		dev_err(dev, "cannot share the OPP table of %s: %d\n",
			dev_name(cpu_dev), ret);
	return !ret || ret == -EBUSY;
}

/**
 * dev_pm_opp_set_sharing_cpus() - make CPUs share one CPU's OPP table
 * @cpu_dev: a CPU that has a table
 * @cpumask: the CPUs that share it, @cpu_dev included or not
 *
 * For platforms whose firmware does not say which CPUs share a clock and a
 * rail. Every CPU of @cpumask without a table of its own then finds
 * @cpu_dev's table, and dev_pm_opp_get_sharing_cpus() reports the table as
 * shared. CPUs already linked are left as they are, a CPU with a table of
 * its own keeps it, and a CPU without a device or one that cannot be linked
 * for want of memory is reported and skipped: none of these fails the call.
 * cpufreq-dt's fallback passes every possible CPU (cpumask_setall()), some
 * of which may have no device, and scmi-cpufreq and scpi-cpufreq give up
 * the whole policy when this call fails, so one CPU must not cost the
 * others their frequency scaling.
 *
 * Context: Process context; may sleep.
 * Return:
 * * 0 - @cpu_dev has a table
 * * -EINVAL - @cpu_dev is NULL or an error pointer
 * * -ENODEV - @cpu_dev has no table
 */
int dev_pm_opp_set_sharing_cpus(struct device *cpu_dev,
				const struct cpumask *cpumask)
{
	struct opp_table *table __free(put_opp_table) = opp_table_find(cpu_dev);
	bool shared = false;
	int cpu;

	if (IS_ERR(table))
		return PTR_ERR(table);

	for_each_cpu(cpu, cpumask) {
		if (cpu != cpu_dev->id &&
		    opp_table_share_with_cpu(table, cpu_dev, cpu))
			shared = true;
	}

	if (shared) {
		guard(mutex)(&table->lock);
		table->sharing = OPP_SHARING_SHARED;
	}

	return 0;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_set_sharing_cpus);

static void opp_cpu_collect(struct device *dev, void *cpumask)
{
	cpumask_set_cpu(dev->id, cpumask);
}

/**
 * dev_pm_opp_get_sharing_cpus() - the CPUs that share a CPU's OPP table
 * @cpu_dev: the CPU
 * @cpumask: filled with the CPUs sharing the table, @cpu_dev included
 *
 * Context: Process context; may sleep.
 * Return:
 * * 0 - @cpumask is filled in
 * * -EINVAL - bad @cpu_dev, or nobody said whether the table is shared
 * * -ENODEV - @cpu_dev has no table
 */
int dev_pm_opp_get_sharing_cpus(struct device *cpu_dev, struct cpumask *cpumask)
{
	struct opp_table *table __free(put_opp_table) = opp_table_find(cpu_dev);
	enum opp_sharing sharing;

	if (IS_ERR(table))
		return PTR_ERR(table);

	scoped_guard(mutex, &table->lock)
		sharing = table->sharing;
	if (sharing == OPP_SHARING_UNKNOWN)
		return -EINVAL;

	cpumask_clear(cpumask);
	if (sharing == OPP_SHARING_SHARED)
		opp_table_visit_devices(table, opp_cpu_collect, cpumask);
	else
		cpumask_set_cpu(cpu_dev->id, cpumask);

	return 0;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_sharing_cpus);

/**
 * dev_pm_opp_cpumask_remove_table() - dev_pm_opp_remove_table() for CPUs
 * @cpumask: the CPUs
 *
 * CPUs without a device are reported and skipped; an empty mask is a
 * caller's bug and WARNs.
 *
 * Context: Process context; may sleep.
 */
void dev_pm_opp_cpumask_remove_table(const struct cpumask *cpumask)
{
	struct device *dev;
	int cpu;

	WARN_ON(cpumask_empty(cpumask));
	for_each_cpu(cpu, cpumask) {
		dev = get_cpu_device(cpu);
		if (dev)
			dev_pm_opp_remove_table(dev);
		else
			pr_err("cpu%d has no device whose OPP table to remove\n",
			       cpu);
	}
}
EXPORT_SYMBOL_GPL(dev_pm_opp_cpumask_remove_table);
