// SPDX-License-Identifier: GPL-2.0-only
/*
 * Required OPPs: the one resolver from a required OPP's device tree node to
 * the OPP and its level, and the public questions and translations built on
 * it.
 */

#define pr_fmt(fmt) "opp: " fmt

#include <linux/device.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/of.h>
#include <kunit/visibility.h>

#include "opp.h"

/* Caller holds rcu_read_lock(). The OPP of @snap described by @np. */
static struct dev_pm_opp *opp_snapshot_find_np(const struct opp_snapshot *snap,
					       const struct device_node *np)
{
	unsigned int i;

	RCU_LOCKDEP_WARN(!rcu_read_lock_held(), "opp: snapshot read outside RCU");

	for (i = 0; i < snap->nr_avail + snap->nr_unavail; i++)
		if (snap->opps[i]->np == np)
			return snap->opps[i];

	return NULL;
}

/*
 * A walk over the tables for the OPP of node @np, in a table built from
 * @table_np; with @get, only an OPP it could take a reference on counts.
 */
struct opp_np_search {
	const struct device_node *table_np;
	const struct device_node *np;
	bool get;
	struct opp_table *table;
	struct dev_pm_opp *opp;
};

/* Under RCU: whether @table holds the OPP @data looks for. */
static bool opp_np_search_visit(struct opp_table *table, void *data)
{
	struct opp_np_search *s = data;
	struct dev_pm_opp *opp;

	if (!s->table_np || table->np != s->table_np)
		return false;
	opp = opp_snapshot_find_np(rcu_dereference(table->snap), s->np);
	if (!opp || (s->get && !kref_get_unless_zero(&opp->kref)))
		return false;

	s->opp = opp;
	s->table = table;
	return true;
}

/**
 * opp_find_by_np() - find the OPP a device tree OPP node describes
 * @np: an OPP node, child of an "operating-points-v2" table node
 *
 * Used to resolve "required-opps": the OPP is found only once some device
 * loaded the table it belongs to.
 *
 * Context: Any context; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or NULL.
 */
struct dev_pm_opp *opp_find_by_np(struct device_node *np)
{
	struct device_node *parent __free(device_node) = of_get_parent(np);
	struct opp_np_search s = { .table_np = parent, .np = np, .get = true };

	return opp_tables_walk_rcu(opp_np_search_visit, &s) ? s.opp : NULL;
}

/**
 * opp_required_resolve() - what a required OPP node stands for
 * @np: the node an entry of "required-opps" names, or NULL
 * @state: filled in when the function returns true
 *
 * The one resolver of required OPPs: every rule about them (what a level
 * inherited from a power domain is, when a table counts as loaded, which
 * required OPP disables the OPPs that need it) starts from its answer.
 *
 * Context: Any context; takes no lock.
 * Return: true when the table the node belongs to is loaded and lists it.
 */
bool opp_required_resolve(struct device_node *np,
			  struct opp_required_state *state)
{
	struct device_node *parent __free(device_node) = of_get_parent(np);
	struct opp_np_search s = { .table_np = parent, .np = np };

	guard(rcu)();
	if (!np || !opp_tables_walk_rcu(opp_np_search_visit, &s))
		return false;

	/* The OPP may be leaving its table: its fields stay valid under RCU. */
	state->level = s.opp->level;
	state->available = READ_ONCE(s.opp->available);
	state->genpd = s.table->is_genpd;
	return true;
}

static bool opp_np_loaded_visit(struct opp_table *table, void *data)
{
	struct opp_snapshot *snap;

	if (table->np != data)
		return false;
	snap = rcu_dereference(table->snap);
	return snap->nr_avail + snap->nr_unavail;
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
	return np && opp_tables_walk_rcu(opp_np_loaded_visit, np);
}

/**
 * dev_pm_opp_get_level() - the performance level of an available OPP
 * @opp: an OPP the caller holds a reference on
 *
 * An OPP of a device in a single power domain, whose only required OPP is
 * the domain's, has that OPP's level from the time both tables are loaded:
 * the device votes it to its domain itself. When a required device was set
 * before that (dev_pm_opp_set_config()), the vote is that device's and the
 * OPP keeps no level of its own.
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the level (%OPP_LEVEL_UNSET when the OPP has none, or waits for
 * its power domain's table), or U32_MAX for an invalid or disabled @opp.
 */
unsigned int dev_pm_opp_get_level(struct dev_pm_opp *opp)
{
	if (IS_ERR_OR_NULL(opp) || !READ_ONCE(opp->available)) {
		pr_err("level asked of an invalid or disabled OPP\n");
		return U32_MAX;
	}

	return READ_ONCE(opp->level);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_level);

/* Whether the tables of every OPP @opp requires are loaded. */
static bool opp_required_all_loaded(struct dev_pm_opp *opp)
{
	struct opp_required_state req;
	unsigned int i;

	for (i = 0; i < opp->nr_required; i++)
		if (!opp_required_resolve(opp_required_nps(opp)[i], &req))
			return false;
	return true;
}

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
 * or has no required OPP at @index, when one of the tables it requires OPPs
 * of is not loaded yet (any of them, not only the one at
 * @index), or when the required OPP's table does not belong to a power
 * domain.
 */
unsigned int dev_pm_opp_get_required_pstate(struct dev_pm_opp *opp,
					    unsigned int index)
{
	struct opp_required_state req;

	if (IS_ERR_OR_NULL(opp) || !READ_ONCE(opp->available) ||
	    index >= opp->nr_required) {
		pr_err("performance state %u asked of an invalid, disabled or unrelated OPP\n",
		       index);
		return 0;
	}

	/* Until every table it requires is loaded, none counts. */
	if (!opp_required_all_loaded(opp) ||
	    !opp_required_resolve(opp_required_nps(opp)[index], &req))
		return 0;
	if (!req.genpd) {
		pr_err("%pOF: required OPP is not a power domain state\n",
		       opp_required_nps(opp)[index]);
		return 0;
	}

	return req.level;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_required_pstate);

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
 * * -EBUSY - a table @src_opp requires OPPs of is not loaded yet, whichever
 * * -ENODEV - @src_opp requires nothing of @dst_table
 */
struct dev_pm_opp *dev_pm_opp_xlate_required_opp(struct opp_table *src_table,
						 struct opp_table *dst_table,
						 struct dev_pm_opp *src_opp)
{
	struct dev_pm_opp *required;
	int i;

	if (!src_table || !dst_table || IS_ERR_OR_NULL(src_opp) ||
	    !src_opp->nr_required)
		return ERR_PTR(-EINVAL);
	if (!opp_required_all_loaded(src_opp))
		return ERR_PTR(-EBUSY);

	i = opp_required_index(src_opp, dst_table);
	if (i < 0) {
		pr_err("%pOF: OPP requires nothing of %pOF\n", src_opp->np,
		       dst_table->np);
		return ERR_PTR(-ENODEV);
	}

	required = opp_find_by_np(opp_required_nps(src_opp)[i]);
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
 * maps @pstate; -EBUSY while a table @src_table requires OPPs of is not
 * loaded yet, @dst_table or another.
 */
int dev_pm_opp_xlate_performance_state(struct opp_table *src_table,
				       struct opp_table *dst_table,
				       unsigned int pstate)
{
	struct opp_required_state req;
	struct dev_pm_opp *src;
	bool loaded;
	int i;

	if (!src_table || !READ_ONCE(src_table->shape.nr_required))
		return pstate;
	if (!src_table->is_genpd || !dst_table || !dst_table->is_genpd) {
		pr_err("performance states only translate between power domains\n");
		return -EINVAL;
	}
	/* Until every table it requires is loaded, none translates. */
	if (READ_ONCE(src_table->required_pending))
		return -EBUSY;

	scoped_guard(rcu)
		src = opp_table_get_level_rcu(src_table, pstate);
	if (!src) {
		pr_err("%pOF: no OPP at level %u\n", src_table->np, pstate);
		return -EINVAL;
	}

	i = opp_required_index(src, dst_table);
	loaded = i >= 0 && opp_required_resolve(opp_required_nps(src)[i], &req);
	opp_put(src);
	if (i < 0) {
		pr_err("%pOF: requires nothing of %pOF\n", src_table->np,
		       dst_table->np);
		return -EINVAL;
	}

	return loaded ? req.level : -EBUSY;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_xlate_performance_state);

/**
 * opp_of_node_required_entries() - how many "required-opps" entries a node has
 * @np: an OPP node, or NULL
 *
 * Entries are phandles without arguments, so the count is in whole cells;
 * a malformed property counts as none.
 *
 * Context: Process context.
 * Return: the number of entries.
 */
unsigned int opp_of_node_required_entries(struct device_node *np)
{
	int count = np ? of_count_phandle_with_args(np, "required-opps", NULL) : 0;

	return max(count, 0);
}

/**
 * opp_of_required_entries_named() - whether required-opps entries name nodes
 * @first: an OPP node, or NULL
 * @count: how many of its "required-opps" entries to check
 *
 * Context: Process context.
 * Return: true when each of the first @count entries names a node.
 */
bool opp_of_required_entries_named(struct device_node *first,
				   unsigned int count)
{
	unsigned int i;

	for (i = 0; i < count; i++) {
		struct device_node *req __free(device_node) =
			of_parse_phandle(first, "required-opps", i);

		if (!req)
			return false;
	}

	return true;
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
		np ? of_get_next_available_child(np, NULL) : NULL;
	unsigned int count = opp_of_node_required_entries(first);

	return opp_of_required_entries_named(first, count) ? count : 0;
}

/**
 * of_get_required_opp_performance_state() - the performance state a node
 *	requires of a power domain
 * @np: a node with "required-opps"
 * @index: which entry of "required-opps"
 *
 * Context: Any context; takes no lock.
 * Return: the level of the required OPP; -ENODEV when there is no such entry;
 * -EINVAL when its table is not loaded, does not belong to a power domain, or
 * the OPP has no level.
 */
int of_get_required_opp_performance_state(struct device_node *np, int index)
{
	struct device_node *req_np __free(device_node) =
		of_parse_phandle(np, "required-opps", index);
	struct opp_required_state req;

	if (!req_np)
		return -ENODEV;

	if (!opp_required_resolve(req_np, &req)) {
		struct device_node *table_np __free(device_node) =
			of_get_parent(req_np);

		/* A loaded table without that OPP is answered quietly. */
		if (!opp_table_np_loaded(table_np))
			pr_err("%pOF: required OPP %pOF is not loaded\n", np,
			       req_np);
		return -EINVAL;
	}
	if (!req.genpd || req.level == OPP_LEVEL_UNSET) {
		pr_err("%pOF: required OPP %pOF is not a power domain level\n",
		       np, req_np);
		return -EINVAL;
	}

	return req.level;
}
EXPORT_SYMBOL_GPL(of_get_required_opp_performance_state);
