// SPDX-License-Identifier: GPL-2.0-only
/*
 * OPP core: the table registry, OPP lifetime, the writers that edit a table
 * and the lock-free lookups. The model and the locking rules are in opp.h.
 */

#define pr_fmt(fmt) "opp: " fmt

#include <linux/device.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/hashtable.h>
#include <linux/llist.h>
#include <linux/minmax.h>
#include <linux/of.h>
#include <linux/overflow.h>
#include <linux/rculist.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <kunit/visibility.h>

#include "opp.h"

/* The rules for this lock are in the DOC block of opp.h. */
DEFINE_MUTEX(opp_tables_lock);

/* Device -> link, guarded by opp_tables_lock for writers, RCU for readers. */
static DEFINE_HASHTABLE(opp_links, 8);

/* Every live table, guarded by opp_tables_lock for writers, RCU for readers. */
LIST_HEAD(opp_tables);

/* ------------------------------------------------------------------------ */
/* Device to table                                                           */
/* ------------------------------------------------------------------------ */

/* Caller holds rcu_read_lock() or opp_tables_lock. */
static struct opp_link *opp_link_lookup(const struct device *dev)
{
	struct opp_link *link;

	hash_for_each_possible_rcu(opp_links, link, hash_node,
				   (unsigned long)dev,
				   lockdep_is_held(&opp_tables_lock))
		if (link->dev == dev)
			return link;

	return NULL;
}

/* Caller holds rcu_read_lock(); the table may be dying. */
static struct opp_table *opp_table_lookup_rcu(const struct device *dev)
{
	struct opp_link *link = opp_link_lookup(dev);

	RCU_LOCKDEP_WARN(!rcu_read_lock_held(), "opp: table lookup outside RCU");

	return link ? link->table : NULL;
}

/**
 * opp_table_find() - find the table of a device and take a reference on it
 * @dev: the device
 *
 * Context: Any context; takes no lock.
 * Return: the table, to be released with dev_pm_opp_put_opp_table();
 * ERR_PTR(-EINVAL) when @dev is NULL or an error pointer; ERR_PTR(-ENODEV)
 * when @dev has no table.
 */
struct opp_table *opp_table_find(struct device *dev)
{
	struct opp_table *table;

	if (IS_ERR_OR_NULL(dev))
		return ERR_PTR(-EINVAL);

	guard(rcu)();
	table = opp_table_lookup_rcu(dev);
	if (!table || !kref_get_unless_zero(&table->kref))
		return ERR_PTR(-ENODEV);

	return table;
}

static struct opp_table *opp_table_alloc(struct device *dev, int index)
{
	struct opp_snapshot *snap;
	struct opp_table *table;

	table = kzalloc(sizeof(*table), GFP_KERNEL);
	snap = kvzalloc(sizeof(*snap), GFP_KERNEL);
	if (!table || !snap) {
		kfree(table);
		kvfree(snap);
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
	table->shape.nr_clks = 1;
	table->shape.nr_supplies = 1;
	snap->shape = table->shape;
	RCU_INIT_POINTER(table->snap, snap);

	opp_of_init_table(table, dev, index);
	return table;
}

/* Frees a table that was never published. */
static void opp_table_free(struct opp_table *table)
{
	opp_of_clear_table(table);
	kvfree(rcu_dereference_protected(table->snap, true));
	mutex_destroy(&table->debug_lock);
	mutex_destroy(&table->dvfs_lock);
	lockdep_unregister_key(&table->dvfs_key);
	mutex_destroy(&table->static_lock);
	mutex_destroy(&table->lock);
	kfree(table);
}

static void __opp_link_add(struct opp_link *link, struct device *dev,
			   struct opp_table *table)
{
	lockdep_assert_held(&opp_tables_lock);

	link->dev = dev;
	link->table = table;
	list_add_tail(&link->table_node, &table->links);
	hash_add_rcu(opp_links, &link->hash_node, (unsigned long)dev);
}

/* Caller holds opp_tables_lock. The shared table built from @np, if any. */
static struct opp_table *__opp_table_find_shared(struct device_node *np)
{
	struct opp_table *table;

	lockdep_assert_held(&opp_tables_lock);

	list_for_each_entry(table, &opp_tables, node)
		if (table->np == np && table->sharing == OPP_SHARING_SHARED)
			return table;

	return NULL;
}

/**
 * opp_table_find_shared() - the shared table built from a device tree node
 * @np: an "operating-points-v2" node
 *
 * Context: Process context; takes opp_tables_lock and may sleep.
 * Return: the table, with a reference the caller drops with
 * dev_pm_opp_put_opp_table(), or NULL when no device built a shared table
 * from @np.
 */
struct opp_table *opp_table_find_shared(struct device_node *np)
{
	struct opp_table *table;

	guard(mutex)(&opp_tables_lock);
	table = __opp_table_find_shared(np);
	if (table)
		kref_get(&table->kref);
	return table;
}

/*
 * Links @dev to the table it should use: the one it already has, the shared
 * table built from the same node, or @new, which is then published. Returns
 * that table, referenced; *@link is set to NULL when it was used.
 */
static struct opp_table *opp_table_install(struct device *dev,
					   struct opp_table *new,
					   struct opp_link **link)
{
	struct opp_table *table = NULL;
	struct opp_link *old;

	guard(mutex)(&opp_tables_lock);

	old = opp_link_lookup(dev);
	if (old) {
		kref_get(&old->table->kref);
		return old->table;
	}

	if (new->sharing == OPP_SHARING_SHARED)
		table = __opp_table_find_shared(new->np);
	if (table) {
		kref_get(&table->kref);
	} else {
		table = new;
		list_add_tail_rcu(&table->node, &opp_tables);
	}

	__opp_link_add(*link, dev, table);
	*link = NULL;
	return table;
}

/*
 * A new table takes its device's interconnect paths at once, so that a
 * provider that is not there yet defers whoever creates the table, a
 * driver's dev_pm_opp_set_config() included. Any other error only warns:
 * the table then votes no bandwidth.
 */
static int opp_table_get_paths(struct opp_table *table, struct device *dev)
{
	int ret;

	if (!IS_ENABLED(CONFIG_OF))
		return 0;

	ret = dev_pm_opp_of_find_icc_paths(dev, table);
	if (ret == -EPROBE_DEFER)
		return ret;
	if (ret)
		dev_warn(dev, "no interconnect paths for the OPP table: %d\n",
			 ret);
	return 0;
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
	struct opp_table *table, *new;
	struct opp_link *link;
	int ret;

	table = opp_table_find(dev);
	if (!IS_ERR(table) || PTR_ERR(table) != -ENODEV)
		return table;

	new = opp_table_alloc(dev, index);
	link = kzalloc(sizeof(*link), GFP_KERNEL);
	if (!new || !link) {
		kfree(link);
		if (new)
			opp_table_free(new);
		return ERR_PTR(-ENOMEM);
	}

	table = opp_table_install(dev, new, &link);
	if (table != new) {
		opp_table_free(new);
	} else {
		ret = opp_table_get_paths(table, dev);
		if (ret) {
			dev_pm_opp_put_opp_table(table);
			return ERR_PTR(ret);
		}
	}
	if (!link)
		opp_debug_add_device(table, dev);
	kfree(link);

	return table;
}
EXPORT_SYMBOL_IF_KUNIT(opp_table_get_or_create);

/* Caller holds rcu_read_lock(). The OPP of @snap described by @np. */
static struct dev_pm_opp *opp_snapshot_find_np(const struct opp_snapshot *snap,
					       const struct device_node *np)
{
	unsigned int i;

	for (i = 0; i < snap->nr_avail + snap->nr_unavail; i++)
		if (snap->opps[i]->np == np)
			return snap->opps[i];

	return NULL;
}

/**
 * opp_find_by_np() - find the OPP a device tree OPP node describes
 * @np: an OPP node, child of an "operating-points-v2" table node
 * @in_genpd: set to whether the OPP's table belongs to a power domain
 *
 * Used to resolve "required-opps": the OPP is found only once some device
 * loaded the table it belongs to.
 *
 * Context: Any context; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or NULL.
 */
struct dev_pm_opp *opp_find_by_np(struct device_node *np, bool *in_genpd)
{
	struct device_node *parent __free(device_node) = of_get_parent(np);
	struct opp_table *table;
	struct dev_pm_opp *opp;

	guard(rcu)();
	list_for_each_entry_rcu(table, &opp_tables, node) {
		if (!parent || table->np != parent)
			continue;
		opp = opp_snapshot_find_np(rcu_dereference(table->snap), np);
		if (opp && kref_get_unless_zero(&opp->kref)) {
			*in_genpd = table->is_genpd;
			return opp;
		}
	}

	return NULL;
}

/**
 * opp_table_np_loaded() - whether a table built from a node has OPPs
 * @np: an "operating-points-v2" table node, or NULL
 *
 * Required OPPs are linked when their table is loaded: this is how "loaded"
 * is told.
 *
 * Context: Any context; takes no lock.
 * Return: true when a table whose node is @np lists at least one OPP.
 */
bool opp_table_np_loaded(struct device_node *np)
{
	struct opp_snapshot *snap;
	struct opp_table *table;

	if (!np)
		return false;

	guard(rcu)();
	list_for_each_entry_rcu(table, &opp_tables, node) {
		if (table->np != np)
			continue;
		snap = rcu_dereference(table->snap);
		if (snap->nr_avail + snap->nr_unavail)
			return true;
	}

	return false;
}

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
	struct opp_link *link __free(kfree) = kzalloc(sizeof(*link), GFP_KERNEL);
	struct opp_link *old;

	if (!link)
		return -ENOMEM;

	scoped_guard(mutex, &opp_tables_lock) {
		old = opp_link_lookup(dev);
		if (old)
			return old->table == table ? 0 : -EBUSY;

		__opp_link_add(no_free_ptr(link), dev, table);
	}

	opp_debug_add_device(table, dev);
	return 0;
}

static void __opp_table_unlink_all(struct opp_table *table)
{
	struct opp_link *link, *tmp;

	lockdep_assert_held(&opp_tables_lock);

	list_for_each_entry_safe(link, tmp, &table->links, table_node) {
		hash_del_rcu(&link->hash_node);
		list_del(&link->table_node);
		kfree_rcu(link, rcu);
	}
}

/* The table is unreachable: no link points to it and its count is zero. */
static void opp_table_destroy(struct opp_table *table)
{
	struct opp_snapshot *snap = rcu_dereference_protected(table->snap, true);
	unsigned int i;

	opp_debug_remove_table(table);

	/* Dynamic OPPs pin the table and static ones go with static_users. */
	WARN_ON_ONCE(snap->nr_avail + snap->nr_unavail);
	for (i = 0; i < snap->nr_avail + snap->nr_unavail; i++)
		opp_put_sleepable(snap->opps[i]);

	kvfree_rcu(snap, rcu);
	opp_dvfs_release(table);
	opp_of_clear_table(table);
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
 * Public since Linux 6.14. The new reference is dropped with
 * dev_pm_opp_put_opp_table().
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

	/*
	 * Reaching zero and unlinking happen under opp_tables_lock, so whoever
	 * finds the table under that lock finds it alive.
	 */
	if (!refcount_dec_and_mutex_lock(&opp_table->kref.refcount,
					 &opp_tables_lock))
		return;

	__opp_table_unlink_all(opp_table);
	list_del_rcu(&opp_table->node);
	mutex_unlock(&opp_tables_lock);

	opp_table_destroy(opp_table);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_put_opp_table);

/* ------------------------------------------------------------------------ */
/* OPP objects                                                               */
/* ------------------------------------------------------------------------ */

/**
 * opp_alloc() - allocate an OPP of a given shape, not yet in any table
 * @shape: the sizes of the table the OPP is meant for
 *
 * The OPP comes with one reference, which becomes the table's when the OPP
 * is added, and with its level set to %OPP_LEVEL_UNSET.
 *
 * Context: Process context; may sleep.
 * Return: the OPP, or NULL when out of memory.
 */
struct dev_pm_opp *opp_alloc(const struct opp_shape *shape)
{
	unsigned int nr_storage = max_t(unsigned int, shape->nr_supplies, 1);
	struct dev_pm_opp *opp;
	size_t size;

	size = size_add(sizeof(*opp),
			array_size(shape->nr_clks, sizeof(unsigned long)));
	size = size_add(size, array_size(nr_storage,
					 sizeof(struct dev_pm_opp_supply)));
	size = size_add(size, array_size(shape->nr_paths,
					 sizeof(struct opp_icc_bw)));
	size = size_add(size, array_size(shape->nr_required,
					 sizeof(struct device_node *)));
	opp = kzalloc(size, GFP_KERNEL);
	if (!opp)
		return NULL;

	kref_init(&opp->kref);
	opp->nr_clks = shape->nr_clks;
	opp->nr_supplies = shape->nr_supplies;
	opp->nr_paths = shape->nr_paths;
	opp->nr_required = shape->nr_required;
	opp->level = OPP_LEVEL_UNSET;
	RCU_INIT_POINTER(opp->supplies, opp_initial_supplies(opp));

	return opp;
}
EXPORT_SYMBOL_IF_KUNIT(opp_alloc);

static void opp_put_required_nps(struct dev_pm_opp *opp)
{
	unsigned int i;

	for (i = 0; i < opp->nr_required; i++)
		of_node_put(opp_required_nps(opp)[i]);
}

/* The supplies an adjusted OPP switched to, or NULL. */
static struct opp_supplies *opp_adjusted_supplies(struct dev_pm_opp *opp)
{
	struct dev_pm_opp_supply *supplies;

	supplies = rcu_dereference_protected(opp->supplies, true);
	if (supplies == opp_initial_supplies(opp))
		return NULL;
	return container_of(supplies, struct opp_supplies, v[0]);
}

static void opp_put_nodes(struct dev_pm_opp *opp)
{
	opp_put_required_nps(opp);
	of_node_put(opp->np);
}

/**
 * opp_free() - free an OPP that no reader can see
 * @opp: the OPP
 *
 * Context: Process context; drops device tree node references.
 */
void opp_free(struct dev_pm_opp *opp)
{
	kfree(opp_adjusted_supplies(opp));
	opp_put_nodes(opp);
	kfree(opp);
}
EXPORT_SYMBOL_IF_KUNIT(opp_free);

/*
 * The last put of an OPP may come from a reader in atomic context, while
 * dropping device tree nodes may sleep: released OPPs are freed in batches
 * by a work item, after a grace period that covers every reader of them.
 */
static LLIST_HEAD(opp_released);

static void opp_free_released(struct work_struct *work)
{
	struct llist_node *list = llist_del_all(&opp_released);
	struct dev_pm_opp *opp, *tmp;

	synchronize_rcu();
	llist_for_each_entry_safe(opp, tmp, list, release)
		opp_free(opp);
}

static DECLARE_WORK(opp_release_work, opp_free_released);

/**
 * opp_flush_releases() - wait until every released OPP is freed
 *
 * For tests that remove the device tree nodes the OPPs referenced.
 *
 * Context: Process context; sleeps.
 */
void opp_flush_releases(void)
{
	flush_work(&opp_release_work);
}
EXPORT_SYMBOL_IF_KUNIT(opp_flush_releases);

static void opp_release(struct kref *kref)
{
	struct dev_pm_opp *opp = container_of(kref, struct dev_pm_opp, kref);

	if (llist_add(&opp->release, &opp_released))
		schedule_work(&opp_release_work);
}

/*
 * The last reference went away in process context: nobody can take a new
 * one (readers use kref_get_unless_zero()), so the device tree nodes are
 * dropped at once, and only the memory waits for the readers that may still
 * look at the OPP.
 */
static void opp_release_sleepable(struct kref *kref)
{
	struct dev_pm_opp *opp = container_of(kref, struct dev_pm_opp, kref);
	struct opp_supplies *adjusted = opp_adjusted_supplies(opp);

	opp_put_nodes(opp);
	if (adjusted)
		kfree_rcu(adjusted, rcu);
	kvfree_rcu_mightsleep(opp);
}

/**
 * opp_put_sleepable() - drop a reference on an OPP from process context
 * @opp: the OPP; NULL and error pointers are ignored
 *
 * As dev_pm_opp_put(), but the last reference releases the OPP's device
 * tree nodes before returning, so that a table removed by the core leaves
 * no node reference behind once no caller holds its OPPs.
 *
 * Context: Process context; may sleep.
 */
void opp_put_sleepable(struct dev_pm_opp *opp)
{
	might_sleep();
	if (!IS_ERR_OR_NULL(opp))
		kref_put(&opp->kref, opp_release_sleepable);
}

/**
 * dev_pm_opp_get() - take one more reference on an OPP
 * @opp: an OPP the caller already holds a reference on
 *
 * The new reference is dropped with dev_pm_opp_put(). Returning @opp lets a
 * caller hand out a reference in one statement: ``return dev_pm_opp_get(opp);``
 * (Linux 6.14; void in 6.12, whose callers ignore the result).
 *
 * Context: Any context, including atomic.
 * Return: @opp.
 */
struct dev_pm_opp *dev_pm_opp_get(struct dev_pm_opp *opp)
{
	kref_get(&opp->kref);
	return opp;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get);

/**
 * dev_pm_opp_put() - drop a reference on an OPP
 * @opp: the OPP; NULL and error pointers are ignored
 *
 * The OPP is freed after a grace period once the table no longer lists it
 * and no caller holds it.
 *
 * Context: Any context, including atomic.
 */
void dev_pm_opp_put(struct dev_pm_opp *opp)
{
	if (!IS_ERR_OR_NULL(opp))
		kref_put(&opp->kref, opp_release);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_put);

/* ------------------------------------------------------------------------ */
/* Ordering and keys                                                         */
/* ------------------------------------------------------------------------ */

static int opp_cmp_ulong(unsigned long a, unsigned long b)
{
	return a < b ? -1 : a > b;
}

/**
 * opp_cmp() - compare two OPPs in table order
 * @a: an OPP
 * @b: an OPP of the same shape
 *
 * Context: Any context.
 * Return: <0, 0 or >0 as @a sorts before, with or after @b.
 */
int opp_cmp(struct dev_pm_opp *a, struct dev_pm_opp *b)
{
	unsigned int i;
	int ret;

	for (i = 0; i < a->nr_clks; i++) {
		ret = opp_cmp_ulong(opp_rates(a)[i], opp_rates(b)[i]);
		if (ret)
			return ret;
	}

	for (i = 0; i < a->nr_paths; i++) {
		ret = opp_cmp_ulong(opp_bw(a)[i].peak, opp_bw(b)[i].peak);
		if (ret)
			return ret;
	}

	return opp_cmp_ulong(a->level, b->level);
}

/* Inlined: it runs at every step of every bisection. */
static __always_inline unsigned long opp_key_value(struct dev_pm_opp *opp,
						   const struct opp_key *key)
{
	switch (key->kind) {
	case OPP_KEY_RATE:
		return opp_rates(opp)[key->index];
	case OPP_KEY_BW:
		return opp_bw(opp)[key->index].peak;
	case OPP_KEY_LEVEL:
	default:
		return opp->level;
	}
}

static const char * const opp_key_names[] = {
	[OPP_KEY_RATE] = "rate",
	[OPP_KEY_LEVEL] = "level",
	[OPP_KEY_BW] = "bandwidth",
};

#define OPP_KEY_BITS_PER_KIND	(BITS_PER_LONG / 4)

/* Keys with a large index share the last bit of their kind. */
static unsigned long opp_key_bit(const struct opp_key *key)
{
	unsigned int index = min_t(unsigned int, key->index,
				   OPP_KEY_BITS_PER_KIND - 1);

	return BIT(key->kind * OPP_KEY_BITS_PER_KIND + index);
}

static bool opp_key_fits(const struct opp_shape *shape,
			 const struct opp_key *key)
{
	switch (key->kind) {
	case OPP_KEY_RATE:
		if (key->single_clk && shape->nr_clks > 1)
			return false;
		return key->index < shape->nr_clks;
	case OPP_KEY_BW:
		return key->index < shape->nr_paths;
	default:
		return true;
	}
}

static bool opp_range_is_sorted(struct dev_pm_opp * const *opps,
				unsigned int nr, const struct opp_key *key)
{
	unsigned int i;

	for (i = 1; i < nr; i++)
		if (opp_key_value(opps[i - 1], key) > opp_key_value(opps[i], key))
			return false;

	return true;
}

static void opp_snapshot_note_key(struct opp_snapshot *snap,
				  const struct opp_key *key)
{
	if (!opp_range_is_sorted(snap->opps, snap->nr_avail, key) ||
	    !opp_range_is_sorted(snap->opps + snap->nr_avail, snap->nr_unavail,
				 key))
		snap->unsorted |= opp_key_bit(key);
}

/*
 * Real tables are sorted by every key, and searches bisect. A key that goes
 * down somewhere (a second clock, a level that does not follow the rate) is
 * searched linearly, which gives the same answers as a walk in table order.
 */
static void opp_snapshot_find_unsorted_keys(struct opp_snapshot *snap)
{
	struct opp_key key = { .kind = OPP_KEY_LEVEL };

	opp_snapshot_note_key(snap, &key);

	key.kind = OPP_KEY_RATE;
	for (key.index = 0; key.index < snap->shape.nr_clks; key.index++)
		opp_snapshot_note_key(snap, &key);

	key.kind = OPP_KEY_BW;
	for (key.index = 0; key.index < snap->shape.nr_paths; key.index++)
		opp_snapshot_note_key(snap, &key);
}

/* ------------------------------------------------------------------------ */
/* Searching a snapshot                                                      */
/* ------------------------------------------------------------------------ */

enum opp_match {
	OPP_MATCH_EXACT,
	OPP_MATCH_CEIL,
	OPP_MATCH_FLOOR,
};

/* Index of the first OPP whose key is above @target (or equal, if @equal). */
static unsigned int opp_partition(struct dev_pm_opp * const *opps,
				  unsigned int nr, const struct opp_key *key,
				  unsigned long target, bool equal, bool sorted)
{
	unsigned int lo = 0, hi = nr, mid;
	unsigned long value;

	if (!sorted) {
		for (lo = 0; lo < nr; lo++) {
			value = opp_key_value(opps[lo], key);
			if (value > target || (equal && value == target))
				break;
		}
		return lo;
	}

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		value = opp_key_value(opps[mid], key);
		if (value > target || (equal && value == target))
			hi = mid;
		else
			lo = mid + 1;
	}

	return lo;
}

static struct dev_pm_opp *opp_range_find_exact(struct dev_pm_opp * const *opps,
					       unsigned int nr,
					       const struct opp_key *key,
					       unsigned long target, bool sorted)
{
	unsigned int i;

	if (sorted) {
		i = opp_partition(opps, nr, key, target, true, true);
		if (i < nr && opp_key_value(opps[i], key) == target)
			return opps[i];
		return NULL;
	}

	for (i = 0; i < nr; i++)
		if (opp_key_value(opps[i], key) == target)
			return opps[i];

	return NULL;
}

static struct dev_pm_opp *opp_range_find(struct dev_pm_opp * const *opps,
					 unsigned int nr,
					 const struct opp_key *key,
					 unsigned long target,
					 enum opp_match match, bool sorted)
{
	unsigned int i;

	switch (match) {
	case OPP_MATCH_CEIL:
		i = opp_partition(opps, nr, key, target, true, sorted);
		return i < nr ? opps[i] : NULL;
	case OPP_MATCH_FLOOR:
		i = opp_partition(opps, nr, key, target, false, sorted);
		return i ? opps[i - 1] : NULL;
	case OPP_MATCH_EXACT:
	default:
		return opp_range_find_exact(opps, nr, key, target, sorted);
	}
}

static struct dev_pm_opp *opp_snapshot_find(const struct opp_snapshot *snap,
					    const struct opp_key *key,
					    unsigned long target,
					    enum opp_match match, bool available)
{
	bool sorted = !(snap->unsorted & opp_key_bit(key));

	if (available)
		return opp_range_find(snap->opps, snap->nr_avail, key, target,
				      match, sorted);

	return opp_range_find(snap->opps + snap->nr_avail, snap->nr_unavail,
			      key, target, match, sorted);
}

static const char * const opp_match_names[] = {
	[OPP_MATCH_EXACT] = "at",
	[OPP_MATCH_CEIL] = "at or above",
	[OPP_MATCH_FLOOR] = "at or below",
};

/*
 * A lookup found nothing. Drivers probe on purpose (cpufreq and devfreq walk
 * find_freq_ceil() past the top to find the end), and Linux is silent then:
 * so is this, unless dynamic debug asks for what the table holds.
 */
static void __cold opp_debug_miss(struct device *dev,
				  const struct opp_snapshot *snap,
				  const struct opp_key *key,
				  unsigned long target, enum opp_match match,
				  bool available)
{
	unsigned int nr = snap->nr_avail;

	if (!nr) {
		dev_dbg(dev, "no %s OPP %s %s %lu: 0 available, %u disabled\n",
			available ? "available" : "disabled",
			opp_match_names[match], opp_key_names[key->kind], target,
			snap->nr_unavail);
		return;
	}

	dev_dbg(dev, "no %s OPP %s %s %lu: %u available, %s %lu to %lu, %u disabled\n",
		available ? "available" : "disabled", opp_match_names[match],
		opp_key_names[key->kind], target, nr, opp_key_names[key->kind],
		opp_key_value(snap->opps[0], key),
		opp_key_value(snap->opps[nr - 1], key), snap->nr_unavail);
}

/*
 * The search behind every lookup: RCU only. A failed kref_get_unless_zero()
 * means the OPP left the table after we loaded the snapshot, which a writer
 * publishes before it drops the table's reference: look again in the newer
 * snapshot. If there is none, the table is dying. Caller is in an RCU
 * read-side section, which also keeps @table alive.
 */
static __always_inline struct dev_pm_opp *
opp_table_search(struct opp_table *table, struct device *dev,
		 const struct opp_key *key, unsigned long *target,
		 enum opp_match match, bool available)
{
	struct opp_snapshot *snap, *seen = NULL;
	struct dev_pm_opp *opp;

	for (;;) {
		snap = rcu_dereference(table->snap);
		if (snap == seen)
			return ERR_PTR(-ENODEV);
		if (!opp_key_fits(&snap->shape, key)) {
			dev_err(dev, "OPP lookup by %s %u%s does not fit a table of %u clocks and %u paths\n",
				opp_key_names[key->kind], key->index,
				key->single_clk ? " (no index)" : "",
				snap->shape.nr_clks, snap->shape.nr_paths);
			return ERR_PTR(-EINVAL);
		}

		opp = opp_snapshot_find(snap, key, *target, match, available);
		if (!opp) {
			opp_debug_miss(dev, snap, key, *target, match,
				       available);
			return ERR_PTR(-ERANGE);
		}
		if (kref_get_unless_zero(&opp->kref))
			break;
		seen = snap;
	}

	*target = opp_key_value(opp, key);
	return opp;
}

/* The table a find_* call searches, or -ENODEV, said. Caller holds RCU. */
static struct opp_table *opp_find_table_rcu(struct device *dev)
{
	struct opp_table *table;

	RCU_LOCKDEP_WARN(!rcu_read_lock_held(), "opp: find outside RCU");
	table = opp_table_lookup_rcu(dev);
	if (!table) {
		dev_err(dev, "no OPP table\n");
		return ERR_PTR(-ENODEV);
	}
	return table;
}

static struct dev_pm_opp *opp_find(struct device *dev,
				   const struct opp_key *key,
				   unsigned long *target, enum opp_match match,
				   bool available)
{
	struct opp_table *table;

	if (IS_ERR_OR_NULL(dev))
		return ERR_PTR(-EINVAL);

	guard(rcu)();
	table = opp_find_table_rcu(dev);
	if (IS_ERR(table))
		return ERR_CAST(table);

	return opp_table_search(table, dev, key, target, match, available);
}

/**
 * opp_table_pick_rate() - the OPP a transition to @rate goes to
 * @table: a table the caller holds a reference to
 * @dev: the device, for messages
 * @rate: the rate asked for, on the first clock
 *
 * Context: Any context; takes no lock.
 * Return: the slowest available OPP whose first rate is at or above @rate,
 * referenced; ERR_PTR(-ERANGE) when there is none.
 */
struct dev_pm_opp *opp_table_pick_rate(struct opp_table *table,
				       struct device *dev, unsigned long rate)
{
	struct opp_key key = { .kind = OPP_KEY_RATE };

	guard(rcu)();
	return opp_table_search(table, dev, &key, &rate, OPP_MATCH_CEIL, true);
}

/**
 * opp_table_get_span() - what a table holds, for messages
 * @table: a table the caller holds a reference to
 * @span: filled with the counts and the first clock's range of the
 *	available OPPs (0 to 0 when there are none)
 *
 * Context: Any context; takes no lock.
 */
void opp_table_get_span(struct opp_table *table, struct opp_table_span *span)
{
	struct opp_snapshot *snap;

	guard(rcu)();
	snap = rcu_dereference(table->snap);
	span->nr_avail = snap->nr_avail;
	span->nr_unavail = snap->nr_unavail;
	span->lo = snap->nr_avail ? opp_rates(snap->opps[0])[0] : 0;
	span->hi = snap->nr_avail ? opp_rates(snap->opps[snap->nr_avail - 1])[0] : 0;
}

/**
 * opp_table_has_available() - whether a table lists any available OPP
 * @table: a table the caller holds a reference to
 *
 * Context: Any context; takes no lock.
 * Return: true when at least one OPP of @table is available.
 */
bool opp_table_has_available(struct opp_table *table)
{
	guard(rcu)();
	return rcu_dereference(table->snap)->nr_avail;
}

/* A lookup that names no clock only makes sense on a single-clock table. */
static struct dev_pm_opp *opp_find_rate(struct device *dev, u32 index,
					bool indexed, unsigned long *freq,
					enum opp_match match, bool available)
{
	struct opp_key key = {
		.kind = OPP_KEY_RATE,
		.index = index,
		.single_clk = !indexed,
	};

	return opp_find(dev, &key, freq, match, available);
}

/**
 * dev_pm_opp_find_freq_exact() - find an OPP by its exact rate
 * @dev: the device
 * @freq: the rate in Hz
 * @available: true to search the available OPPs, false for the disabled ones
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer:
 *
 * * -EINVAL - @dev is NULL or an error pointer, or its table has several
 *   clocks
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - no OPP has that rate
 */
struct dev_pm_opp *dev_pm_opp_find_freq_exact(struct device *dev,
					      unsigned long freq,
					      bool available)
{
	return opp_find_rate(dev, 0, false, &freq, OPP_MATCH_EXACT, available);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_freq_exact);

/* Whether @opp has every key @want sets; see &struct dev_pm_opp_key. */
static bool opp_has_keys(struct dev_pm_opp *opp,
			 const struct dev_pm_opp_key *want)
{
	unsigned int level;

	if (want->freq && opp_rates(opp)[0] != want->freq)
		return false;
	if (want->bw && (!opp->nr_paths || opp_bw(opp)[0].peak != want->bw))
		return false;
	if (want->level == OPP_LEVEL_UNSET)
		return true;

	return !opp_level(opp, &level) && level == want->level;
}

/*
 * The first OPP of @opps, in table order, with every key of @want. With a
 * rate, OPPs of that rate are contiguous and bisected to; else a scan.
 */
static struct dev_pm_opp *opp_range_find_keys(struct dev_pm_opp * const *opps,
					      unsigned int nr,
					      const struct dev_pm_opp_key *want,
					      bool rate_sorted)
{
	static const struct opp_key rate = { .kind = OPP_KEY_RATE };
	unsigned int i = 0;

	if (want->freq && rate_sorted)
		i = opp_partition(opps, nr, &rate, want->freq, true, true);
	for (; i < nr; i++) {
		if (want->freq && rate_sorted && opp_rates(opps[i])[0] != want->freq)
			break;
		if (opp_has_keys(opps[i], want))
			return opps[i];
	}

	return NULL;
}

/* As opp_table_search(), for several keys at once. Caller is in RCU. */
static struct dev_pm_opp *opp_table_search_keys(struct opp_table *table,
						struct device *dev,
						const struct dev_pm_opp_key *want,
						bool available)
{
	static const struct opp_key rate = {
		.kind = OPP_KEY_RATE, .single_clk = true,
	};
	struct opp_snapshot *snap, *seen = NULL;
	struct dev_pm_opp *opp;
	unsigned int first;

	for (;;) {
		snap = rcu_dereference(table->snap);
		if (snap == seen)
			return ERR_PTR(-ENODEV);
		if (!opp_key_fits(&snap->shape, &rate)) {
			dev_err(dev, "OPP lookup by keys needs a single clock, not %u\n",
				snap->shape.nr_clks);
			return ERR_PTR(-EINVAL);
		}

		first = available ? 0 : snap->nr_avail;
		opp = opp_range_find_keys(snap->opps + first,
					  available ? snap->nr_avail :
						      snap->nr_unavail,
					  want, !(snap->unsorted & opp_key_bit(&rate)));
		if (!opp) {
			dev_dbg(dev, "no %s OPP at %lu Hz, level %u, %u kBps among %u available and %u disabled\n",
				available ? "available" : "disabled", want->freq,
				want->level, want->bw, snap->nr_avail,
				snap->nr_unavail);
			return ERR_PTR(-ERANGE);
		}
		if (kref_get_unless_zero(&opp->kref))
			return opp;
		seen = snap;
	}
}

/**
 * dev_pm_opp_find_key_exact() - find an OPP by several keys at once
 * @dev: the device
 * @key: the keys; a zero @key->freq or @key->bw, and a @key->level of
 *	%OPP_LEVEL_UNSET, match any value
 * @available: true to search the available OPPs, false for the disabled ones
 *
 * For tables where the rate alone does not tell OPPs apart (newer kernels).
 * The bandwidth compared is the peak of the first interconnect path; an OPP
 * without paths matches only a zero @key->bw. The first match in table order
 * is returned; @key is not changed. With @key->freq set, the search bisects
 * to that rate and then looks at the OPPs of that rate only.
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer:
 *
 * * -EINVAL - @dev or @key is NULL or an error pointer, or the table has
 *   several clocks
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - no OPP has all the keys
 */
struct dev_pm_opp *dev_pm_opp_find_key_exact(struct device *dev,
					     struct dev_pm_opp_key *key,
					     bool available)
{
	struct opp_table *table;

	if (IS_ERR_OR_NULL(dev) || IS_ERR_OR_NULL(key))
		return ERR_PTR(-EINVAL);

	guard(rcu)();
	table = opp_find_table_rcu(dev);
	if (IS_ERR(table))
		return ERR_CAST(table);

	return opp_table_search_keys(table, dev, key, available);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_key_exact);

/**
 * dev_pm_opp_find_freq_exact_indexed() - find an OPP by the exact rate of
 *	one of its clocks
 * @dev: the device
 * @freq: the rate in Hz
 * @index: the clock, in the order of the table's clocks
 * @available: true to search the available OPPs, false for the disabled ones
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer:
 *
 * * -EINVAL - bad @dev, or @index is not a clock of the table
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - no OPP has that rate
 */
struct dev_pm_opp *
dev_pm_opp_find_freq_exact_indexed(struct device *dev, unsigned long freq,
				   u32 index, bool available)
{
	return opp_find_rate(dev, index, true, &freq, OPP_MATCH_EXACT,
			     available);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_freq_exact_indexed);

/**
 * dev_pm_opp_find_freq_ceil() - find the slowest available OPP at or above a
 *	rate
 * @dev: the device
 * @freq: in: the rate in Hz; out: the rate of the OPP found
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer (@freq is then unchanged):
 *
 * * -EINVAL - bad @dev, or its table has several clocks
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - every available OPP is slower than @freq
 */
struct dev_pm_opp *dev_pm_opp_find_freq_ceil(struct device *dev,
					     unsigned long *freq)
{
	return opp_find_rate(dev, 0, false, freq, OPP_MATCH_CEIL, true);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_freq_ceil);

/**
 * dev_pm_opp_find_freq_ceil_indexed() - find the slowest available OPP at or
 *	above a rate of one of its clocks
 * @dev: the device
 * @freq: in: the rate in Hz; out: the rate of the OPP found for that clock
 * @index: the clock, in the order of the table's clocks
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer (@freq is then unchanged):
 *
 * * -EINVAL - bad @dev, or @index is not a clock of the table
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - no available OPP reaches @freq
 */
struct dev_pm_opp *
dev_pm_opp_find_freq_ceil_indexed(struct device *dev, unsigned long *freq,
				  u32 index)
{
	return opp_find_rate(dev, index, true, freq, OPP_MATCH_CEIL, true);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_freq_ceil_indexed);

/**
 * dev_pm_opp_find_freq_floor() - find the fastest available OPP at or below
 *	a rate
 * @dev: the device
 * @freq: in: the rate in Hz; out: the rate of the OPP found
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer (@freq is then unchanged):
 *
 * * -EINVAL - bad @dev, or its table has several clocks
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - every available OPP is faster than @freq
 */
struct dev_pm_opp *dev_pm_opp_find_freq_floor(struct device *dev,
					      unsigned long *freq)
{
	return opp_find_rate(dev, 0, false, freq, OPP_MATCH_FLOOR, true);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_freq_floor);

/**
 * dev_pm_opp_find_freq_floor_indexed() - find the fastest available OPP at or
 *	below a rate of one of its clocks
 * @dev: the device
 * @freq: in: the rate in Hz; out: the rate of the OPP found for that clock
 * @index: the clock, in the order of the table's clocks
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer (@freq is then unchanged):
 *
 * * -EINVAL - bad @dev, or @index is not a clock of the table
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - every available OPP is faster than @freq
 */
struct dev_pm_opp *
dev_pm_opp_find_freq_floor_indexed(struct device *dev, unsigned long *freq,
				   u32 index)
{
	return opp_find_rate(dev, index, true, freq, OPP_MATCH_FLOOR, true);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_freq_floor_indexed);

static struct dev_pm_opp *opp_find_level(struct device *dev,
					 unsigned int *level,
					 enum opp_match match)
{
	struct opp_key key = { .kind = OPP_KEY_LEVEL };
	unsigned long value = *level;
	struct dev_pm_opp *opp;

	/*
	 * An OPP without a level compares as %OPP_LEVEL_UNSET, the highest
	 * level: a floor search from UINT_MAX finds the last of them. A ceil
	 * search that only reaches such OPPs found no level at all, which
	 * callers asking for "at least this level" are told with -ENODEV.
	 */
	opp = opp_find(dev, &key, &value, match, true);
	if (IS_ERR(opp))
		return opp;
	if (match == OPP_MATCH_CEIL && value == OPP_LEVEL_UNSET) {
		dev_err(dev, "OPP table has no level at or above %u\n", *level);
		dev_pm_opp_put(opp);
		return ERR_PTR(-ENODEV);
	}

	*level = value;
	return opp;
}

/**
 * dev_pm_opp_find_level_exact() - find the available OPP with a level
 * @dev: the device
 * @level: the performance level
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer:
 *
 * * -EINVAL - @dev is NULL or an error pointer
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - no available OPP has that level
 */
struct dev_pm_opp *dev_pm_opp_find_level_exact(struct device *dev,
					       unsigned int level)
{
	return opp_find_level(dev, &level, OPP_MATCH_EXACT);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_level_exact);

/**
 * dev_pm_opp_find_level_ceil() - find the lowest available OPP at or above a
 *	level
 * @dev: the device
 * @level: in: the level; out: the level of the OPP found
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer (@level is then unchanged):
 *
 * * -EINVAL - @dev is NULL or an error pointer
 * * -ENODEV - @dev has no OPP table, or the OPPs at or above @level have
 *   no level
 * * -ERANGE - every available OPP is below @level
 */
struct dev_pm_opp *dev_pm_opp_find_level_ceil(struct device *dev,
					      unsigned int *level)
{
	return opp_find_level(dev, level, OPP_MATCH_CEIL);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_level_ceil);

/**
 * dev_pm_opp_find_level_floor() - find the highest available OPP at or below
 *	a level
 * @dev: the device
 * @level: in: the level; out: the level of the OPP found
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer (@level is then unchanged):
 *
 * * -EINVAL - @dev is NULL or an error pointer
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - every available OPP is above @level
 */
struct dev_pm_opp *dev_pm_opp_find_level_floor(struct device *dev,
					       unsigned int *level)
{
	return opp_find_level(dev, level, OPP_MATCH_FLOOR);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_level_floor);

static struct dev_pm_opp *opp_find_bw(struct device *dev, unsigned int *bw,
				      int index, enum opp_match match)
{
	struct opp_key key = { .kind = OPP_KEY_BW, .index = index };
	unsigned long value = *bw;
	struct dev_pm_opp *opp;

	if (index < 0) {
		dev_err(dev, "negative interconnect path index %d\n", index);
		return ERR_PTR(-EINVAL);
	}

	opp = opp_find(dev, &key, &value, match, true);
	if (!IS_ERR(opp))
		*bw = value;
	return opp;
}

/**
 * dev_pm_opp_find_bw_ceil() - find the lowest available OPP at or above a
 *	peak bandwidth
 * @dev: the device
 * @bw: in: the peak bandwidth in kBps; out: the peak bandwidth of the OPP
 *	found
 * @index: the interconnect path, in the order of the table's paths
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer (@bw is then unchanged):
 *
 * * -EINVAL - bad @dev, or @index is not a path of the table
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - every available OPP is below @bw
 */
struct dev_pm_opp *dev_pm_opp_find_bw_ceil(struct device *dev,
					   unsigned int *bw, int index)
{
	return opp_find_bw(dev, bw, index, OPP_MATCH_CEIL);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_bw_ceil);

/**
 * dev_pm_opp_find_bw_floor() - find the highest available OPP at or below a
 *	peak bandwidth
 * @dev: the device
 * @bw: in: the peak bandwidth in kBps; out: the peak bandwidth of the OPP
 *	found
 * @index: the interconnect path, in the order of the table's paths
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer (@bw is then unchanged):
 *
 * * -EINVAL - bad @dev, or @index is not a path of the table
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - every available OPP is above @bw
 */
struct dev_pm_opp *dev_pm_opp_find_bw_floor(struct device *dev,
					    unsigned int *bw, int index)
{
	return opp_find_bw(dev, bw, index, OPP_MATCH_FLOOR);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_bw_floor);

/* ------------------------------------------------------------------------ */
/* Reading one OPP                                                           */
/* ------------------------------------------------------------------------ */

/**
 * dev_pm_opp_get_voltage() - the voltage of an OPP's first supply
 * @opp: an OPP the caller holds a reference on
 *
 * Meant for devices with one supply; see dev_pm_opp_get_supplies() for more.
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the target voltage in microvolts, or 0 for a NULL or error @opp.
 */
unsigned long dev_pm_opp_get_voltage(struct dev_pm_opp *opp)
{
	if (IS_ERR_OR_NULL(opp)) {
		pr_err("voltage asked of an invalid OPP\n");
		return 0;
	}

	guard(rcu)();
	return rcu_dereference(opp->supplies)[0].u_volt;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_voltage);

/**
 * dev_pm_opp_get_supplies() - copy the values of every supply of an OPP
 * @opp: an OPP the caller holds a reference on
 * @supplies: room for one entry per supply of the OPP's table
 *
 * The copy is consistent: it never mixes values from before and after a
 * concurrent dev_pm_opp_adjust_voltage().
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: 0, or -EINVAL when @opp or @supplies is invalid.
 */
int dev_pm_opp_get_supplies(struct dev_pm_opp *opp,
			    struct dev_pm_opp_supply *supplies)
{
	if (IS_ERR_OR_NULL(opp) || !supplies) {
		pr_err("supplies asked of an invalid OPP\n");
		return -EINVAL;
	}

	guard(rcu)();
	memcpy(supplies, rcu_dereference(opp->supplies),
	       array_size(opp->nr_supplies, sizeof(*supplies)));
	return 0;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_supplies);

/**
 * dev_pm_opp_get_power() - the power an OPP draws from all its supplies
 * @opp: an OPP the caller holds a reference on
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the sum of the supplies' power in microwatts, or 0 for an invalid
 * @opp.
 */
unsigned long dev_pm_opp_get_power(struct dev_pm_opp *opp)
{
	const struct dev_pm_opp_supply *supplies;
	unsigned long power = 0;
	unsigned int i;

	if (IS_ERR_OR_NULL(opp)) {
		pr_err("power asked of an invalid OPP\n");
		return 0;
	}

	guard(rcu)();
	supplies = rcu_dereference(opp->supplies);
	for (i = 0; i < opp->nr_supplies; i++)
		power += supplies[i].u_watt;

	return power;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_power);

/**
 * dev_pm_opp_get_freq_indexed() - the rate of one clock at an OPP
 * @opp: an OPP the caller holds a reference on
 * @index: the clock, in the order of the table's clocks
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the rate in Hz, or 0 for an invalid @opp or @index.
 */
unsigned long dev_pm_opp_get_freq_indexed(struct dev_pm_opp *opp, u32 index)
{
	if (IS_ERR_OR_NULL(opp) || index >= opp->nr_clks) {
		pr_err("rate %u asked of an invalid OPP\n", index);
		return 0;
	}

	return opp_rates(opp)[index];
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_freq_indexed);

/**
 * opp_level() - the level an OPP votes for
 * @opp: an OPP the caller holds
 * @level: set to the level
 *
 * Its own level, or for an OPP that inherits it, the level of its only
 * required OPP, a power domain's, as Linux links them.
 *
 * Context: Any context; takes no lock.
 * Return: 0 with *@level set (%OPP_LEVEL_UNSET when the OPP has none), or
 * -EBUSY while the required table is not loaded.
 */
int opp_level(struct dev_pm_opp *opp, unsigned int *level)
{
	struct dev_pm_opp *required;
	bool genpd;

	*level = opp->level;
	if (!opp->inherits_level)
		return 0;

	required = opp_find_by_np(opp_required_nps(opp)[0], &genpd);
	if (!required)
		return -EBUSY;

	if (genpd)
		*level = required->level;
	dev_pm_opp_put(required);
	return 0;
}

/**
 * dev_pm_opp_get_level() - the performance level of an available OPP
 * @opp: an OPP the caller holds a reference on
 *
 * A device in a single power domain whose OPPs require the domain's gets
 * the required OPP's level, as in Linux.
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the level (%OPP_LEVEL_UNSET when the OPP has none, or its power
 * domain's table is not loaded yet), or U32_MAX for an invalid or disabled
 * @opp.
 */
unsigned int dev_pm_opp_get_level(struct dev_pm_opp *opp)
{
	unsigned int level;

	if (IS_ERR_OR_NULL(opp) || !READ_ONCE(opp->available)) {
		pr_err("level asked of an invalid or disabled OPP\n");
		return U32_MAX;
	}

	opp_level(opp, &level);
	return level;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_level);

/**
 * dev_pm_opp_get_required_pstate() - the performance state an OPP requires
 *	of one of its required tables
 * @opp: an OPP the caller holds a reference on
 * @index: the required table, in "required-opps" order
 *
 * Required OPPs come from firmware; an OPP added by code has none.
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the level of the required OPP, or 0 when @opp is invalid, disabled
 * or has no required OPP at @index, when the required table is not loaded
 * yet, or when it does not belong to a power domain.
 */
unsigned int dev_pm_opp_get_required_pstate(struct dev_pm_opp *opp,
					    unsigned int index)
{
	struct dev_pm_opp *required;
	unsigned int level;
	bool genpd;

	if (IS_ERR_OR_NULL(opp) || !READ_ONCE(opp->available) ||
	    index >= opp->nr_required) {
		pr_err("performance state %u asked of an invalid, disabled or unrelated OPP\n",
		       index);
		return 0;
	}

	/* Its table may not be loaded yet. */
	required = opp_find_by_np(opp_required_nps(opp)[index], &genpd);
	if (!required)
		return 0;

	level = required->level;
	dev_pm_opp_put(required);
	if (!genpd) {
		pr_err("%pOF: required OPP is not a power domain state\n",
		       opp_required_nps(opp)[index]);
		return 0;
	}

	return level;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_required_pstate);

/**
 * dev_pm_opp_is_turbo() - whether an OPP is a boost point
 * @opp: an OPP the caller holds a reference on
 *
 * Turbo OPPs give short bursts of speed and are not meant for sustained use.
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: true for an available turbo OPP; false otherwise, and for an
 * invalid or disabled @opp.
 */
bool dev_pm_opp_is_turbo(struct dev_pm_opp *opp)
{
	if (IS_ERR_OR_NULL(opp) || !READ_ONCE(opp->available)) {
		pr_err("turbo asked of an invalid or disabled OPP\n");
		return false;
	}

	return opp->turbo;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_is_turbo);

/**
 * dev_pm_opp_get_bw() - the bandwidth an OPP asks of one interconnect path
 * @opp: an OPP the caller holds a reference on
 * @peak: true for the peak bandwidth, false for the average
 * @index: the path, in "interconnects" order
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the bandwidth in kBps; 0 when the OPP has none on that path, and 0
 * with a warning for a NULL or error @opp or an @index that names no path
 * of the OPP's table.
 */
unsigned long dev_pm_opp_get_bw(struct dev_pm_opp *opp, bool peak, int index)
{
	if (IS_ERR_OR_NULL(opp)) {
		pr_warn("bandwidth asked of an invalid OPP\n");
		return 0;
	}
	if (index < 0 || index >= opp->nr_paths) {
		pr_warn("bandwidth of path %d asked of an OPP with %u paths\n",
			index, opp->nr_paths);
		return 0;
	}

	return peak ? opp_bw(opp)[index].peak : opp_bw(opp)[index].avg;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_bw);

/* ------------------------------------------------------------------------ */
/* Reading one table                                                         */
/* ------------------------------------------------------------------------ */

/**
 * dev_pm_opp_get_opp_count() - the number of available OPPs of a device
 * @dev: the device
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the count (0 when every OPP is disabled); -EINVAL for a NULL or
 * error @dev; -ENODEV when @dev has no table.
 */
int dev_pm_opp_get_opp_count(struct device *dev)
{
	struct opp_table *table;

	if (IS_ERR_OR_NULL(dev))
		return -EINVAL;

	guard(rcu)();
	table = opp_table_lookup_rcu(dev);
	if (!table) {
		dev_dbg(dev, "no OPP table\n");
		return -ENODEV;
	}

	return rcu_dereference(table->snap)->nr_avail;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_opp_count);

/**
 * dev_pm_opp_get_max_clock_latency() - the slowest clock transition of a
 *	device
 * @dev: the device
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the highest clock latency of the OPPs added so far, in ns; 0 when
 * @dev has no table.
 */
unsigned long dev_pm_opp_get_max_clock_latency(struct device *dev)
{
	struct opp_table *table;

	if (IS_ERR_OR_NULL(dev))
		return 0;

	guard(rcu)();
	table = opp_table_lookup_rcu(dev);
	return table ? READ_ONCE(table->clock_latency_ns_max) : 0;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_max_clock_latency);

/**
 * dev_pm_opp_get_max_transition_latency() - the slowest OPP transition of a
 *	device
 * @dev: the device
 *
 * Context: Process context; takes the table's dvfs_lock and may sleep in
 * the regulator framework.
 * Return: dev_pm_opp_get_max_clock_latency() plus
 * dev_pm_opp_get_max_volt_latency(), in ns.
 */
unsigned long dev_pm_opp_get_max_transition_latency(struct device *dev)
{
	return dev_pm_opp_get_max_volt_latency(dev) +
	       dev_pm_opp_get_max_clock_latency(dev);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_max_transition_latency);

/**
 * dev_pm_opp_get_suspend_opp_freq() - the rate of a device's suspend OPP
 * @dev: the device
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the rate in Hz of the OPP marked for suspend, or 0 when there is
 * none, it is disabled, or @dev has no table.
 */
unsigned long dev_pm_opp_get_suspend_opp_freq(struct device *dev)
{
	struct opp_snapshot *snap;
	struct opp_table *table;

	if (IS_ERR_OR_NULL(dev))
		return 0;

	guard(rcu)();
	table = opp_table_lookup_rcu(dev);
	if (!table)
		return 0;

	snap = rcu_dereference(table->snap);
	if (!snap->suspend || !READ_ONCE(snap->suspend->available))
		return 0;

	return opp_rates(snap->suspend)[0];
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_suspend_opp_freq);

/* ------------------------------------------------------------------------ */
/* Writers: building and publishing snapshots                                */
/* ------------------------------------------------------------------------ */

typedef bool (*opp_filter_t)(struct dev_pm_opp *opp, const void *arg);

/**
 * struct opp_batch - new OPPs, sorted by opp_cmp()
 * @opps: the OPPs
 * @nr: how many
 */
struct opp_batch {
	struct dev_pm_opp * const *opps;
	unsigned int nr;
};

/* Walks a snapshot's two sorted arrays and a batch together, in table order. */
struct opp_merge {
	const struct opp_snapshot *snap;
	unsigned int avail;
	unsigned int unavail;
	const struct opp_batch *extra;
	unsigned int next;
};

static struct dev_pm_opp *opp_merge_next(struct opp_merge *m)
{
	const struct opp_snapshot *snap = m->snap;
	struct dev_pm_opp *a = NULL, *u = NULL, *e = NULL, *best;

	if (m->avail < snap->nr_avail)
		a = snap->opps[m->avail];
	if (m->unavail < snap->nr_unavail)
		u = snap->opps[snap->nr_avail + m->unavail];
	if (m->extra && m->next < m->extra->nr)
		e = m->extra->opps[m->next];

	best = a;
	if (u && (!best || opp_cmp(u, best) < 0))
		best = u;
	if (e && (!best || opp_cmp(e, best) < 0))
		best = e;

	if (!best)
		return NULL;
	if (best == e)
		m->next++;
	else if (best == a)
		m->avail++;
	else
		m->unavail++;

	return best;
}

/*
 * Builds the snapshot that follows the table's current one: the same OPPs
 * minus those @drop selects, plus @insert, split by their @available field.
 */
static struct opp_snapshot *opp_snapshot_rebuild(struct opp_table *table,
						 const struct opp_batch *insert,
						 opp_filter_t drop,
						 const void *arg)
{
	struct opp_snapshot *old = __opp_table_snapshot(table), *snap;
	unsigned int nr = 0, nr_avail = 0, a = 0, u;
	struct opp_merge m = { .snap = old, .extra = insert };
	struct dev_pm_opp *opp;

	while ((opp = opp_merge_next(&m))) {
		if (drop && drop(opp, arg))
			continue;
		nr++;
		nr_avail += opp->available;
	}

	snap = kvzalloc(struct_size(snap, opps, nr), GFP_KERNEL);
	if (!snap)
		return NULL;

	snap->shape = table->shape;
	snap->nr_avail = nr_avail;
	snap->nr_unavail = nr - nr_avail;
	u = nr_avail;

	m = (struct opp_merge){ .snap = old, .extra = insert };
	while ((opp = opp_merge_next(&m))) {
		if (drop && drop(opp, arg))
			continue;
		snap->opps[opp->available ? a++ : u++] = opp;
		if (opp->suspend)
			snap->suspend = opp;
	}

	opp_snapshot_find_unsorted_keys(snap);
	return snap;
}

/* Index of the first of @nr OPPs sorted by opp_cmp() that comes after @opp. */
static unsigned int opp_upper_bound(struct dev_pm_opp * const *opps,
				    unsigned int nr, struct dev_pm_opp *opp)
{
	unsigned int lo = 0, hi = nr, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (opp_cmp(opps[mid], opp) > 0)
			hi = mid;
		else
			lo = mid + 1;
	}

	return lo;
}

/*
 * The common case of code adding OPPs one at a time: the next snapshot is
 * the current one with @opp slotted in after its equals, as the merge in
 * opp_snapshot_rebuild() would place it, at the cost of one bisection and
 * two copies instead of a merge walk.
 */
static struct opp_snapshot *opp_snapshot_insert(struct opp_table *table,
						struct dev_pm_opp *opp)
{
	struct opp_snapshot *old = __opp_table_snapshot(table), *snap;
	unsigned int nr = old->nr_avail + old->nr_unavail;
	unsigned int first = opp->available ? 0 : old->nr_avail;
	unsigned int len = opp->available ? old->nr_avail : old->nr_unavail;
	unsigned int pos = first + opp_upper_bound(old->opps + first, len, opp);

	snap = kvzalloc(struct_size(snap, opps, nr + 1), GFP_KERNEL);
	if (!snap)
		return NULL;

	snap->shape = table->shape;
	snap->nr_avail = old->nr_avail + opp->available;
	snap->nr_unavail = old->nr_unavail + !opp->available;
	snap->suspend = old->suspend;
	if (opp->suspend && (!old->suspend || opp_cmp(opp, old->suspend) > 0))
		snap->suspend = opp;

	memcpy(snap->opps, old->opps, pos * sizeof(*snap->opps));
	snap->opps[pos] = opp;
	memcpy(snap->opps + pos + 1, old->opps + pos,
	       (nr - pos) * sizeof(*snap->opps));

	opp_snapshot_find_unsorted_keys(snap);
	return snap;
}

/* Publishes @snap and returns the snapshot it replaces. */
static struct opp_snapshot *__opp_table_publish(struct opp_table *table,
						struct opp_snapshot *snap)
{
	struct opp_snapshot *old = __opp_table_snapshot(table);

	rcu_assign_pointer(table->snap, snap);
	return old;
}

static int __opp_table_republish(struct opp_table *table,
				 const struct opp_batch *insert,
				 opp_filter_t drop, const void *arg,
				 struct opp_snapshot **old)
{
	struct opp_snapshot *snap;

	lockdep_assert_held(&table->lock);

	if (insert && insert->nr == 1 && !drop)
		snap = opp_snapshot_insert(table, insert->opps[0]);
	else
		snap = opp_snapshot_rebuild(table, insert, drop, arg);
	if (!snap)
		return -ENOMEM;

	*old = __opp_table_publish(table, snap);
	return 0;
}

/* Configured clocks and regulators fix the number of rates and supplies. */
static bool opp_shape_fits_config(struct opp_table *table,
				  const struct opp_shape *shape)
{
	return (!table->clks_configured ||
		shape->nr_clks == table->nr_clk_handles) &&
	       (!table->supplies_configured ||
		shape->nr_supplies == table->shape.nr_supplies);
}

/**
 * opp_table_set_shape() - set the sizes of the OPPs of an empty table
 * @table: the table, referenced by the caller
 * @shape: rates, supplies and interconnect paths per OPP
 *
 * Context: Process context; takes the table's lock and may sleep.
 * Return: 0; -EINVAL when @shape has no rate; -EBUSY when the table already
 * has OPPs of another shape, or @shape disagrees with its configured clocks
 * or regulators; -ENOMEM.
 */
int opp_table_set_shape(struct opp_table *table, const struct opp_shape *shape)
{
	struct opp_snapshot *snap;
	struct opp_shape prev;
	int ret;

	if (!shape->nr_clks)
		return -EINVAL;

	guard(mutex)(&table->lock);
	snap = __opp_table_snapshot(table);
	if (snap->nr_avail + snap->nr_unavail)
		return memcmp(&table->shape, shape, sizeof(*shape)) ? -EBUSY : 0;
	if (!opp_shape_fits_config(table, shape))
		return -EBUSY;

	/* Republish the empty table so that lookups check the new shape. */
	prev = table->shape;
	table->shape = *shape;
	ret = __opp_table_republish(table, NULL, NULL, NULL, &snap);
	if (ret) {
		table->shape = prev;
		return ret;
	}

	kvfree_rcu(snap, rcu);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(opp_table_set_shape);

static void opp_notify(struct opp_table *table, enum dev_pm_opp_event event,
		       struct dev_pm_opp *opp)
{
	blocking_notifier_call_chain(&table->notifiers, event, opp);
}

/*
 * After a snapshot that dropped the OPPs @drop selects was published, and
 * with no lock held: tell the notifiers, drop the table's references on those
 * OPPs and, for dynamic ones, the references they held on the table. Then
 * retire the old snapshot.
 */
static void opp_retire(struct opp_table *table, struct opp_snapshot *old,
		       opp_filter_t drop, const void *arg)
{
	unsigned int i, nr_dynamic = 0;
	struct dev_pm_opp *opp;

	for (i = 0; drop && i < old->nr_avail + old->nr_unavail; i++) {
		opp = old->opps[i];
		if (!drop(opp, arg))
			continue;
		opp_debug_remove_opp(table, opp);
		opp_notify(table, OPP_EVENT_REMOVE, opp);
		nr_dynamic += opp->dynamic;
		opp_put_sleepable(opp);
	}

	kvfree_rcu(old, rcu);

	while (nr_dynamic--)
		dev_pm_opp_put_opp_table(table);
}

/* Caller holds the table's lock. The first OPP, in table order, at a rate. */
static struct dev_pm_opp *__opp_table_find_rate(struct opp_table *table,
						unsigned long freq)
{
	struct opp_snapshot *snap = __opp_table_snapshot(table);
	struct opp_key key = { .kind = OPP_KEY_RATE };
	struct dev_pm_opp *avail, *unavail;

	lockdep_assert_held(&table->lock);

	avail = opp_snapshot_find(snap, &key, freq, OPP_MATCH_EXACT, true);
	unavail = opp_snapshot_find(snap, &key, freq, OPP_MATCH_EXACT, false);
	if (avail && unavail)
		return opp_cmp(avail, unavail) < 0 ? avail : unavail;

	return avail ?: unavail;
}

static struct dev_pm_opp *opp_range_find_same(struct dev_pm_opp * const *opps,
					      unsigned int nr,
					      struct dev_pm_opp *opp)
{
	unsigned int lo = 0, hi = nr, mid;
	int cmp;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		cmp = opp_cmp(opps[mid], opp);
		if (!cmp)
			return opps[mid];
		if (cmp < 0)
			lo = mid + 1;
		else
			hi = mid;
	}

	return NULL;
}

/* Caller holds the table's lock. The OPP equal to @opp in table order. */
static struct dev_pm_opp *__opp_table_find_same(struct opp_table *table,
						struct dev_pm_opp *opp)
{
	struct opp_snapshot *snap = __opp_table_snapshot(table);

	lockdep_assert_held(&table->lock);

	return opp_range_find_same(snap->opps, snap->nr_avail, opp) ?:
	       opp_range_find_same(snap->opps + snap->nr_avail,
				   snap->nr_unavail, opp);
}

/* Caller holds the table's lock; @opp is in the table or about to be. */
static struct dev_pm_opp_supply *__opp_supplies(struct opp_table *table,
						struct dev_pm_opp *opp)
{
	return rcu_dereference_protected(opp->supplies,
					 lockdep_is_held(&table->lock));
}

/*
 * An OPP added twice is accepted when the one in the table is available and
 * has the same voltage, as Linux does; anything else is a conflict.
 */
static bool __opp_is_harmless_duplicate(struct opp_table *table,
					struct dev_pm_opp *old,
					struct dev_pm_opp *new)
{
	return old->available &&
	       __opp_supplies(table, old)[0].u_volt ==
	       __opp_supplies(table, new)[0].u_volt;
}

static bool opp_shape_equal(const struct opp_shape *a, struct dev_pm_opp *opp)
{
	return a->nr_clks == opp->nr_clks &&
	       a->nr_supplies == opp->nr_supplies &&
	       a->nr_paths == opp->nr_paths &&
	       a->nr_required == opp->nr_required;
}

/* Publishes a sorted batch of OPPs, none of which the table has yet. */
static int __opp_table_insert(struct opp_table *table,
			      const struct opp_batch *batch,
			      struct opp_snapshot **old)
{
	unsigned long latency = table->clock_latency_ns_max;
	struct dev_pm_opp *opp;
	unsigned int i;
	int ret;

	for (i = 0; i < batch->nr; i++) {
		opp = batch->opps[i];
		if (!opp_shape_equal(&table->shape, opp))
			return -EINVAL;
		if (__opp_table_find_same(table, opp))
			return -EEXIST;
		latency = max(latency, opp->clock_latency_ns);
	}

	ret = __opp_table_republish(table, batch, NULL, NULL, old);
	if (ret)
		return ret;

	WRITE_ONCE(table->clock_latency_ns_max, latency);
	/* Held until announced: a remover may drop the table's at once. */
	for (i = 0; i < batch->nr; i++)
		dev_pm_opp_get(batch->opps[i]);
	return 0;
}

/* Shows and announces new OPPs, then drops the references that kept them. */
static void opp_announce_batch(struct opp_table *table,
			       const struct opp_batch *batch)
{
	unsigned int i;

	for (i = 0; i < batch->nr; i++) {
		opp_debug_add_opp(table, batch->opps[i]);
		opp_notify(table, OPP_EVENT_ADD, batch->opps[i]);
		dev_pm_opp_put(batch->opps[i]);
	}
}

/*
 * Caller holds the table's lock. Moves to the front of @opps, in order, those
 * the table does not have yet, and sets *@nr_new to their number; an OPP the
 * table has already, available and with the same first voltage, is left at
 * the back, as Linux ignores such a repeat. Any other equal OPP is a clash.
 */
static int __opp_batch_drop_repeats(struct opp_table *table,
				    struct dev_pm_opp **opps, unsigned int nr,
				    unsigned int *nr_new)
{
	struct dev_pm_opp *same;
	unsigned int i, n = 0;

	lockdep_assert_held(&table->lock);

	for (i = 0; i < nr; i++) {
		if (!opp_shape_equal(&table->shape, opps[i]))
			return -EINVAL;
		same = __opp_table_find_same(table, opps[i]);
		if (same && !__opp_is_harmless_duplicate(table, same, opps[i]))
			return -EEXIST;
		if (!same) {
			swap(opps[n], opps[i]);
			n++;
		}
	}

	*nr_new = n;
	return 0;
}

/**
 * opp_table_add_batch() - publish several new OPPs in a table at once
 * @table: the table, referenced by the caller
 * @opps: the OPPs, from opp_alloc() with the table's shape, filled in and
 *	sorted by opp_cmp() without equal neighbours
 * @nr: how many
 *
 * All or nothing: lookups see the table without any of @opps or with all of
 * those it takes. An OPP equal to one the table has, which is available and
 * has the same first voltage, is not taken, as Linux ignores such repeats.
 * On success the taken OPPs are the first ones of @opps, in their order: the
 * table owns the caller's references on them and the notifiers got one
 * %OPP_EVENT_ADD for each; the others, and all of them on failure, still
 * belong to the caller.
 *
 * Context: Process context; takes the table's lock and may sleep.
 * Return: the number of OPPs taken; -EINVAL when an OPP does not have the
 * table's shape; -EEXIST when the table already has an OPP equal to one of
 * @opps with another voltage, or a disabled one; -ENOMEM.
 */
int opp_table_add_batch(struct opp_table *table, struct dev_pm_opp **opps,
			unsigned int nr)
{
	struct opp_batch batch = { .opps = opps };
	struct opp_snapshot *old;
	int ret;

	scoped_guard(mutex, &table->lock) {
		ret = __opp_batch_drop_repeats(table, opps, nr, &batch.nr);
		if (!ret && batch.nr)
			ret = __opp_table_insert(table, &batch, &old);
	}
	if (ret || !batch.nr)
		return ret;

	opp_announce_batch(table, &batch);
	opp_retire(table, old, NULL, NULL);
	return batch.nr;
}
EXPORT_SYMBOL_IF_KUNIT(opp_table_add_batch);

/**
 * opp_table_check_repeat() - whether a new OPP repeats one of a table
 * @table: the table, referenced by the caller
 * @opp: an OPP not published yet, of the table's shape
 *
 * Context: Process context; takes the table's lock and may sleep.
 * Return: 0 when the table has no OPP equal to @opp in table order (or its
 * OPPs are of another shape, which adding @opp will refuse); -EBUSY
 * when it has one, available and with the same first voltage, which Linux
 * lets a repeat pass silently; -EEXIST when the equal OPP differs or is
 * disabled.
 */
int opp_table_check_repeat(struct opp_table *table, struct dev_pm_opp *opp)
{
	struct dev_pm_opp *same;

	guard(mutex)(&table->lock);
	/* OPPs of another shape are not compared; adding them fails. */
	if (!opp_shape_equal(&table->shape, opp))
		return 0;
	same = __opp_table_find_same(table, opp);
	if (!same)
		return 0;

	return __opp_is_harmless_duplicate(table, same, opp) ? -EBUSY : -EEXIST;
}

/* Caller holds the table's lock. Adds @opp unless an equal one is there. */
static int __opp_table_add_one(struct opp_table *table, struct dev_pm_opp *opp,
			       struct opp_snapshot **old)
{
	const struct opp_batch batch = { .opps = &opp, .nr = 1 };
	struct dev_pm_opp *same = __opp_table_find_same(table, opp);

	lockdep_assert_held(&table->lock);

	*old = NULL;
	if (same)
		return __opp_is_harmless_duplicate(table, same, opp) ? 0 : -EEXIST;

	return __opp_table_insert(table, &batch, old);
}

/**
 * opp_table_add() - publish a new OPP in a table
 * @table: the table, referenced by the caller
 * @opp: the OPP, from opp_alloc() with the table's shape, filled in
 * @added: set to whether @opp was added; false when the table already had an
 *	identical available OPP, which is not an error
 *
 * On success with *@added true, the table owns the caller's reference on
 * @opp and the notifiers got %OPP_EVENT_ADD. Otherwise @opp still belongs to
 * the caller.
 *
 * Context: Process context; takes the table's lock and may sleep.
 * Return: 0; -EINVAL when @opp does not have the table's shape; -EEXIST when
 * another OPP with the same rates, bandwidth and level differs from @opp;
 * -ENOMEM.
 */
static int opp_table_add(struct opp_table *table, struct dev_pm_opp *opp,
			 bool *added)
{
	const struct opp_batch batch = { .opps = &opp, .nr = 1 };
	struct opp_snapshot *old;
	int ret;

	scoped_guard(mutex, &table->lock)
		ret = __opp_table_add_one(table, opp, &old);

	*added = !ret && old;
	if (!*added)
		return ret;

	opp_announce_batch(table, &batch);
	opp_retire(table, old, NULL, NULL);
	return 0;
}

static void opp_fill_from_data(struct dev_pm_opp *opp,
			       const struct dev_pm_opp_data *data,
			       unsigned int tolerance)
{
	struct dev_pm_opp_supply *supply = opp_initial_supplies(opp);
	unsigned long margin = data->u_volt * tolerance / 100;

	opp_rates(opp)[0] = data->freq;
	opp->level = data->level;
	opp->turbo = data->turbo;
	opp->available = true;
	opp->dynamic = true;
	supply->u_volt = data->u_volt;
	supply->u_volt_min = data->u_volt - margin;
	supply->u_volt_max = data->u_volt + margin;
}

/* Adds one dynamic OPP to @table; *@added as for opp_table_add(). */
static int opp_table_add_data(struct opp_table *table, struct device *dev,
			      const struct dev_pm_opp_data *data, bool *added)
{
	unsigned int tolerance;
	struct opp_shape shape;
	struct dev_pm_opp *opp;
	int ret;

	scoped_guard(mutex, &table->lock) {
		shape = table->shape;
		tolerance = table->voltage_tolerance_v1;
	}
	if (shape.nr_clks != 1) {
		dev_err(dev, "OPP table has %u clocks: cannot add an OPP with one rate\n",
			shape.nr_clks);
		return -EINVAL;
	}

	opp = opp_alloc(&shape);
	if (!opp)
		return -ENOMEM;
	opp_fill_from_data(opp, data, tolerance);
	opp_check_regulators(table, dev, &opp, 1);

	ret = opp_table_add(table, opp, added);
	if (ret == -EEXIST || (!ret && !*added))
		dev_warn(dev, "OPP %lu Hz (%lu uV) added twice%s\n", data->freq,
			 data->u_volt, ret ? " with other values" : "");
	if (ret || !*added)
		opp_free(opp);
	return ret;
}

/**
 * dev_pm_opp_add_dynamic() - add an OPP to a device's table from code
 * @dev: the device; its table is created if it has none
 * @data: the OPP: rate, voltage, level and turbo flag
 *
 * The voltage becomes the target of the table's first supply, widened by the
 * table's voltage tolerance into a [min, max] window. An OPP equal to one the
 * table already has (same rate and level, same voltage, available) is
 * accepted and not added twice. The OPP keeps a reference on the table until
 * it is removed with dev_pm_opp_remove() or dev_pm_opp_remove_all_dynamic().
 * Notifiers get %OPP_EVENT_ADD.
 *
 * Context: Process context; may sleep.
 * Return:
 * * 0 - the OPP is in the table
 * * -EINVAL - @dev or @data is invalid, or the table has several clocks
 * * -EEXIST - the table has an OPP with that rate and level but other values
 * * -ENOMEM - out of memory
 */
int dev_pm_opp_add_dynamic(struct device *dev, struct dev_pm_opp_data *data)
{
	struct opp_table *table;
	bool added = false;
	int ret;

	if (!data)
		return -EINVAL;

	table = opp_table_get_or_create(dev, 0);
	if (IS_ERR(table))
		return PTR_ERR(table);

	ret = opp_table_get_clock(table, dev);
	if (!ret)
		ret = opp_table_add_data(table, dev, data, &added);
	/* A conflicting duplicate has been warned about already. */
	if (ret && ret != -EINVAL && ret != -EEXIST)
		dev_err(dev, "cannot add OPP at %lu Hz: %d\n", data->freq, ret);

	/* A dynamic OPP in the table keeps the reference taken above. */
	if (!added)
		dev_pm_opp_put_opp_table(table);
	return ret;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_add_dynamic);

static bool opp_is(struct dev_pm_opp *opp, const void *which)
{
	return opp == which;
}

static bool opp_is_dynamic(struct dev_pm_opp *opp, const void *unused)
{
	return opp->dynamic;
}

static bool opp_is_static(struct dev_pm_opp *opp, const void *unused)
{
	return !opp->dynamic;
}

/* Removes the OPPs @drop selects, notifies, and drops what they held. */
static int opp_table_remove(struct opp_table *table, opp_filter_t drop,
			    const void *arg)
{
	struct opp_snapshot *old;
	int ret;

	scoped_guard(mutex, &table->lock)
		ret = __opp_table_republish(table, NULL, drop, arg, &old);
	if (ret)
		return ret;

	opp_retire(table, old, drop, arg);
	return 0;
}

/*
 * Finds a table for a writer that names OPPs by their only rate. A device
 * without a table gets a warning when @warn_missing says so: drivers remove
 * OPPs from tables that may never have been built, but enabling or
 * adjusting one names a table that should exist.
 */
static struct opp_table *opp_table_find_for_write(struct device *dev,
						  bool warn_missing)
{
	struct opp_table *table = opp_table_find(dev);
	unsigned int nr_clks;

	if (IS_ERR(table)) {
		if (warn_missing && !IS_ERR_OR_NULL(dev))
			dev_warn(dev, "no OPP table to change: %ld\n",
				 PTR_ERR(table));
		return table;
	}

	scoped_guard(mutex, &table->lock)
		nr_clks = table->shape.nr_clks;
	if (nr_clks > 1) {
		dev_err(dev, "OPP table has %u clocks: a rate alone names no OPP\n",
			nr_clks);
		dev_pm_opp_put_opp_table(table);
		return ERR_PTR(-EINVAL);
	}

	return table;
}

/* Unpublishes the first OPP at @freq; *@opp says which, for opp_retire(). */
static int __opp_table_remove_rate(struct opp_table *table, unsigned long freq,
				   struct dev_pm_opp **opp,
				   struct opp_snapshot **old)
{
	*opp = __opp_table_find_rate(table, freq);
	if (!*opp)
		return -ENODEV;

	return __opp_table_republish(table, NULL, opp_is, *opp, old);
}

/**
 * dev_pm_opp_remove() - remove one OPP from a device's table
 * @dev: the device
 * @freq: the rate of the OPP, in Hz
 *
 * The first OPP at @freq, available or not, leaves the table at once: later
 * lookups do not find it, while callers that hold it may still read it.
 * Notifiers get %OPP_EVENT_REMOVE. A dynamic OPP drops the reference it held
 * on the table.
 *
 * Context: Process context; takes the table's lock and may sleep.
 */
void dev_pm_opp_remove(struct device *dev, unsigned long freq)
{
	struct opp_table *table __free(opp_table_put) =
		opp_table_find_for_write(dev, false);
	struct opp_snapshot *old;
	struct dev_pm_opp *opp;
	int ret;

	if (IS_ERR(table))
		return;

	scoped_guard(mutex, &table->lock)
		ret = __opp_table_remove_rate(table, freq, &opp, &old);
	if (ret) {
		dev_warn(dev, "cannot remove OPP at %lu Hz: %d\n", freq, ret);
		return;
	}

	opp_retire(table, old, opp_is, opp);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_remove);

/**
 * dev_pm_opp_remove_all_dynamic() - remove every OPP added by code
 * @dev: the device
 *
 * Removes the OPPs added with dev_pm_opp_add_dynamic(), as
 * dev_pm_opp_remove() would one by one; OPPs from firmware stay.
 *
 * Context: Process context; takes the table's lock and may sleep.
 */
void dev_pm_opp_remove_all_dynamic(struct device *dev)
{
	struct opp_table *table __free(opp_table_put) = opp_table_find(dev);
	int ret;

	if (IS_ERR(table))
		return;

	ret = opp_table_remove(table, opp_is_dynamic, NULL);
	if (ret)
		dev_err(dev, "cannot remove dynamic OPPs: %d\n", ret);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_remove_all_dynamic);

/**
 * opp_table_populate_static() - fill a table from firmware, once
 * @table: the table, referenced by the caller; on success that reference
 *	belongs to this device's population, dropped by
 *	dev_pm_opp_remove_table()
 * @populate: builds and publishes the firmware OPPs; only called when no
 *	device populated the table yet
 * @data: passed to @populate
 *
 * A table shared by several devices is parsed by the first one; the others
 * only count as users. Populations are serialised with their removal, so no
 * user sees a half-built or half-removed table.
 *
 * Context: Process context; takes the table's static_lock and may sleep.
 * Return: 0, or the error of @populate.
 */
int opp_table_populate_static(struct opp_table *table,
			      int (*populate)(struct opp_table *table,
					      void *data),
			      void *data)
{
	int ret;

	guard(mutex)(&table->static_lock);

	if (!table->static_users) {
		ret = populate(table, data);
		if (ret)
			return ret;
	}

	table->static_users++;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(opp_table_populate_static);

/*
 * One device stops using the firmware OPPs; the last one removes them.
 * Returns whether the device was a user, whose table reference the caller
 * must then drop.
 */
static bool opp_table_drop_static_user(struct opp_table *table)
{
	guard(mutex)(&table->static_lock);

	if (!table->static_users)
		return false;
	if (--table->static_users)
		return true;

	if (opp_table_remove(table, opp_is_static, NULL))
		pr_err("cannot free the firmware OPPs of a table\n");
	return true;
}

/**
 * dev_pm_opp_remove_table() - undo a device's population of its table
 * @dev: the device
 *
 * Drops what the device's firmware population of the table holds; the last
 * one removes the OPPs that came from firmware. OPPs added by code stay (see
 * dev_pm_opp_remove_all_dynamic()). Nothing happens when @dev has no table.
 *
 * Context: Process context; may sleep.
 */
void dev_pm_opp_remove_table(struct device *dev)
{
	struct opp_table *table __free(opp_table_put) = opp_table_find(dev);

	if (IS_ERR(table))
		return;

	if (opp_table_drop_static_user(table))
		dev_pm_opp_put_opp_table(table);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_remove_table);

/*
 * Moves the first OPP at @freq to the other array. *@opp is set, referenced,
 * only when something changed; *@old is then the replaced snapshot.
 */
static int __opp_set_availability(struct opp_table *table, unsigned long freq,
				  bool available, struct dev_pm_opp **opp,
				  struct opp_snapshot **old)
{
	struct dev_pm_opp *found = __opp_table_find_rate(table, freq);
	int ret;

	*opp = NULL;
	if (!found)
		return -ENODEV;
	if (found->available == available)
		return 0;

	WRITE_ONCE(found->available, available);
	ret = __opp_table_republish(table, NULL, NULL, NULL, old);
	if (ret) {
		WRITE_ONCE(found->available, !available);
		return ret;
	}

	*opp = dev_pm_opp_get(found);
	return 0;
}

static int opp_set_availability(struct device *dev, unsigned long freq,
				bool available)
{
	struct opp_table *table __free(opp_table_put) =
		opp_table_find_for_write(dev, true);
	struct opp_snapshot *old;
	struct dev_pm_opp *opp;
	int ret;

	if (IS_ERR(table))
		return PTR_ERR(table);

	scoped_guard(mutex, &table->lock)
		ret = __opp_set_availability(table, freq, available, &opp, &old);
	/* Platforms disable rates their table may not have: say nothing. */
	if (ret == -ENODEV)
		return ret;
	if (ret) {
		dev_err(dev, "cannot %s OPP at %lu Hz: %d\n",
			available ? "enable" : "disable", freq, ret);
		return ret;
	}
	if (!opp)
		return 0;

	opp_notify(table, available ? OPP_EVENT_ENABLE : OPP_EVENT_DISABLE, opp);
	opp_retire(table, old, NULL, NULL);
	dev_pm_opp_put(opp);
	return 0;
}

/**
 * dev_pm_opp_enable() - make a disabled OPP available again
 * @dev: the device
 * @freq: the rate of the OPP, in Hz
 *
 * Notifiers get %OPP_EVENT_ENABLE when the OPP was disabled; enabling an
 * available OPP does nothing.
 *
 * Context: Process context; takes the table's lock and may sleep.
 * Return:
 * * 0 - the OPP is available
 * * -EINVAL - bad @dev, or its table has several clocks
 * * -ENODEV - @dev has no table, or the table no OPP at @freq
 * * -ENOMEM - out of memory
 */
int dev_pm_opp_enable(struct device *dev, unsigned long freq)
{
	return opp_set_availability(dev, freq, true);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_enable);

/**
 * dev_pm_opp_disable() - hide an OPP from lookups without removing it
 * @dev: the device
 * @freq: the rate of the OPP, in Hz
 *
 * Notifiers get %OPP_EVENT_DISABLE when the OPP was available; disabling a
 * disabled OPP does nothing. Callers that hold the OPP keep it.
 *
 * Context: Process context; takes the table's lock and may sleep.
 * Return:
 * * 0 - the OPP is disabled
 * * -EINVAL - bad @dev, or its table has several clocks
 * * -ENODEV - @dev has no table, or the table no OPP at @freq
 * * -ENOMEM - out of memory
 */
int dev_pm_opp_disable(struct device *dev, unsigned long freq)
{
	return opp_set_availability(dev, freq, false);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_disable);

/**
 * opp_table_disable_unmet() - disable the OPPs whose requirements are not met
 * @table: the table, referenced by the caller
 * @unmet: says whether an available OPP of @table must be disabled; called
 *	under the table's lock, so it may only look, not sleep on OPP locks
 *
 * For required OPPs that turn out to be disabled once their table is there:
 * as in Linux, the OPPs that need them become unavailable, without a
 * notification, in one new snapshot.
 *
 * Context: Process context; takes the table's lock and may sleep.
 * Return: the number of OPPs disabled, or -ENOMEM (nothing changed then).
 */
int opp_table_disable_unmet(struct opp_table *table,
			    bool (*unmet)(struct dev_pm_opp *opp))
{
	struct opp_snapshot *snap, *old;
	unsigned int i, n = 0;
	int ret = 0;

	scoped_guard(mutex, &table->lock) {
		snap = __opp_table_snapshot(table);
		for (i = 0; i < snap->nr_avail; i++) {
			if (!unmet(snap->opps[i]))
				continue;
			WRITE_ONCE(snap->opps[i]->available, false);
			n++;
		}
		if (n)
			ret = __opp_table_republish(table, NULL, NULL, NULL, &old);
		/* Every OPP of the old available part was available. */
		for (i = 0; ret && i < snap->nr_avail; i++)
			WRITE_ONCE(snap->opps[i]->available, true);
	}
	if (ret || !n)
		return ret;

	opp_retire(table, old, NULL, NULL);
	return n;
}

/* Replaces the OPP's supplies with a copy whose first supply is changed. */
static int __opp_set_voltage(struct opp_table *table, struct dev_pm_opp *opp,
			     const struct dev_pm_opp_supply *volt)
{
	unsigned int nr = max_t(unsigned int, opp->nr_supplies, 1);
	struct dev_pm_opp_supply *old = __opp_supplies(table, opp);
	struct opp_supplies *new;

	new = kmalloc(struct_size(new, v, nr), GFP_KERNEL);
	if (!new)
		return -ENOMEM;

	memcpy(new->v, old, array_size(nr, sizeof(*old)));
	new->v[0].u_volt = volt->u_volt;
	new->v[0].u_volt_min = volt->u_volt_min;
	new->v[0].u_volt_max = volt->u_volt_max;
	rcu_assign_pointer(opp->supplies, new->v);

	if (old != opp_initial_supplies(opp))
		kfree_rcu(container_of(old, struct opp_supplies, v[0]), rcu);
	return 0;
}

/* *@opp is set, referenced, only when the voltage changed. */
static int __opp_adjust_voltage(struct opp_table *table, unsigned long freq,
				const struct dev_pm_opp_supply *volt,
				struct dev_pm_opp **opp)
{
	struct dev_pm_opp *found = __opp_table_find_rate(table, freq);
	int ret;

	*opp = NULL;
	if (!found)
		return -ENODEV;
	if (__opp_supplies(table, found)[0].u_volt == volt->u_volt)
		return 0;

	ret = __opp_set_voltage(table, found, volt);
	if (ret)
		return ret;

	*opp = dev_pm_opp_get(found);
	return 0;
}

/**
 * dev_pm_opp_adjust_voltage() - change the voltage of an OPP's first supply
 * @dev: the device
 * @freq: the rate of the OPP, in Hz
 * @u_volt: the new target voltage, in microvolts
 * @u_volt_min: the new lowest voltage, in microvolts
 * @u_volt_max: the new highest voltage, in microvolts
 *
 * Readers see the old values or the new ones, never a mix. Notifiers get
 * %OPP_EVENT_ADJUST_VOLTAGE unless the target voltage was already @u_volt,
 * in which case nothing changes.
 *
 * Context: Process context; takes the table's lock and may sleep.
 * Return:
 * * 0 - the OPP has the new voltage
 * * -EINVAL - bad @dev, or its table has several clocks
 * * -ENODEV - @dev has no table, or the table no OPP at @freq
 * * -ENOMEM - out of memory
 */
int dev_pm_opp_adjust_voltage(struct device *dev, unsigned long freq,
			      unsigned long u_volt, unsigned long u_volt_min,
			      unsigned long u_volt_max)
{
	struct opp_table *table __free(opp_table_put) =
		opp_table_find_for_write(dev, true);
	const struct dev_pm_opp_supply volt = {
		.u_volt = u_volt,
		.u_volt_min = u_volt_min,
		.u_volt_max = u_volt_max,
	};
	struct dev_pm_opp *opp;
	int ret;

	if (IS_ERR(table))
		return PTR_ERR(table);

	scoped_guard(mutex, &table->lock)
		ret = __opp_adjust_voltage(table, freq, &volt, &opp);
	if (ret == -ENODEV)
		return ret;
	if (ret) {
		dev_err(dev, "cannot adjust the voltage of OPP at %lu Hz: %d\n",
			freq, ret);
		return ret;
	}

	if (opp) {
		opp_notify(table, OPP_EVENT_ADJUST_VOLTAGE, opp);
		dev_pm_opp_put(opp);
	}
	return 0;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_adjust_voltage);

/* ------------------------------------------------------------------------ */
/* Required OPPs                                                             */
/* ------------------------------------------------------------------------ */

/* Which of @opp's required OPPs lives in @dst, or -ENOENT. */
static int opp_required_index(struct dev_pm_opp *opp, struct opp_table *dst)
{
	unsigned int i;

	for (i = 0; dst->np && i < opp->nr_required; i++) {
		struct device_node *parent __free(device_node) =
			of_get_parent(opp_required_nps(opp)[i]);

		if (parent == dst->np)
			return i;
	}

	return -ENOENT;
}

/**
 * dev_pm_opp_xlate_required_opp() - the OPP of one table that an OPP of
 *	another requires
 * @src_table: the table of @src_opp
 * @dst_table: a table @src_table's "required-opps" point into
 * @src_opp: an OPP of @src_table the caller holds
 *
 * Context: Any context; takes no lock.
 * Return: the required OPP, with a reference the caller drops with
 * dev_pm_opp_put(), or an error pointer:
 *
 * * -EINVAL - an argument is NULL, or @src_opp requires nothing
 * * -ENODEV - @src_opp requires nothing of @dst_table
 * * -EBUSY - @dst_table is not loaded yet
 */
struct dev_pm_opp *dev_pm_opp_xlate_required_opp(struct opp_table *src_table,
						 struct opp_table *dst_table,
						 struct dev_pm_opp *src_opp)
{
	struct dev_pm_opp *required;
	bool genpd;
	int i;

	if (!src_table || !dst_table || IS_ERR_OR_NULL(src_opp) ||
	    !src_opp->nr_required)
		return ERR_PTR(-EINVAL);

	i = opp_required_index(src_opp, dst_table);
	if (i < 0) {
		pr_err("%pOF: OPP requires nothing of %pOF\n", src_opp->np,
		       dst_table->np);
		return ERR_PTR(-ENODEV);
	}

	required = opp_find_by_np(opp_required_nps(src_opp)[i], &genpd);
	return required ?: ERR_PTR(-EBUSY);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_xlate_required_opp);

/* Caller holds rcu_read_lock(). Any OPP of @table at @level, referenced. */
static struct dev_pm_opp *opp_table_get_level_rcu(struct opp_table *table,
						  unsigned int level)
{
	struct opp_snapshot *snap = rcu_dereference(table->snap);
	struct opp_key key = { .kind = OPP_KEY_LEVEL };
	struct dev_pm_opp *opp;

	RCU_LOCKDEP_WARN(!rcu_read_lock_held(), "opp: level lookup outside RCU");

	opp = opp_snapshot_find(snap, &key, level, OPP_MATCH_EXACT, true) ?:
	      opp_snapshot_find(snap, &key, level, OPP_MATCH_EXACT, false);
	if (opp && kref_get_unless_zero(&opp->kref))
		return opp;

	return NULL;
}

/**
 * dev_pm_opp_xlate_performance_state() - the performance state of one power
 *	domain that a state of another requires
 * @src_table: the table of the domain whose state is given
 * @dst_table: the table of its parent domain
 * @pstate: a level of @src_table
 *
 * Domains without "required-opps" map their states one to one.
 *
 * Context: Any context; takes no lock.
 * Return: the level in @dst_table; @pstate itself when @src_table is NULL or
 * requires nothing; -EINVAL when a table is not a power domain's, or nothing
 * maps @pstate; -EBUSY when @dst_table is not loaded yet.
 */
int dev_pm_opp_xlate_performance_state(struct opp_table *src_table,
				       struct opp_table *dst_table,
				       unsigned int pstate)
{
	struct dev_pm_opp *src, *dst;
	unsigned int level;
	bool genpd;
	int i;

	if (!src_table || !READ_ONCE(src_table->shape.nr_required))
		return pstate;
	if (!src_table->is_genpd || !dst_table || !dst_table->is_genpd) {
		pr_err("performance states only translate between power domains\n");
		return -EINVAL;
	}

	scoped_guard(rcu)
		src = opp_table_get_level_rcu(src_table, pstate);
	if (!src) {
		pr_err("%pOF: no OPP at level %u\n", src_table->np, pstate);
		return -EINVAL;
	}

	i = opp_required_index(src, dst_table);
	dst = i < 0 ? NULL : opp_find_by_np(opp_required_nps(src)[i], &genpd);
	dev_pm_opp_put(src);
	if (i < 0) {
		pr_err("%pOF: requires nothing of %pOF\n", src_table->np,
		       dst_table->np);
		return -EINVAL;
	}
	if (!dst)
		return -EBUSY;

	level = dst->level;
	dev_pm_opp_put(dst);
	return level;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_xlate_performance_state);

/* ------------------------------------------------------------------------ */
/* Notifiers                                                                 */
/* ------------------------------------------------------------------------ */

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
	struct opp_table *table __free(opp_table_put) = opp_table_find(dev);

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
	struct opp_table *table __free(opp_table_put) = opp_table_find(dev);

	if (IS_ERR(table))
		return PTR_ERR(table);

	return blocking_notifier_chain_unregister(&table->notifiers, nb);
}
EXPORT_SYMBOL(dev_pm_opp_unregister_notifier);
