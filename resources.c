// SPDX-License-Identifier: GPL-2.0-only
/*
 * The resources a table drives: clocks, regulators and interconnect paths.
 * Getting them, checking OPPs against them, switching the supplies on and
 * off, and releasing them all happen here; which OPP asks what of them is
 * dvfs.c's business, and the required devices are votes.c's.
 */

#include "opp.h"

#include <linux/clk.h>
#include <linux/interconnect.h>
#include <linux/regulator/consumer.h>

/**
 * opp_put_handles() - release handles got with opp_get_handles()
 * @kind: what the handles are
 * @handles: the array, freed too; NULL is ignored
 * @nr: how many handles it holds
 *
 * Last one first.
 *
 * Context: Process context; may sleep.
 */
void opp_put_handles(enum opp_handle_kind kind, void *handles, unsigned int nr)
{
	void **h = handles;

	while (h && nr--) {
		if (kind == OPP_HANDLE_CLK)
			clk_put(h[nr]);
		else if (kind == OPP_HANDLE_REGULATOR)
			regulator_put(h[nr]);
		else
			icc_put(h[nr]);
	}
	kfree(h);
}

/**
 * opp_get_handles() - get a device's clocks, regulators or interconnect paths
 * @dev: the device
 * @kind: what to get
 * @names: @nr clock or supply names, in order; a NULL clock name is the
 *	device's default clock. Paths are got by index, and need none
 * @nr: how many
 *
 * Regulators are optional ones: a missing supply is an error, not a dummy.
 * All or nothing: on failure the handles already got are put again.
 *
 * Context: Process context; may sleep.
 * Return: an array of @nr handles of @kind, or an error pointer (-ENOMEM, or
 * the framework's error, -EPROBE_DEFER among them).
 */
void *opp_get_handles(struct device *dev, enum opp_handle_kind kind,
		      const char * const *names, unsigned int nr)
{
	void **h = kcalloc(nr, sizeof(*h), GFP_KERNEL);
	unsigned int i;
	int ret;

	if (!h)
		return ERR_PTR(-ENOMEM);

	for (i = 0; i < nr; i++) {
		if (kind == OPP_HANDLE_CLK)
			h[i] = clk_get(dev, names[i]);
		else if (kind == OPP_HANDLE_REGULATOR)
			h[i] = regulator_get_optional(dev, names[i]);
		else
			h[i] = of_icc_get_by_index(dev, i);
		if (!IS_ERR(h[i]))
			continue;

		ret = PTR_ERR(h[i]);
		if (kind == OPP_HANDLE_CLK)
			dev_err_probe(dev, ret, "cannot get clock %s\n",
				      names[i] ?: "(default)");
		else if (kind == OPP_HANDLE_REGULATOR)
			dev_err_probe(dev, ret, "cannot get regulator %s\n",
				      names[i]);
		else
			dev_err_probe(dev, ret,
				      "cannot get interconnect path %u\n", i);
		opp_put_handles(kind, h, i);
		return ERR_PTR(ret);
	}

	return h;
}

/**
 * opp_disable_supplies() - disable what opp_enable_supplies() enabled
 * @table: the table
 *
 * Last one first; a regulator whose enable failed is left alone, so its
 * use count stays balanced. Does nothing when none is enabled.
 *
 * Context: Process context; may sleep.
 */
void opp_disable_supplies(struct opp_table *table)
{
	while (table->nr_supplies_enabled)
		regulator_disable(table->regulators[--table->nr_supplies_enabled]);
}

/**
 * opp_enable_supplies() - enable a table's regulators, in supply order
 * @table: the table
 * @dev: the device making the transition, named in the warning
 *
 * A regulator that refuses is warned about and the transition goes on: its
 * voltage is set, and a device that scales should not stop scaling for a
 * supply it cannot switch (the regulator may be always on, or shared and
 * on already). The ones after it are left off; only the ones enabled here
 * are disabled again.
 *
 * Context: Process context; may sleep.
 */
void opp_enable_supplies(struct opp_table *table, struct device *dev)
{
	unsigned int i;
	int ret = 0;

	for (i = 0; i < table->nr_regulators; i++) {
		ret = regulator_enable(table->regulators[i]);
		if (ret)
			break;
	}
	table->nr_supplies_enabled = i;
	if (ret)
		dev_warn(dev, "cannot enable OPP supply %u: %d\n", i, ret);
}

/**
 * __opp_table_plan_dvfs() - decide which steps a transition of a table takes
 * @table: the table
 *
 * A step runs only when the table has a resource for it, so a transition
 * of a table with one clock costs no more than its clock call. The level
 * and clock steps are always planned: the level comes with the OPPs, and
 * the clock step also records the rate of a table without a clock. One
 * regulator without a set_opp helper gets the single-supply step (a
 * config_regulators callback does not move a single supply either);
 * several are moved only by the platform's callback, and are left to
 * the driver without one.
 * Called whenever a clock, a regulator, a callback, a required device or
 * an interconnect path is given to the table or taken from it.
 *
 * Context: Caller holds the table's dvfs_lock.
 */
void __opp_table_plan_dvfs(struct opp_table *table)
{
	u8 steps = BIT(OPP_STEP_LEVEL) | BIT(OPP_STEP_CLOCK);

	lockdep_assert_held(&table->dvfs_lock);

	if (table->nr_required_devs)
		steps |= BIT(OPP_STEP_REQUIRED);
	if (table->nr_icc_paths)
		steps |= BIT(OPP_STEP_BW);
	if (table->set_opp ||
	    (table->config_regulators && table->nr_regulators > 1))
		steps |= BIT(OPP_STEP_REGULATORS);
	else if (table->nr_regulators == 1)
		steps |= BIT(OPP_STEP_SUPPLY);
	table->dvfs_steps = steps;
}

/**
 * opp_table_get_clock() - give a table its device's clock
 * @table: the table, referenced by the caller
 * @dev: the device
 *
 * The first OPP user of a table that has no clocks configured takes
 * clk_get(@dev, NULL); a device without a clock keeps a table without one.
 *
 * Context: Process context; takes the table's dvfs_lock and may sleep.
 * Return: 0, or the error of clk_get() other than -ENOENT (-EPROBE_DEFER
 * among them).
 */
int opp_table_get_clock(struct opp_table *table, struct device *dev)
{
	struct clk *clk;

	/*
	 * Every dev_pm_opp_add() asks: once the answer is known, it is read
	 * without the lock. A configuration cleared at the same moment is
	 * seen by the next add, as if this one had come first.
	 */
	if (READ_ONCE(table->clk_looked_up))
		return 0;

	guard(mutex)(&table->dvfs_lock);
	if (table->nr_clk_handles || table->clk_looked_up)
		return 0;

	clk = clk_get(dev, NULL);
	if (IS_ERR(clk) && PTR_ERR(clk) != -ENOENT)
		return dev_err_probe(dev, PTR_ERR(clk), "cannot get clock\n");
	if (!IS_ERR(clk)) {
		/* Not kmemdup(&clk): a local's address costs every call a canary. */
		table->clks = kmalloc(sizeof(*table->clks), GFP_KERNEL);
		if (!table->clks) {
			clk_put(clk);
			return -ENOMEM;
		}
		table->clks[0] = clk;
		table->nr_clk_handles = 1;
	}

	/* Clockless devices add OPPs one by one: ask once. */
	WRITE_ONCE(table->clk_looked_up, true);
	return 0;
}

/**
 * opp_check_regulators() - disable a new OPP the regulators cannot provide
 * @table: the table the OPP is for, referenced by the caller
 * @dev: the device, for messages
 * @opp: an OPP not published yet
 *
 * Context: Process context; takes the table's dvfs_lock and may sleep.
 */
void opp_check_regulators(struct opp_table *table, struct device *dev,
			  struct dev_pm_opp *opp)
{
	const struct dev_pm_opp_supply *supply = opp_supplies(opp);
	/* dev_pm_opp_add() gives a voltage to the first supply only. */
	unsigned int nr = opp->dynamic ? 1 : opp->nr_supplies, s;

	guard(mutex)(&table->dvfs_lock);
	for (s = 0; s < table->nr_regulators && s < nr; s++, supply++) {
		if (regulator_is_supported_voltage(table->regulators[s],
						   supply->u_volt_min,
						   supply->u_volt_max))
			continue;
		dev_warn(dev, "OPP %lu Hz: supply %u cannot give [%lu, %lu] uV; disabling it\n",
			 opp_rates(opp)[0], s, supply->u_volt_min,
			 supply->u_volt_max);
		opp->available = false;
		return;
	}
}

/**
 * opp_of_count_paths() - how many interconnect paths a table votes on
 * @dev: the device, whose "interconnects" lists the paths in pairs
 * @np: its "operating-points-v2" table node, or NULL
 * @quiet: leave a malformed "interconnects" unreported
 *
 * Bandwidth is per path of the device, and only when the table's first OPP
 * has a non-empty "opp-peak-kBps".
 *
 * Context: Process context.
 * Return: the number of paths (0 without bandwidths), or -EINVAL when
 * "interconnects" does not hold whole pairs.
 */
int opp_of_count_paths(struct device *dev, struct device_node *np, bool quiet)
{
	struct device_node *first __free(device_node) =
		of_get_next_available_child(np, NULL);
	struct property *prop = of_find_property(first, "opp-peak-kBps", NULL);
	int count;

	if (!prop || !prop->length)
		return 0;

	count = max(of_count_phandle_with_args(dev->of_node, "interconnects",
					       "#interconnect-cells"), 0);
	if (count % 2 && !quiet)
		dev_err(dev, "%pOF: interconnects has %d endpoints, not pairs\n",
			dev->of_node, count);
	return count % 2 ? -EINVAL : count / 2;
}

/**
 * __opp_table_keep_paths() - give a table its device's interconnect paths
 * @dev: the device
 * @table: the table; it keeps the first paths it is given
 * @nr: the number of paths, from opp_of_count_paths()
 *
 * Context: Caller holds the table's static_lock; may sleep.
 * Return: 0, or the interconnect framework's error (-EPROBE_DEFER among
 * them) or -ENOMEM.
 */
int __opp_table_keep_paths(struct device *dev, struct opp_table *table,
			   unsigned int nr)
{
	struct icc_path **paths;

	lockdep_assert_held(&table->static_lock);

	if (!nr || table->icc_paths)
		return 0;

	paths = opp_get_handles(dev, OPP_HANDLE_PATH, NULL, nr);
	if (IS_ERR(paths))
		return PTR_ERR(paths);

	guard(mutex)(&table->dvfs_lock);
	table->icc_paths = paths;
	table->nr_icc_paths = nr;
	__opp_table_plan_dvfs(table);
	return 0;
}

/**
 * opp_table_get_paths() - get the interconnect paths of a device
 * @dev: the device
 * @table: a table to keep the paths in, or NULL to only check that they can
 *	be had
 *
 * Paths are only looked for when the first OPP of the device's table node
 * has "opp-peak-kBps"; a table node without an available OPP is reported
 * and has none. A table keeps the first paths it is given.
 *
 * Context: Process context; takes @table's static_lock and may sleep.
 * Return: 0; -EINVAL when "interconnects" is malformed; -EPROBE_DEFER or
 * another error of the interconnect framework.
 */
int opp_table_get_paths(struct device *dev, struct opp_table *table)
{
	struct device_node *np __free(device_node) =
		of_parse_phandle(dev->of_node, "operating-points-v2", 0);
	/* One available child is enough to know: not a count of them all. */
	struct device_node *first __free(device_node) =
		of_get_next_available_child(np, NULL);
	struct icc_path **paths;
	int nr;

	if (!np)
		return 0;
	if (!first) {
		dev_err(dev, "%pOF: no OPP to read bandwidths from\n", np);
		return 0;
	}

	nr = opp_of_count_paths(dev, np, false);
	if (nr <= 0)
		return nr;

	if (table) {
		guard(mutex)(&table->static_lock);
		return __opp_table_keep_paths(dev, table, nr);
	}

	paths = opp_get_handles(dev, OPP_HANDLE_PATH, NULL, nr);
	if (!IS_ERR(paths))
		opp_put_handles(OPP_HANDLE_PATH, paths, nr);
	return PTR_ERR_OR_ZERO(paths);
}
