// SPDX-License-Identifier: GPL-2.0-only
/*
 * The original table-returning API: platform code names a device's
 * regulators, or registers a helper that programs them, and gets the
 * device's table back as the handle that undoes it. Each maps onto a
 * dev_pm_opp_set_config() setting, counted so that the devices sharing a
 * table share the setting too.
 */

#include "opp.h"

/*
 * Caller holds @table's dvfs_lock. Drops a legacy user; returns whether it
 * was the last.
 */
static bool __opp_setting_put(struct opp_table *table,
			      struct opp_counted_setting *setting)
{
	lockdep_assert_held(&table->dvfs_lock);

	return !WARN_ON_ONCE(!setting->users) && !--setting->users;
}

/**
 * dev_pm_opp_set_regulators_table() - name a device's regulators, original
 *	form
 * @dev: the device; its table is created if it has none
 * @names: the regulator names, in supply order ("opp-microvolt" order)
 * @count: number of names
 *
 * Reached as dev_pm_opp_set_regulators(dev, names, count). Regulators come
 * from regulator_get_optional(); if one is missing, those already got are
 * released. Must come before the table gets its OPPs.
 *
 * Context: Process context; may sleep.
 * Return: the device's table, to pass to dev_pm_opp_put_regulators(), or an
 * error pointer: -EINVAL for no names, -EBUSY when the table has OPPs,
 * -EPROBE_DEFER or another regulator error, -ENOMEM.
 */
struct opp_table *dev_pm_opp_set_regulators_table(struct device *dev,
						  const char * const names[],
						  unsigned int count)
{
	struct dev_pm_opp_config config = {};
	struct opp_table *table;
	int token;

	if (!names || !count)
		return ERR_PTR(-EINVAL);

	const char **list __free(kfree) = kcalloc(count + 1, sizeof(*list),
						  GFP_KERNEL);
	if (!list)
		return ERR_PTR(-ENOMEM);
	memcpy(list, names, array_size(count, sizeof(*list)));
	config.regulator_names = list;

	token = dev_pm_opp_set_config(dev, &config);
	if (token < 0)
		return ERR_PTR(token);

	/*
	 * The first legacy call keeps its token in the setting (whose token is
	 * 0 while it has no users); later ones (other users of a shared table)
	 * only count, their settings already being in place. Without the
	 * table, the token goes back at once.
	 */
	table = opp_table_find(dev);
	if (!IS_ERR(table)) {
		guard(mutex)(&table->dvfs_lock);
		if (!table->regulators_setting.users++)
			swap(table->regulators_setting.token, token);
	}
	dev_pm_opp_clear_config(token);
	return table;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_set_regulators_table);

/**
 * dev_pm_opp_put_regulators_table() - undo dev_pm_opp_set_regulators_table()
 * @opp_table: what it returned
 *
 * Reached as dev_pm_opp_put_regulators(table). The last user releases the
 * regulators (disabling them if a transition enabled them).
 *
 * Context: Process context; may sleep.
 */
void dev_pm_opp_put_regulators_table(struct opp_table *opp_table)
{
	int token = 0;

	if (IS_ERR_OR_NULL(opp_table))
		return;

	scoped_guard(mutex, &opp_table->dvfs_lock) {
		if (__opp_setting_put(opp_table,
				      &opp_table->regulators_setting))
			swap(token, opp_table->regulators_setting.token);
	}
	dev_pm_opp_clear_config(token);
	dev_pm_opp_put_opp_table(opp_table);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_put_regulators_table);

/* Caller holds @table's dvfs_lock. Installs or counts a set_opp helper. */
static int __opp_set_helper(struct opp_table *table, struct device *dev,
			    int (*set_opp)(struct dev_pm_set_opp_data *data))
{
	lockdep_assert_held(&table->dvfs_lock);

	if (table->helper_setting.users) {
		table->helper_setting.users++;
		return 0;
	}
	if (!opp_table_is_empty(table)) {
		dev_err(dev, "OPP table already has OPPs: register the helper before adding them\n");
		return -EBUSY;
	}
	if (table->config_regulators) {
		dev_err(dev, "OPP table already has a config_regulators callback\n");
		return -EBUSY;
	}
	if (!table->set_opp_data) {
		table->set_opp_data = opp_alloc_set_opp_data(dev, 0);
		if (!table->set_opp_data)
			return -ENOMEM;
	}

	table->set_opp = set_opp;
	table->helper_setting.users = 1;
	__opp_table_plan_dvfs(table);
	return 0;
}

/**
 * dev_pm_opp_register_set_opp_helper() - let platform code program the
 *	regulators of a device's transitions
 * @dev: the device; its table is created if it has none
 * @set_opp: called for every transition with the old and new OPP's rates
 *	and supplies, the regulators, the clock and the device; it sets the
 *	regulators, the core sets the clock (after it when scaling up, before
 *	it when scaling down)
 *
 * For multi-supply devices whose supplies must move together in a
 * particular way. Must come before the table gets its OPPs.
 *
 * Context: Process context; may sleep.
 * Return: the device's table, to pass to
 * dev_pm_opp_register_put_opp_helper(), or an error pointer: -EINVAL for a
 * NULL @set_opp, -EBUSY when the table has OPPs or a config_regulators
 * callback, -ENOMEM.
 */
struct opp_table *
dev_pm_opp_register_set_opp_helper(struct device *dev,
				   int (*set_opp)(struct dev_pm_set_opp_data *data))
{
	int ret;

	if (!set_opp)
		return ERR_PTR(-EINVAL);

	struct opp_table *table __free(put_opp_table) =
		opp_table_get_or_create(dev, 0);
	if (IS_ERR(table))
		return table;

	scoped_guard(mutex, &table->dvfs_lock)
		ret = __opp_set_helper(table, dev, set_opp);
	if (ret)
		return ERR_PTR(ret);

	return_ptr(table);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_register_set_opp_helper);

/**
 * dev_pm_opp_register_put_opp_helper() - undo
 *	dev_pm_opp_register_set_opp_helper()
 * @opp_table: what it returned
 *
 * Context: Process context; may sleep.
 */
void dev_pm_opp_register_put_opp_helper(struct opp_table *opp_table)
{
	if (IS_ERR_OR_NULL(opp_table))
		return;

	scoped_guard(mutex, &opp_table->dvfs_lock) {
		if (__opp_setting_put(opp_table, &opp_table->helper_setting)) {
			opp_table->set_opp = NULL;
			__opp_table_plan_dvfs(opp_table);
		}
	}
	dev_pm_opp_put_opp_table(opp_table);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_register_put_opp_helper);
