// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tables: creation from a device (and its device tree node), sharing,
 * references and destruction, and the notifier chain.
 */

#include "opp.h"

/*
 * What a new table takes from the device tree: the legacy binding's
 * properties on the device node, whether the device provides a power
 * domain, and the "operating-points-v2" table node with its sharing. A
 * table node without an available OPP is warned about once, here.
 */
static void opp_table_read_dt(struct opp_table *table, struct device *dev,
			      int index)
{
	struct device_node *np = dev->of_node;
	u32 latency;

	/* A device without a node (OPPs added by code) has none of these. */
	if (!np)
		return;
	if (!of_property_read_u32(np, "clock-latency", &latency))
		table->clock_latency_ns_max = latency;
	of_property_read_u32(np, "voltage-tolerance",
			     &table->voltage_tolerance_v1);
	table->is_genpd = of_property_present(np, "#power-domain-cells");

	table->np = of_parse_phandle(np, "operating-points-v2", index);
	if (!table->np)
		return;
	table->sharing = of_property_read_bool(table->np, "opp-shared") ?
			 OPP_SHARING_SHARED : OPP_SHARING_EXCLUSIVE;

	/* One available child is enough to know: not a count of them all. */
	struct device_node *first __free(device_node) =
		of_get_next_available_child(table->np, NULL);

	if (!first)
		dev_warn(dev, "%pOF: OPP table is empty\n", table->np);
}

/**
 * opp_of_node_required_entries() - how many "required-opps" entries a node has
 * @np: an OPP node, or NULL
 *
 * Entries are phandles without arguments, so the count is in whole cells;
 * a malformed property counts as none.
 *
 * Context: Process context.
 * Return: the number of entries, or -ENOENT when one of them names no node.
 */
int opp_of_node_required_entries(struct device_node *np)
{
	int count = max(of_count_phandle_with_args(np, "required-opps", NULL), 0);
	int i;

	for (i = 0; i < count; i++) {
		struct device_node *req __free(device_node) =
			of_parse_phandle(np, "required-opps", i);

		if (!req)
			return -ENOENT;
	}

	return count;
}

/**
 * opp_of_table_required_count() - how many OPPs each OPP of a table requires
 * @np: the "operating-points-v2" node, or NULL
 *
 * The entries of the table's first OPP, which fixes the count for every OPP
 * of the table, and none when one of them names no node: such a table loads
 * without required OPPs, so its device still scales its clocks and supplies
 * instead of failing its probe (shipped boards have such tables).
 *
 * Context: Process context.
 * Return: the number of "required-opps" entries of the table's OPPs.
 */
unsigned int opp_of_table_required_count(struct device_node *np)
{
	struct device_node *first __free(device_node) =
		of_get_next_available_child(np, NULL);

	return first ? max(opp_of_node_required_entries(first), 0) : 0;
}

static struct opp_table *opp_table_alloc(struct device *dev, int index)
{
	struct opp_table *table __free(kfree) = kzalloc(sizeof(*table),
							GFP_KERNEL);
	struct opp_shape shape = { .nr_clks = 1, .nr_supplies = 1 };
	struct opp_snapshot *snap;
	int nr_paths;

	if (!table)
		return NULL;
	opp_table_read_dt(table, dev, index);
	/*
	 * What the node's OPPs will have: OPPs added by code have it too, a
	 * bandwidth (at 0) per path. Quiet: a malformed "interconnects" or too
	 * many paths only mean no bandwidths here, and the table's load or
	 * opp_table_get_paths() reports them.
	 */
	nr_paths = opp_of_count_paths(dev, table->np, true);
	if (nr_paths > 0 && nr_paths <= U8_MAX)
		shape.nr_paths = nr_paths;
	shape.nr_required = min_t(unsigned int,
				  opp_of_table_required_count(table->np), U8_MAX);
	snap = opp_snapshot_alloc(&shape, 0);
	if (!snap) {
		of_node_put(table->np);
		return NULL;
	}

	kref_init(&table->kref);
	mutex_init(&table->lock);
	mutex_init(&table->static_lock);
	lockdep_register_key(&table->dvfs_key);
	__mutex_init(&table->dvfs_lock, "opp_table->dvfs_lock", &table->dvfs_key);
	mutex_init(&table->debug_lock);
	INIT_LIST_HEAD(&table->debug_links);
	INIT_LIST_HEAD(&table->links);
	BLOCKING_INIT_NOTIFIER_HEAD(&table->notifiers);
	table->shape = shape;
	RCU_INIT_POINTER(table->snap, snap);
	scoped_guard(mutex, &table->dvfs_lock)
		__opp_table_plan_dvfs(table);
	return_ptr(table);
}

/*
 * The table is unreachable: no link points to it and its count is zero, or
 * it was never published.
 */
static void opp_table_destroy(struct opp_table *table)
{
	struct opp_snapshot *snap = rcu_dereference_protected(table->snap, true);
	struct dev_pm_opp *opp;
	unsigned int i;

	opp_debug_remove_table(table);

	opp_put(table->current_opp, true);
	/*
	 * A table dies with OPPs that linger in it: the current OPP, and any a
	 * caller still holds. They stop pointing to it, and those nobody holds
	 * any more leave with a notification, as if their last holder had let
	 * go. Dynamic OPPs pin the table and static ones go with static_users.
	 */
	for (i = 0; i < snap->nr_avail + snap->nr_unavail; i++) {
		opp = snap->opps[i];
		WARN_ON_ONCE(opp->presence != OPP_LINGERING);
		WRITE_ONCE(opp->lingers_in, NULL);
		if (kref_read(&opp->kref) == 1)
			opp_notify(table, OPP_EVENT_REMOVE, opp);
		opp_put(opp, true);
	}

	opp_snapshot_retire(snap, false);
	/* What the table drives, left by its current OPP already. */
	opp_disable_supplies(table);
	opp_put_handles(OPP_HANDLE_REGULATOR, table->regulators,
			table->nr_regulators);
	opp_put_handles(OPP_HANDLE_CLK, table->clks, table->nr_clk_handles);
	kfree(table->set_opp_data);
	opp_put_handles(OPP_HANDLE_PATH, table->icc_paths, table->nr_icc_paths);
	of_node_put(table->np);
	kfree(table->supported_hw);
	kfree_const(table->prop_name);
	mutex_destroy(&table->debug_lock);
	mutex_destroy(&table->dvfs_lock);
	lockdep_unregister_key(&table->dvfs_key);
	mutex_destroy(&table->static_lock);
	mutex_destroy(&table->lock);
	kfree_rcu(table, rcu);
}

/**
 * opp_table_get_or_create() - the table of a device, created if needed
 * @dev: the device
 * @index: which of the device's "operating-points-v2" tables to build from,
 *	when it has several and none is set up yet
 *
 * A device that has a table gets it. Otherwise, when its device tree table
 * says "opp-shared" and another device already built a table from that
 * node, @dev joins that table; else a new table is made for @dev.
 * A new table gets the device's interconnect paths, when its device tree
 * table has bandwidths.
 *
 * Context: Process context; takes opp_tables_lock and may sleep.
 * Return: the table, referenced; ERR_PTR(-EINVAL) for a bad @dev;
 * ERR_PTR(-EPROBE_DEFER) when an interconnect provider is not there yet;
 * ERR_PTR(-ENOMEM).
 */
struct opp_table *opp_table_get_or_create(struct device *dev, int index)
{
	struct opp_table *new, *table = opp_table_find(dev);
	bool linked;
	int ret;

	if (!IS_ERR(table) || PTR_ERR(table) != -ENODEV)
		return table;

	new = opp_table_alloc(dev, index);
	if (!new)
		return ERR_PTR(-ENOMEM);

	table = opp_table_install(dev, new, &linked);
	if (table != new)
		opp_table_destroy(new);
	if (IS_ERR(table))
		return table;

	/*
	 * Paths at creation, so that a provider not there yet defers whoever
	 * creates the table, a driver's dev_pm_opp_set_config() included. Any
	 * other error only warns: the table then votes no bandwidth.
	 */
	ret = table == new ? opp_table_get_paths(dev, table) : 0;
	if (ret == -EPROBE_DEFER) {
		dev_pm_opp_put_opp_table(table);
		return ERR_PTR(ret);
	}
	if (ret)
		dev_warn(dev, "no interconnect paths for the OPP table: %d\n",
			 ret);
	if (linked)
		opp_debug_add_device(table, dev);
	return table;
}
EXPORT_SYMBOL_IF_KUNIT(opp_table_get_or_create);

/**
 * opp_table_link_device() - let one more device use a table
 * @table: the table, referenced by the caller
 * @dev: the device
 *
 * Context: Process context; takes opp_tables_lock and may sleep.
 * Return:
 * * 0 - @dev uses @table (possibly already did)
 * * -EBUSY - @dev already uses another table
 * * -ENOMEM - out of memory
 */
int opp_table_link_device(struct opp_table *table, struct device *dev)
{
	int ret = opp_table_add_link(table, dev);

	if (ret > 0)
		opp_debug_add_device(table, dev);
	return min(ret, 0);
}

/**
 * dev_pm_opp_get_opp_table() - get the OPP table of a device
 * @dev: the device
 *
 * Only finds a table; it never creates one.
 *
 * Context: Any context; takes no lock.
 * Return: the table, with a reference the caller drops with
 * dev_pm_opp_put_opp_table(); ERR_PTR(-EINVAL) for a NULL or error @dev;
 * ERR_PTR(-ENODEV) when @dev has no table.
 */
struct opp_table *dev_pm_opp_get_opp_table(struct device *dev)
{
	return opp_table_find(dev);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_opp_table);

/**
 * dev_pm_opp_get_opp_table_ref() - take one more reference on an OPP table
 * @opp_table: a table the caller already holds a reference on
 *
 * The new reference is dropped with dev_pm_opp_put_opp_table().
 *
 * Context: Any context, including atomic.
 * Return: @opp_table.
 */
struct opp_table *dev_pm_opp_get_opp_table_ref(struct opp_table *opp_table)
{
	kref_get(&opp_table->kref);
	return opp_table;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_opp_table_ref);

/**
 * dev_pm_opp_put_opp_table() - drop a reference on an OPP table
 * @opp_table: the table; NULL and error pointers are ignored
 *
 * The last reference unlinks the table from its devices and frees it after a
 * grace period, so lock-free readers that still see it stay safe.
 *
 * Context: Process context; may take opp_tables_lock and sleep.
 */
void dev_pm_opp_put_opp_table(struct opp_table *opp_table)
{
	if (IS_ERR_OR_NULL(opp_table))
		return;

	/* Not the last reference: no lock (every transition ends here). */
	if (refcount_dec_not_one(&opp_table->kref.refcount))
		return;
	if (opp_table_unregister(opp_table))
		opp_table_destroy(opp_table);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_put_opp_table);

/**
 * opp_notify() - tell a table's notifiers about one OPP
 * @table: the table
 * @event: what happened to @opp
 * @opp: the OPP, held by the caller
 *
 * Context: Process context, no OPP lock held; may sleep.
 */
void opp_notify(struct opp_table *table, enum dev_pm_opp_event event,
		struct dev_pm_opp *opp)
{
	blocking_notifier_call_chain(&table->notifiers, event, opp);
}

/**
 * dev_pm_opp_register_notifier() - be told about changes to a device's table
 * @dev: the device
 * @nb: the notifier; its callback gets an &enum dev_pm_opp_event and the OPP
 *
 * Callbacks run in process context, with no OPP lock held, after the change
 * is visible to lookups.
 *
 * Context: Process context; may sleep.
 * Return: 0; -EINVAL for a bad @dev; -ENODEV when @dev has no table; or the
 * error of blocking_notifier_chain_register().
 */
int dev_pm_opp_register_notifier(struct device *dev, struct notifier_block *nb)
{
	struct opp_table *table __free(put_opp_table) = opp_table_find(dev);

	if (IS_ERR(table))
		return PTR_ERR(table);

	return blocking_notifier_chain_register(&table->notifiers, nb);
}
EXPORT_SYMBOL(dev_pm_opp_register_notifier);

/**
 * dev_pm_opp_unregister_notifier() - stop being told about a device's table
 * @dev: the device
 * @nb: a notifier registered with dev_pm_opp_register_notifier()
 *
 * Context: Process context; may sleep.
 * Return: 0; -EINVAL for a bad @dev; -ENODEV when @dev has no table; -ENOENT
 * when @nb was not registered.
 */
int dev_pm_opp_unregister_notifier(struct device *dev,
				   struct notifier_block *nb)
{
	struct opp_table *table __free(put_opp_table) = opp_table_find(dev);

	if (IS_ERR(table))
		return PTR_ERR(table);

	return blocking_notifier_chain_unregister(&table->notifiers, nb);
}
EXPORT_SYMBOL(dev_pm_opp_unregister_notifier);
