// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpufreq frequency tables built from OPP tables.
 */

#include "opp.h"

#include <linux/cpufreq.h>

/**
 * dev_pm_opp_init_cpufreq_table() - build a cpufreq table from a device's
 *	available OPPs
 * @dev: the device
 * @table: where to store the new table
 *
 * One entry per available OPP, in ascending rate (in kHz, from the first
 * clock), with %CPUFREQ_BOOST_FREQ on turbo OPPs, then the end marker. The
 * table is taken from one consistent view of the OPPs. Release it with
 * dev_pm_opp_free_cpufreq_table().
 *
 * Context: Process context; takes the table's lock and may sleep.
 * Return:
 * * 0 - *@table is set
 * * -EINVAL - @dev is NULL or an error pointer, or its OPPs have several
 *   clocks
 * * -ENODEV - @dev has no OPP table
 * * -ENODATA - no OPP is available
 * * -ERANGE - two available OPPs have the same rate
 * * -ENOMEM - out of memory
 */
int dev_pm_opp_init_cpufreq_table(struct device *dev,
				  struct cpufreq_frequency_table **table)
{
	struct opp_table *opp_table __free(put_opp_table) = opp_table_find(dev);
	struct cpufreq_frequency_table *freqs;
	struct opp_snapshot *snap;
	unsigned int i;

	if (IS_ERR(opp_table))
		return PTR_ERR(opp_table);

	/* The table's lock keeps its snapshot. */
	guard(mutex)(&opp_table->lock);
	snap = __opp_table_snapshot(opp_table);
	if (!snap->nr_avail)
		return -ENODATA;
	/* cpufreq knows one rate per OPP, and each rate once. */
	if (snap->shape.nr_clks > 1)
		return -EINVAL;
	for (i = 1; i < snap->nr_avail; i++)
		if (opp_rates(snap->opps[i])[0] == opp_rates(snap->opps[i - 1])[0])
			return -ERANGE;

	freqs = kcalloc(snap->nr_avail + 1, sizeof(*freqs), GFP_KERNEL);
	if (!freqs)
		return -ENOMEM;

	for (i = 0; i < snap->nr_avail; i++) {
		freqs[i].driver_data = i;
		freqs[i].frequency = opp_rates(snap->opps[i])[0] / 1000;
		if (snap->opps[i]->turbo)
			freqs[i].flags = CPUFREQ_BOOST_FREQ;
	}
	freqs[i].driver_data = i;
	freqs[i].frequency = CPUFREQ_TABLE_END;

	*table = freqs;
	return 0;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_init_cpufreq_table);

/**
 * dev_pm_opp_free_cpufreq_table() - free a table from
 *	dev_pm_opp_init_cpufreq_table()
 * @dev: the device the table was built for
 * @table: the table; set to NULL
 *
 * Context: Any context.
 */
void dev_pm_opp_free_cpufreq_table(struct device *dev,
				   struct cpufreq_frequency_table **table)
{
	if (!table)
		return;

	kfree(*table);
	*table = NULL;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_free_cpufreq_table);
