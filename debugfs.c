// SPDX-License-Identifier: GPL-2.0-only
/*
 * debugfs view of the OPP tables, in the layout that scripts written for the
 * OPP library expect:
 *
 *   opp/<device>/opp:<id>/{available,dynamic,turbo,suspend}   Y or N
 *   opp/<device>/opp:<id>/{level,clock_latency_ns,rate_hz}    decimal
 *   opp/<device>/opp:<id>/of_name         the OPP's node, or <no-node>
 *   opp/<device>/opp:<id>/supply-<n>/{u_volt_target,u_volt_min,...}
 *   opp/<device>/opp:<id>/icc-path-<n>/{name,peak_bw,avg_bw}
 *
 * <device> is "<parent>-<device>" when the device has a parent. A table
 * shared by several devices lives under the first one; the others are
 * symlinks. <id> is the OPP's rate when it has exactly one clock and a
 * non-zero rate; otherwise (levels, bandwidths, several clocks) it is the
 * number of available OPPs the table had once this one was added, which for
 * a device tree table numbers its OPPs 1, 2, ... in node order. Multi-clock
 * OPPs have rate_hz_<n> instead of rate_hz. Two OPPs at one rate would need
 * one directory name: the second gets "-<level>" appended (and ".<n>" if
 * still taken), so that no OPP of the table is missing from the view.
 * On 6.1 an OPP also has performance_state: its level in a power domain's
 * table, 0 in any other.
 *
 * Added to that layout: opp/<device>/stats (current OPP, transitions, last error,
 * time at each OPP) and opp/summary (every table, its devices and OPPs).
 *
 * Files read the OPP or table behind them at read time, so they show
 * adjusted voltages and availability changes. A directory is removed before
 * the object it shows is released, and debugfs waits for readers, so an
 * open file never reads freed memory.
 */

#include "opp.h"

#include <linux/debugfs.h>
#include <linux/interconnect.h>
#include <linux/jiffies.h>
#include <linux/seq_file.h>

static struct dentry *opp_debug_root;

/* ------------------------------------------------------------------------ */
/* Files of one OPP                                                          */
/* ------------------------------------------------------------------------ */

/**
 * struct opp_debug - an OPP's directory and the values its files point to
 * @dir: the directory
 * @dynamic: copy of the OPP's flag, a bit debugfs cannot point to; like
 *	@turbo and @suspend, fixed before the OPP is published
 * @turbo: copy of the OPP's flag
 * @suspend: copy of the OPP's flag
 * @of_name: the OPP's device tree node as of_node_full_name() names it
 */
struct opp_debug {
	struct dentry *dir;
	bool dynamic;
	bool turbo;
	bool suspend;
	char *of_name;
};

/*
 * The values an edit changes in place (see &struct dev_pm_opp): the
 * available flag, an inherited level and the voltages of the first supply.
 * Each file reads its value once at read time.
 */
static int opp_debug_available_show(struct seq_file *s, void *unused)
{
	seq_puts(s, READ_ONCE(*(bool *)s->private) ? "Y\n" : "N\n");
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(opp_debug_available);

/* The performance state of an OPP outside a power domain (6.1's). */
static unsigned int opp_debug_zero;

static int opp_debug_level_show(struct seq_file *s, void *unused)
{
	seq_printf(s, "%u\n", READ_ONCE(*(unsigned int *)s->private));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(opp_debug_level);

static int opp_debug_volt_show(struct seq_file *s, void *unused)
{
	seq_printf(s, "%lu\n", READ_ONCE(*(unsigned long *)s->private));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(opp_debug_volt);

/* The interconnect path's name, cut at 62 characters; empty without one. */
static int opp_debug_icc_name_show(struct seq_file *s, void *unused)
{
	const char *name = icc_get_name(s->private);

	if (name)
		seq_printf(s, "%.62s\n", name);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(opp_debug_icc_name);

/*
 * The supplies an OPP lists: dev_pm_opp_add() gives its OPP one voltage,
 * for the first supply, and the table's supplies count as one from then on,
 * whatever the table drives, so one is listed. The voltages may change in
 * place (see above); u_amp and u_watt never do.
 */
static void opp_debug_add_supplies(struct opp_debug *dbg,
				   struct dev_pm_opp *opp)
{
	unsigned int i, nr = opp->dynamic ? 1 : opp->nr_supplies;
	struct dev_pm_opp_supply *supply;
	struct dentry *dir;
	char name[24];

	for (i = 0; i < nr; i++) {
		supply = opp_supplies(opp) + i;
		snprintf(name, sizeof(name), "supply-%u", i);
		dir = debugfs_create_dir(name, dbg->dir);
		debugfs_create_file("u_volt_target", 0444, dir, &supply->u_volt,
				    &opp_debug_volt_fops);
		debugfs_create_file("u_volt_min", 0444, dir, &supply->u_volt_min,
				    &opp_debug_volt_fops);
		debugfs_create_file("u_volt_max", 0444, dir, &supply->u_volt_max,
				    &opp_debug_volt_fops);
		debugfs_create_ulong("u_amp", 0444, dir, &supply->u_amp);
		debugfs_create_ulong("u_watt", 0444, dir, &supply->u_watt);
	}
}

/*
 * "icc-path-<n>" directories, each naming the table's path <n>, if any. The
 * paths are kept before the first OPP that has bandwidths is added, and
 * released only after the table's directory.
 */
static void opp_debug_add_paths(struct opp_debug *dbg, struct opp_table *table,
				struct dev_pm_opp *opp)
{
	struct icc_path **paths = READ_ONCE(table->icc_paths);
	unsigned int nr = paths ? READ_ONCE(table->nr_icc_paths) : 0;
	struct opp_icc_bw *bw = opp_bw(opp);
	struct dentry *dir;
	char name[24];
	unsigned int i;

	for (i = 0; i < opp->nr_paths; i++) {
		snprintf(name, sizeof(name), "icc-path-%u", i);
		dir = debugfs_create_dir(name, dbg->dir);
		debugfs_create_file("name", 0444, dir, i < nr ? paths[i] : NULL,
				    &opp_debug_icc_name_fops);
		debugfs_create_u32("peak_bw", 0444, dir, &bw[i].peak);
		debugfs_create_u32("avg_bw", 0444, dir, &bw[i].avg);
	}
}

/* Caller holds debug_lock. Whether @table's directory has an entry @name. */
static bool __opp_debug_name_taken(struct opp_table *table, const char *name)
{
	struct dentry *d = debugfs_lookup(name, table->dentry);

	lockdep_assert_held(&table->debug_lock);

	dput(d);
	return d;
}

/*
 * Caller holds debug_lock. The number that names an OPP without a single
 * rate: how many available OPPs its table had right after adding it (as
 * available). Scripts find a level-only table's OPPs (a power domain's) as
 * opp:1, opp:2, ... by this number. The OPPs of a device tree table count as
 * added one at a time in node order, though they are published together,
 * and any other OPP alone, so this counts the available OPPs added before
 * @opp, plus one.
 */
static unsigned long __opp_debug_ordinal(struct opp_table *table,
					 struct dev_pm_opp *opp)
{
	struct device_node *parent __free(device_node) = of_get_parent(opp->np);
	struct opp_snapshot *snap;
	struct dev_pm_opp *other;
	unsigned long nr = 1;
	unsigned int i;

	lockdep_assert_held(&table->debug_lock);

	guard(mutex)(&table->lock);
	snap = __opp_table_snapshot(table);
	/* Those whose nodes come before @opp's among its siblings, if any. */
	for_each_child_of_node_scoped(parent, child) {
		if (child == opp->np)
			break;
		for (i = 0; i < snap->nr_avail; i++)
			nr += snap->opps[i]->np == child;
	}
	/* Those that got their directory before @opp, unless both have nodes. */
	for (i = 0; i < snap->nr_avail; i++) {
		other = snap->opps[i];
		if (other != opp && !(opp->np && other->np))
			nr += !IS_ERR_OR_NULL(other->debug);
	}
	return nr;
}

/*
 * Caller holds debug_lock. "opp:<id>", the name scripts look an OPP up by
 * (see the top of this file); a name still taken gets the level appended,
 * then a number, so that the OPP is shown all the same.
 */
static void __opp_debug_name(struct opp_table *table, struct dev_pm_opp *opp,
			     char *name, size_t size)
{
	unsigned long id = opp_rates(opp)[0];
	unsigned int n = 0;

	lockdep_assert_held(&table->debug_lock);

	if (opp->nr_clks != 1 || !id)
		id = __opp_debug_ordinal(table, opp);
	snprintf(name, size, "opp:%lu", id);
	if (!__opp_debug_name_taken(table, name))
		return;

	snprintf(name, size, "opp:%lu-%u", id, opp->level);
	while (__opp_debug_name_taken(table, name) && n < 1000)
		snprintf(name, size, "opp:%lu-%u.%u", id, opp->level, ++n);
}

/*
 * Caller holds debug_lock. The OPP's directory, with the files in the order
 * of the layout (see the top of this file).
 */
static void __opp_debug_add_opp(struct opp_table *table, struct dev_pm_opp *opp)
{
	struct opp_debug *dbg;
	char name[48];
	unsigned int i;

	lockdep_assert_held(&table->debug_lock);

	if (!table->dentry || opp->debug)
		return;

	dbg = kzalloc(sizeof(*dbg), GFP_KERNEL);
	if (!dbg)
		return;

	__opp_debug_name(table, opp, name, sizeof(name));
	dbg->dir = debugfs_create_dir(name, table->dentry);
	dbg->dynamic = opp->dynamic;
	dbg->turbo = opp->turbo;
	dbg->suspend = opp->suspend;
	/* Never written through: the file is read-only. */
	dbg->of_name = (char *)of_node_full_name(opp->np);

	debugfs_create_file("available", 0444, dbg->dir, &opp->available,
			    &opp_debug_available_fops);
	debugfs_create_bool("dynamic", 0444, dbg->dir, &dbg->dynamic);
	debugfs_create_bool("turbo", 0444, dbg->dir, &dbg->turbo);
	debugfs_create_bool("suspend", 0444, dbg->dir, &dbg->suspend);
	debugfs_create_file("level", 0444, dbg->dir, &opp->level,
			    &opp_debug_level_fops);
	if (!OPP_DOMAIN_LEVELS)
		debugfs_create_file("performance_state", 0444, dbg->dir,
				    table->is_genpd ? &opp->level : &opp_debug_zero,
				    &opp_debug_level_fops);
	debugfs_create_u32("clock_latency_ns", 0444, dbg->dir,
			   &opp->clock_latency_ns);
	debugfs_create_str("of_name", 0444, dbg->dir, &dbg->of_name);
	for (i = 0; i < opp->nr_clks; i++) {
		snprintf(name, sizeof(name), "rate_hz_%u", i);
		debugfs_create_ulong(opp->nr_clks == 1 ? "rate_hz" : name, 0444,
				     dbg->dir, &opp_rates(opp)[i]);
	}
	opp_debug_add_supplies(dbg, opp);
	opp_debug_add_paths(dbg, table, opp);
	opp->debug = dbg;
}

/**
 * opp_debug_add_opp() - show an OPP that joined a table
 * @table: the table
 * @opp: the OPP, published in @table
 *
 * Context: Process context; takes the table's debug_lock.
 */
void opp_debug_add_opp(struct opp_table *table, struct dev_pm_opp *opp)
{
	guard(mutex)(&table->debug_lock);
	__opp_debug_add_opp(table, opp);
}

/**
 * opp_debug_remove_opp() - stop showing an OPP that left its table
 * @table: the table
 * @opp: the OPP, unpublished but still referenced by the table
 *
 * Context: Process context; takes the table's debug_lock and waits for
 * readers of the OPP's files.
 */
void opp_debug_remove_opp(struct opp_table *table, struct dev_pm_opp *opp)
{
	guard(mutex)(&table->debug_lock);
	if (!IS_ERR_OR_NULL(opp->debug)) {
		debugfs_remove_recursive(opp->debug->dir);
		kfree(opp->debug);
	}
	/* Gone for good: a late opp_debug_add_opp() must not bring it back. */
	opp->debug = ERR_PTR(-ENOENT);
}

/* ------------------------------------------------------------------------ */
/* Tables                                                                    */
/* ------------------------------------------------------------------------ */

/**
 * struct opp_debug_link - the symlink of one more device of a shared table
 * @node: entry in the table's debug_links
 * @dentry: the symlink
 */
struct opp_debug_link {
	struct list_head node;
	struct dentry *dentry;
};

/* Caller holds dvfs_lock. Time at each OPP, the current one's running. */
static void __opp_debug_times(struct seq_file *s, struct opp_table *table)
{
	u64 running = table->enabled ? get_jiffies_64() - table->since : 0;
	struct opp_snapshot *snap;
	struct dev_pm_opp *opp;
	unsigned int i;
	u64 time;

	lockdep_assert_held(&table->dvfs_lock);

	seq_puts(s, "time_in_state_ms:\n");
	guard(rcu)();
	snap = rcu_dereference(table->snap);
	for (i = 0; i < snap->nr_avail + snap->nr_unavail; i++) {
		opp = snap->opps[i];
		time = opp->time + (opp == table->current_opp ? running : 0);
		seq_printf(s, "  %lu: %llu\n", opp_rates(opp)[0],
			   jiffies64_to_msecs(time));
	}
}

static int opp_debug_stats_show(struct seq_file *s, void *unused)
{
	struct opp_table *table = s->private;

	guard(mutex)(&table->dvfs_lock);
	seq_printf(s, "current_rate_hz: %lu\n",
		   table->current_opp ? table->current_rate : 0);
	seq_printf(s, "current_opp_hz: %lu\n",
		   table->current_opp ? opp_rates(table->current_opp)[0] : 0);
	seq_printf(s, "enabled: %d\n", table->enabled);
	seq_printf(s, "transitions: %lu\n", table->transitions);
	seq_printf(s, "last_error: %d\n", table->last_error);
	__opp_debug_times(s, table);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(opp_debug_stats);

/* Caller holds debug_lock. The table's directory, named @name. */
static void __opp_debug_add_home(struct opp_table *table, const char *name)
{
	struct dev_pm_opp **opps __free(kfree) = NULL;
	struct opp_snapshot *snap;
	unsigned int i, nr;

	lockdep_assert_held(&table->debug_lock);

	table->dentry = debugfs_create_dir(name, opp_debug_root);
	debugfs_create_file("stats", 0444, table->dentry, table,
			    &opp_debug_stats_fops);

	/* OPPs added before the directory existed, referenced meanwhile. */
	scoped_guard(mutex, &table->lock) {
		snap = __opp_table_snapshot(table);
		nr = snap->nr_avail + snap->nr_unavail;
		opps = kmemdup_array(snap->opps, nr, sizeof(*opps), GFP_KERNEL);
		if (!opps)
			return;
		for (i = 0; i < nr; i++)
			dev_pm_opp_get(opps[i]);
	}

	for (i = 0; i < nr; i++) {
		__opp_debug_add_opp(table, opps[i]);
		opp_put(opps[i], false);
	}
}

/**
 * opp_debug_add_device() - show a table under one more of its devices
 * @table: the table
 * @dev: a device that uses it now
 *
 * The first device gets the table's directory, the others symlinks to it.
 *
 * Context: Process context; takes the table's debug_lock.
 */
void opp_debug_add_device(struct opp_table *table, struct device *dev)
{
	struct opp_debug_link *link;
	char name[NAME_MAX], *target;

	/* "<parent>-<device>": the name scripts look a device's table up by. */
	snprintf(name, sizeof(name), "%s%s%s",
		 dev->parent ? dev_name(dev->parent) : "",
		 dev->parent ? "-" : "", dev_name(dev));

	guard(mutex)(&table->debug_lock);
	if (!table->dentry) {
		__opp_debug_add_home(table, name);
		return;
	}

	link = kzalloc(sizeof(*link), GFP_KERNEL);
	target = link ? kasprintf(GFP_KERNEL, "%pd", table->dentry) : NULL;
	if (target)
		link->dentry = debugfs_create_symlink(name, opp_debug_root,
						      target);
	kfree(target);
	if (link)
		list_add(&link->node, &table->debug_links);
}

/**
 * opp_debug_remove_table() - stop showing a dying table
 * @table: the table, unreachable; its OPPs are still referenced by it
 *
 * Context: Process context; takes the table's debug_lock and waits for
 * readers of its files.
 */
void opp_debug_remove_table(struct opp_table *table)
{
	struct opp_snapshot *snap = rcu_dereference_protected(table->snap, true);
	struct opp_debug_link *link, *tmp;
	unsigned int i;

	for (i = 0; i < snap->nr_avail + snap->nr_unavail; i++)
		opp_debug_remove_opp(table, snap->opps[i]);

	guard(mutex)(&table->debug_lock);
	list_for_each_entry_safe(link, tmp, &table->debug_links, node) {
		debugfs_remove(link->dentry);
		kfree(link);
	}
	debugfs_remove_recursive(table->dentry);
	table->dentry = NULL;
}

/* ------------------------------------------------------------------------ */
/* Summary                                                                   */
/* ------------------------------------------------------------------------ */

/* One line per OPP: rate, level if the table has levels, every supply. */
static void opp_debug_summary_opp(struct seq_file *s, struct dev_pm_opp *opp,
				  bool available)
{
	struct dev_pm_opp_supply *supplies = opp_supplies(opp);
	unsigned int i;

	seq_printf(s, "  %12lu Hz", opp_rates(opp)[0]);
	if (opp->level != OPP_LEVEL_UNSET)
		seq_printf(s, "  level %u", opp->level);
	for (i = 0; i < max_t(unsigned int, opp->nr_supplies, 1); i++)
		seq_printf(s, "  %8lu uV", READ_ONCE(supplies[i].u_volt));
	seq_printf(s, "  %s%s%s%s\n", available ? "available" : "disabled",
		   opp->turbo ? " turbo" : "", opp->suspend ? " suspend" : "",
		   opp->dynamic ? " dynamic" : "");
}

static void opp_debug_summary_device(struct device *dev, void *s)
{
	seq_printf(s, " %s", dev_name(dev));
}

static void opp_debug_summary_table(struct opp_table *table, void *s)
{
	struct opp_snapshot *snap;
	unsigned int i;

	seq_puts(s, "table:");
	__opp_table_visit_devices(table, opp_debug_summary_device, s);
	seq_printf(s, "%s\n", table->sharing == OPP_SHARING_SHARED ?
		   " (shared)" : "");

	guard(rcu)();
	snap = rcu_dereference(table->snap);
	for (i = 0; i < snap->nr_avail + snap->nr_unavail; i++)
		opp_debug_summary_opp(s, snap->opps[i], i < snap->nr_avail);
}

static int opp_debug_summary_show(struct seq_file *s, void *unused)
{
	opp_tables_walk(opp_debug_summary_table, s);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(opp_debug_summary);

static int __init opp_debug_init(void)
{
	opp_debug_root = debugfs_create_dir("opp", NULL);
	debugfs_create_file("summary", 0444, opp_debug_root, NULL,
			    &opp_debug_summary_fops);
	return 0;
}
core_initcall(opp_debug_init);
