// SPDX-License-Identifier: GPL-2.0-only
/*
 * Required OPPs: the one resolver from a required OPP's device tree node to
 * the OPP and its level, the public questions and translations built on it,
 * and the links between tables: the checks a table that requires OPPs gets
 * when it is loaded, the levels its OPPs take from a power domain's table,
 * and the tables that wait until the tables they require are loaded.
 */

#include "opp.h"

/*
 * A walk over the tables for the OPP of node @np, in a table built from
 * @table_np; with @get, only an OPP it could take a reference on counts.
 * Without @np, any OPP of such a table counts.
 */
struct opp_np_search {
	const struct device_node *table_np;
	const struct device_node *np;
	bool get;
	struct opp_table *table;
	struct dev_pm_opp *opp;
};

/* Caller holds rcu_read_lock(): whether @table holds the OPP @data wants. */
static bool opp_np_search_visit(struct opp_table *table, void *data)
{
	struct opp_np_search *s = data;
	struct opp_snapshot *snap;
	unsigned int i;

	RCU_LOCKDEP_WARN(!rcu_read_lock_held(), "opp: snapshot read outside RCU");

	if (!s->table_np || table->np != s->table_np)
		return false;
	snap = rcu_dereference(table->snap);
	for (i = 0; i < snap->nr_avail + snap->nr_unavail; i++) {
		struct dev_pm_opp *opp = snap->opps[i];

		if (s->np && opp->np != s->np)
			continue;
		if (s->get && !kref_get_unless_zero(&opp->kref))
			return false;
		s->opp = opp;
		s->table = table;
		return true;
	}

	return false;
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
	/* A node's parent, only compared here, is set before it is live. */
	struct opp_np_search s = { .table_np = np ? np->parent : NULL, .np = np };

	guard(rcu)();
	if (!np || !opp_tables_walk_rcu(opp_np_search_visit, &s))
		return false;

	/* The OPP may be leaving its table: its fields stay valid under RCU. */
	state->level = s.opp->level;
	state->available = READ_ONCE(s.opp->available);
	state->genpd = s.table->is_genpd;
	return true;
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
	struct opp_np_search s = { .table_np = np };

	return opp_tables_walk_rcu(opp_np_search_visit, &s);
}

/**
 * dev_pm_opp_get_level() - the performance level of an available OPP
 * @opp: an OPP the caller holds a reference on
 *
 * An OPP of a device in a single power domain, whose only required OPP is
 * the domain's, has that OPP's level from the time both tables are loaded:
 * the device votes it to its domain itself. When a required device was set
 * before that (dev_pm_opp_set_config()), the vote is that device's and the
 * OPP keeps no level of its own. On 6.1 an OPP never takes its domain's
 * level, and %OPP_LEVEL_UNSET is 0.
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the level, %OPP_LEVEL_UNSET when the OPP has none, waits for its
 * power domain's table, or is invalid or disabled.
 */
unsigned int dev_pm_opp_get_level(struct dev_pm_opp *opp)
{
	if (IS_ERR_OR_NULL(opp) || !READ_ONCE(opp->available)) {
		pr_err("level asked of an invalid or disabled OPP\n");
		return OPP_LEVEL_UNSET;
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
 * domain (logged, but not on 6.1).
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
	if (!req.genpd && OPP_DOMAIN_LEVELS)
		pr_err("%pOF: required OPP is not a power domain state\n",
		       opp_required_nps(opp)[index]);
	return req.genpd ? req.level : 0;
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
	struct opp_np_search s = { .get = true };
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

	/* opp_required_index() matched its parent with @dst_table's node. */
	s.table_np = dst_table->np;
	s.np = opp_required_nps(src_opp)[i];
	return opp_tables_walk_rcu(opp_np_search_visit, &s) ? s.opp :
							       ERR_PTR(-EBUSY);
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
	return opp && kref_get_unless_zero(&opp->kref) ? opp : NULL;
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
	opp_put(src, false);
	if (i < 0) {
		pr_err("%pOF: requires nothing of %pOF\n", src_table->np,
		       dst_table->np);
		return -EINVAL;
	}

	return loaded ? req.level : -EBUSY;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_xlate_performance_state);

/**
 * of_get_required_opp_performance_state() - the performance state a node
 *	requires of a power domain
 * @np: a node with "required-opps"
 * @index: which entry of "required-opps"
 *
 * Context: Any context; takes no lock.
 * Return: the level of the required OPP; -ENODEV when there is no such entry;
 * -EINVAL when its table is not loaded, does not belong to a power domain, or
 * the OPP has no level (on 6.1 these two read state 0).
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
	if (OPP_DOMAIN_LEVELS && (!req.genpd || req.level == OPP_LEVEL_UNSET)) {
		pr_err("%pOF: required OPP %pOF is not a power domain level\n",
		       np, req_np);
		return -EINVAL;
	}

	return req.genpd ? req.level : 0;
}
EXPORT_SYMBOL_GPL(of_get_required_opp_performance_state);

/* ------------------------------------------------------------------------ */
/* Loading a table that requires OPPs                                        */
/* ------------------------------------------------------------------------ */

/**
 * opp_of_is_opp_node() - whether a node can be an OPP
 * @np: the node
 *
 * Context: Process context.
 * Return: true when @np has one of the keys that name an OPP.
 */
bool opp_of_is_opp_node(struct device_node *np)
{
	return of_property_present(np, "opp-hz") ||
	       of_property_present(np, "opp-peak-kBps") ||
	       of_property_present(np, "opp-level");
}

/**
 * opp_of_required_table() - the table one "required-opps" entry points into
 * @first: the first OPP node of a table, which fixes its required OPPs
 * @i: the entry
 *
 * Context: Process context.
 * Return: the table node, referenced, or NULL when the entry names no node.
 */
struct device_node *opp_of_required_table(struct device_node *first,
					  unsigned int i)
{
	struct device_node *req __free(device_node) =
		of_parse_phandle(first, "required-opps", i);

	return req ? of_get_parent(req) : NULL;
}

/**
 * opp_required_check_available() - disable a new OPP a disabled one lets down
 * @dev: the device whose table is being loaded
 * @opp: an OPP read from the device tree, not published yet
 *
 * A required OPP that is disabled when its table is there disables the OPP
 * that needs it: a transition to it would need a state the required device
 * does not offer. The caller asks only once every required table is loaded.
 *
 * Context: Process context.
 */
void opp_required_check_available(struct device *dev, struct dev_pm_opp *opp)
{
	struct opp_required_state req;
	unsigned int i;

	for (i = 0; i < opp->nr_required; i++) {
		if (!opp_required_resolve(opp_required_nps(opp)[i], &req) ||
		    req.available)
			continue;
		dev_warn(dev, "%pOF: required OPP %pOF is disabled; disabling this OPP\n",
			 opp->np, opp_required_nps(opp)[i]);
		opp->available = false;
		return;
	}
}

#define OPP_MAX_REQUIRED_TABLES	16

/* Whether @table is among the first @nr entries of @seen. */
static bool opp_required_seen(struct device_node * const *seen,
			      unsigned int nr, struct device_node *table)
{
	while (nr--)
		if (seen[nr] == table)
			return true;
	return false;
}

/*
 * Adds to @seen the tables that the OPPs of @seen[@i] require, each once;
 * fails when one of them is the table being loaded.
 */
static int opp_required_visit(struct device *dev, struct device_node **seen,
			      unsigned int *nr, unsigned int i)
{
	unsigned int j;

	for_each_available_child_of_node_scoped(seen[i], child) {
		for (j = 0; ; j++) {
			struct device_node *req __free(device_node) =
				of_parse_phandle(child, "required-opps", j);

			if (!req)
				break;
			if (!opp_of_is_opp_node(req))
				continue;

			struct device_node *table __free(device_node) =
				of_get_parent(req);

			if (table == seen[0]) {
				dev_err(dev, "%pOF: required-opps of %pOF lead back to this table, which could never be freed\n",
					seen[0], child);
				return -EINVAL;
			}
			if (opp_required_seen(seen, *nr, table))
				continue;
			if (*nr == OPP_MAX_REQUIRED_TABLES) {
				dev_warn_once(dev, "%pOF: required-opps reach more than %d tables; loops through %pOF are not looked for\n",
					      seen[0], OPP_MAX_REQUIRED_TABLES,
					      table);
				continue;
			}
			seen[(*nr)++] = no_free_ptr(table);
		}
	}

	return 0;
}

/**
 * opp_required_check_loop() - refuse a table whose required OPPs lead back
 * @dev: the device the table is loaded for
 * @np: the table node, whose OPPs require OPPs of other tables
 *
 * An OPP that requires an OPP of its own table, directly or through other
 * tables: once every table of the loop is loaded, its OPPs hold each other
 * in a circle of references and are never freed; refusing the table is the
 * only way not to leak it. The tables the table requires are walked
 * breadth first, and the table is refused when the walk comes back.
 *
 * Context: Process context.
 * Return: 0, or -EINVAL for a loop.
 */
int opp_required_check_loop(struct device *dev, struct device_node *np)
{
	struct device_node *seen[OPP_MAX_REQUIRED_TABLES] = { of_node_get(np) };
	unsigned int nr = 1, i;
	int ret = 0;

	for (i = 0; i < nr && !ret; i++)
		ret = opp_required_visit(dev, seen, &nr, i);
	while (nr)
		of_node_put(seen[--nr]);
	return ret;
}

/* ------------------------------------------------------------------------ */
/* Tables that wait for a required table                                     */
/* ------------------------------------------------------------------------ */

/*
 * A table whose required tables were not all loaded links them when they
 * are: drivers probe in no fixed order, and waiting instead of returning
 * -EPROBE_DEFER spares the consumers a probe storm. OPPs that wait for the
 * level of their power domain's OPP get it then, unless a required device
 * was set by that time to vote for the domain in the device's stead. OPPs
 * whose required OPPs are disabled become unavailable, as they would be had
 * the required table been there first; so do those whose required OPP is
 * not in the table it should be in, since a transition could never cast
 * their vote. Every table load makes a pass over the pending tables; passes
 * are serialised, and a table is visited once per pass.
 */
static DEFINE_MUTEX(opp_required_pending_lock);
static unsigned long opp_required_pending_pass;

/* The level of @opp's power domain OPP; OPP_LEVEL_UNSET when it has none. */
static unsigned int opp_inherited_level(struct dev_pm_opp *opp)
{
	struct opp_required_state req;

	if (!opp_required_resolve(opp_required_nps(opp)[0], &req) || !req.genpd)
		return OPP_LEVEL_UNSET;
	return req.level;
}

/* Whether the first @nr tables @np's first OPP requires are all loaded. */
static bool opp_required_tables_loaded(struct device_node *np, unsigned int nr)
{
	struct device_node *first __free(device_node) =
		of_get_next_available_child(np, NULL);
	unsigned int i;

	for (i = 0; i < nr; i++) {
		struct device_node *table __free(device_node) =
			opp_of_required_table(first, i);

		if (!opp_table_np_loaded(table))
			return false;
	}

	return true;
}

/* Whether a required OPP lets @opp down; it only looks, for disable_unmet. */
static bool opp_required_unmet(struct dev_pm_opp *opp)
{
	struct opp_required_state found;
	unsigned int i;

	for (i = 0; i < opp->nr_required; i++) {
		struct device_node *req = opp_required_nps(opp)[i];
		bool loaded = opp_required_resolve(req, &found);

		if (loaded && found.available)
			continue;
		pr_warn("%pOF: required OPP %u, %pOF, is %s; disabling this OPP\n",
			opp->np, i, req, loaded ? "disabled" : "not loaded");
		return true;
	}

	return false;
}

/* Links the required OPPs of @table once all their tables are loaded. */
static void opp_required_settle(struct opp_table *table)
{
	bool required_dev;
	unsigned int nr;

	guard(mutex)(&table->static_lock);
	if (!table->required_pending || !table->np)
		return;

	scoped_guard(mutex, &table->lock)
		nr = table->shape.nr_required;
	if (nr && !opp_required_tables_loaded(table->np, nr))
		return;

	scoped_guard(mutex, &table->dvfs_lock)
		required_dev = table->nr_required_devs &&
			       table->required_devs[0];
	if (opp_table_inherit_levels(table, required_dev ? NULL :
					    opp_inherited_level))
		return;
	if (opp_table_disable_unmet(table, opp_required_unmet) >= 0)
		/* Pairs with __opp_required_pending(): levels first. */
		smp_store_release(&table->required_pending, false);
}

/*
 * Caller holds opp_required_pending_lock. A visitor of opp_tables_walk_rcu():
 * takes @table, into *@found, when it is pending and new to the current pass.
 */
static bool opp_pending_visit(struct opp_table *table, void *found)
{
	lockdep_assert_held(&opp_required_pending_lock);

	if (!READ_ONCE(table->required_pending) ||
	    table->required_pass == opp_required_pending_pass)
		return false;
	table->required_pass = opp_required_pending_pass;
	if (!kref_get_unless_zero(&table->kref))
		return false;

	*(struct opp_table **)found = table;
	return true;
}

/**
 * opp_required_link_pending() - link the tables whose required tables came
 *
 * Called after every table load: each table that waited for a required
 * table is linked once all of its required tables are loaded.
 *
 * Context: Process context; takes opp_required_pending_lock and each pending
 * table's locks, and may sleep.
 */
void opp_required_link_pending(void)
{
	struct opp_table *table;

	guard(mutex)(&opp_required_pending_lock);
	opp_required_pending_pass++;
	while (opp_tables_walk_rcu(opp_pending_visit, &table)) {
		opp_required_settle(table);
		dev_pm_opp_put_opp_table(table);
	}
}

/* ------------------------------------------------------------------------ */
/* Transitions                                                               */
/* ------------------------------------------------------------------------ */

/**
 * opp_required_level() - the level one required OPP of an OPP asks for
 * @opp: an OPP the caller holds
 * @i: which of its required OPPs
 * @level: set to the level, %OPP_LEVEL_UNSET when the OPP has none
 *
 * Context: Any context; takes no lock.
 * Return: false while the required OPP's table is not loaded.
 */
bool opp_required_level(struct dev_pm_opp *opp, unsigned int i,
			unsigned int *level)
{
	struct opp_required_state req;

	if (!opp_required_resolve(opp_required_nps(opp)[i], &req))
		return false;

	*level = req.level;
	return true;
}

/**
 * __opp_required_search() - look for the required OPPs of an OPP
 * @table: the table of @opp
 * @opp: an OPP with required OPPs
 * @removals: opp_removal_count as the caller read it
 *
 * The slow half of __opp_required_pending(), once an OPP was removed
 * somewhere or a required table was not loaded yet: every required OPP is
 * resolved again, and @table remembers @removals once all of them are found
 * and no required table is pending.
 *
 * Context: Caller holds @table's dvfs_lock; takes no other lock.
 * Return: true while a required OPP of @opp cannot be resolved.
 */
bool __opp_required_search(struct opp_table *table, struct dev_pm_opp *opp,
			   unsigned long removals)
{
	lockdep_assert_held(&table->dvfs_lock);
	/*
	 * Its power domain's table is there, but the level is not stored yet;
	 * once it is, the acquire orders the read of the level after this.
	 */
	if (smp_load_acquire(&opp->inherits_level) ||
	    !opp_required_all_loaded(opp))
		return true;

	if (!READ_ONCE(table->required_pending))
		table->required_seen = removals;
	return false;
}
