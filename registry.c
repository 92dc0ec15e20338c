// SPDX-License-Identifier: GPL-2.0-only
/*
 * The registry of tables: which device uses which table (a hash of links
 * read under RCU) and the list of live tables, with the global lock that
 * guards both and the walks other files use instead of the list itself.
 */

#include "opp.h"

#include <linux/hashtable.h>
#include <linux/rculist.h>

/* The rules for this lock are in the DOC block of opp.h. */
static DEFINE_MUTEX(opp_tables_lock);

/* Device -> link, guarded by opp_tables_lock for writers, RCU for readers. */
static DEFINE_HASHTABLE(opp_links, 8);

/* Every live table, guarded by opp_tables_lock for writers, RCU for readers. */
static LIST_HEAD(opp_tables);

/*
 * Caller holds rcu_read_lock() or opp_tables_lock. The table @dev is linked
 * to, or NULL.
 */
static struct opp_table *opp_link_lookup(const struct device *dev)
{
	struct opp_link *link;

	hash_for_each_possible_rcu(opp_links, link, hash_node,
				   (unsigned long)dev,
				   lockdep_is_held(&opp_tables_lock))
		if (link->dev == dev)
			return link->table;

	return NULL;
}

/**
 * opp_table_lookup_rcu() - the table of a device, without a reference
 * @dev: the device
 *
 * Context: Caller is in an RCU read-side section (rcu_read_lock() or
 * rcu_read_lock_sched()), which keeps the table's memory valid; the table
 * may be dying (its count zero), so a caller that keeps it takes a
 * reference with kref_get_unless_zero().
 * Return: the table, or NULL when @dev has none.
 */
struct opp_table *opp_table_lookup_rcu(const struct device *dev)
{
	RCU_LOCKDEP_WARN(!rcu_read_lock_any_held(),
			 "opp: table lookup outside RCU");

	return opp_link_lookup(dev);
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

	/*
	 * Every transition and lookup starts here. The section is a few loads
	 * and never sleeps, so it is an RCU-sched reader (preemption off),
	 * which the grace periods of kfree_rcu() wait for as well, and which
	 * costs less than rcu_read_lock() on a preemptible kernel.
	 */
	rcu_read_lock_sched();
	table = opp_table_lookup_rcu(dev);
	if (table && !kref_get_unless_zero(&table->kref))
		table = NULL;
	rcu_read_unlock_sched();

	return table ?: ERR_PTR(-ENODEV);
}

/* Caller holds opp_tables_lock. Links @dev to @table through @link. */
static void __opp_link_add(struct opp_link *link, struct device *dev,
			   struct opp_table *table)
{
	lockdep_assert_held(&opp_tables_lock);

	link->dev = dev;
	link->table = table;
	list_add_tail(&link->table_node, &table->links);
	hash_add_rcu(opp_links, &link->hash_node, (unsigned long)dev);
}

/*
 * Caller holds opp_tables_lock. The published table that @new, made for a
 * device and not published, should be shared instead of: the shared table
 * built from the same node, if @new is shared and one was built; else NULL.
 */
static struct opp_table *__opp_table_find_shared(struct opp_table *new)
{
	struct opp_table *table;

	lockdep_assert_held(&opp_tables_lock);

	if (new->sharing != OPP_SHARING_SHARED)
		return NULL;
	list_for_each_entry(table, &opp_tables, node)
		if (table->sharing == new->sharing && table->np == new->np)
			return table;

	return NULL;
}

/**
 * opp_table_install() - give a device the table it should use
 * @dev: the device
 * @new: a table made for @dev, not yet published, with one reference
 * @linked: set to whether @dev was linked to a table by this call, unless
 *	the call fails
 *
 * @dev keeps the table it has; otherwise it joins the shared table built
 * from @new's node, if another device built one, or else @new, which is
 * published. The caller frees @new when it is not the table returned.
 *
 * Context: Process context; takes opp_tables_lock and may sleep.
 * Return: the table, referenced (for @new, the caller's reference moves to
 * the registry's list); ERR_PTR(-ENOMEM).
 */
struct opp_table *opp_table_install(struct device *dev, struct opp_table *new,
				    bool *linked)
{
	struct opp_link *link __free(kfree) = kzalloc(sizeof(*link), GFP_KERNEL);
	struct opp_table *table;

	if (!link)
		return ERR_PTR(-ENOMEM);

	guard(mutex)(&opp_tables_lock);
	table = opp_link_lookup(dev);
	*linked = !table;
	if (table) {
		kref_get(&table->kref);
		return table;
	}

	table = __opp_table_find_shared(new) ?: new;
	if (table == new)
		list_add_tail_rcu(&new->node, &opp_tables);
	else
		kref_get(&table->kref);
	__opp_link_add(no_free_ptr(link), dev, table);
	return table;
}

/**
 * opp_table_add_link() - let one more device use a table
 * @table: the table, referenced by the caller
 * @dev: the device
 *
 * Context: Process context; takes opp_tables_lock and may sleep.
 * Return:
 * * 1 - @dev was linked to @table by this call
 * * 0 - @dev already used @table
 * * -EBUSY - @dev already uses another table
 * * -ENOMEM - out of memory
 */
int opp_table_add_link(struct opp_table *table, struct device *dev)
{
	struct opp_link *link __free(kfree) = kzalloc(sizeof(*link), GFP_KERNEL);
	struct opp_table *old;

	if (!link)
		return -ENOMEM;

	guard(mutex)(&opp_tables_lock);
	old = opp_link_lookup(dev);
	if (old)
		return old == table ? 0 : -EBUSY;

	__opp_link_add(no_free_ptr(link), dev, table);
	return 1;
}

/**
 * opp_table_unregister() - drop a reference; the last one unregisters
 * @table: the table
 *
 * Reaching zero and leaving the registry happen in one critical section of
 * opp_tables_lock, so a table found under that lock is always live. Lock-free
 * readers may still see the table until a grace period passes. A reference
 * that is not the last goes without the lock (every transition drops one).
 *
 * Context: Process context; may take opp_tables_lock and sleep.
 * Return: true when that was the last reference: no device links to @table
 * any more and the caller destroys it.
 */
bool opp_table_unregister(struct opp_table *table)
{
	struct opp_link *link, *tmp;

	if (!refcount_dec_and_mutex_lock(&table->kref.refcount,
					 &opp_tables_lock))
		return false;

	/* Every device's link to @table goes. */
	list_for_each_entry_safe(link, tmp, &table->links, table_node) {
		hash_del_rcu(&link->hash_node);
		list_del(&link->table_node);
		kfree_rcu(link, rcu);
	}
	list_del_rcu(&table->node);
	mutex_unlock(&opp_tables_lock);
	return true;
}

/**
 * opp_tables_walk_rcu() - visit every live table without a lock
 * @visit: called for each table until it returns true; the table may be
 *	dying, so @visit takes a reference with kref_get_unless_zero() to keep
 *	anything beyond the walk
 * @data: passed to @visit
 *
 * Context: Any context; runs @visit under rcu_read_lock(), where it must not
 * sleep.
 * Return: true when a visit returned true.
 */
bool opp_tables_walk_rcu(bool (*visit)(struct opp_table *table, void *data),
			 void *data)
{
	struct opp_table *table;

	guard(rcu)();
	list_for_each_entry_rcu(table, &opp_tables, node)
		if (visit(table, data))
			return true;

	return false;
}

/**
 * opp_tables_walk() - visit every live table, with its devices stable
 * @visit: called for each table; it may walk the table's devices with
 *	__opp_table_visit_devices() and may sleep, but must not take any
 *	other OPP lock
 * @data: passed to @visit
 *
 * Context: Process context; holds opp_tables_lock across the walk.
 */
void opp_tables_walk(void (*visit)(struct opp_table *table, void *data),
		     void *data)
{
	struct opp_table *table;

	guard(mutex)(&opp_tables_lock);
	list_for_each_entry(table, &opp_tables, node)
		visit(table, data);
}

/**
 * __opp_table_visit_devices() - visit the devices of a table
 * @table: the table
 * @visit: called for each device that uses @table
 * @data: passed to @visit
 *
 * Context: Caller holds opp_tables_lock (inside opp_tables_walk()).
 */
void __opp_table_visit_devices(struct opp_table *table, opp_dev_visit_t visit,
			       void *data)
{
	struct opp_link *link;

	lockdep_assert_held(&opp_tables_lock);

	list_for_each_entry(link, &table->links, table_node)
		visit(link->dev, data);
}

/**
 * opp_table_visit_devices() - visit the devices of a table
 * @table: the table, referenced by the caller
 * @visit: called for each device that uses @table; must not sleep on OPP
 *	locks
 * @data: passed to @visit
 *
 * Context: Process context; takes opp_tables_lock.
 */
void opp_table_visit_devices(struct opp_table *table, opp_dev_visit_t visit,
			     void *data)
{
	guard(mutex)(&opp_tables_lock);
	__opp_table_visit_devices(table, visit, data);
}
