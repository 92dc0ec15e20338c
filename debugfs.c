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
 * struct opp_debug_value - what one file of an OPP directory prints
 * @name: the file name
 * @read: reads the value from the OPP; @index is the clock, supply or path
 * @yes_no: a flag, printed "Y" or "N" as debugfs prints booleans; other
 *	values are printed in decimal
 */
struct opp_debug_value {
	const char *name;
	unsigned long (*read)(struct dev_pm_opp *opp, unsigned int index);
	bool yes_no;
};

/* A file's private data: the OPP, and the value with its index. */
struct opp_debug_file {
	struct dev_pm_opp *opp;
	const struct opp_debug_value *value;
	unsigned int index;
};

/**
 * struct opp_debug - an OPP's directory and the private data of its files
 * @dir: the directory
 * @nr: files created so far
 * @files: one entry per file
 */
struct opp_debug {
	struct dentry *dir;
	unsigned int nr;
	struct opp_debug_file files[];
};

static unsigned long opp_read_available(struct dev_pm_opp *opp, unsigned int i)
{
	return READ_ONCE(opp->available);
}

static unsigned long opp_read_dynamic(struct dev_pm_opp *opp, unsigned int i)
{
	return opp->dynamic;
}

static unsigned long opp_read_turbo(struct dev_pm_opp *opp, unsigned int i)
{
	return opp->turbo;
}

static unsigned long opp_read_suspend(struct dev_pm_opp *opp, unsigned int i)
{
	return opp->suspend;
}

/* Live: a level inherited from a power domain arrives with its table. */
static unsigned long opp_read_level(struct dev_pm_opp *opp, unsigned int i)
{
	return READ_ONCE(opp->level);
}

static unsigned long opp_read_latency(struct dev_pm_opp *opp, unsigned int i)
{
	return opp->clock_latency_ns;
}

static unsigned long opp_read_rate(struct dev_pm_opp *opp, unsigned int i)
{
	return opp_rates(opp)[i];
}

static unsigned long opp_read_supply(struct dev_pm_opp *opp, unsigned int i,
				     size_t offset)
{
	const struct dev_pm_opp_supply *supply = opp_supplies(opp) + i;

	return READ_ONCE(*(const unsigned long *)((const char *)supply + offset));
}

#define OPP_SUPPLY_READER(field)					\
static unsigned long opp_read_##field(struct dev_pm_opp *opp,		\
				      unsigned int i)			\
{									\
	return opp_read_supply(opp, i,					\
			       offsetof(struct dev_pm_opp_supply, field)); \
}

OPP_SUPPLY_READER(u_volt)
OPP_SUPPLY_READER(u_volt_min)
OPP_SUPPLY_READER(u_volt_max)
OPP_SUPPLY_READER(u_amp)
OPP_SUPPLY_READER(u_watt)

static unsigned long opp_read_peak(struct dev_pm_opp *opp, unsigned int i)
{
	return opp_bw(opp)[i].peak;
}

static unsigned long opp_read_avg(struct dev_pm_opp *opp, unsigned int i)
{
	return opp_bw(opp)[i].avg;
}

static const struct opp_debug_value opp_debug_flags[] = {
	{ "available", opp_read_available, true },
	{ "dynamic", opp_read_dynamic, true },
	{ "turbo", opp_read_turbo, true },
	{ "suspend", opp_read_suspend, true },
	{ "level", opp_read_level },
	{ "clock_latency_ns", opp_read_latency },
};

static const struct opp_debug_value opp_debug_rate = { "rate_hz", opp_read_rate };

static const struct opp_debug_value opp_debug_supply[] = {
	{ "u_volt_target", opp_read_u_volt },
	{ "u_volt_min", opp_read_u_volt_min },
	{ "u_volt_max", opp_read_u_volt_max },
	{ "u_amp", opp_read_u_amp },
	{ "u_watt", opp_read_u_watt },
};

static const struct opp_debug_value opp_debug_path[] = {
	{ "peak_bw", opp_read_peak },
	{ "avg_bw", opp_read_avg },
};

static int opp_debug_value_show(struct seq_file *s, void *unused)
{
	struct opp_debug_file *f = s->private;
	unsigned long value = f->value->read(f->opp, f->index);

	if (f->value->yes_no)
		seq_puts(s, value ? "Y\n" : "N\n");
	else
		seq_printf(s, "%lu\n", value);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(opp_debug_value);

/* The OPP's device tree node as of_node_full_name() names it. */
static int opp_debug_of_name_show(struct seq_file *s, void *unused)
{
	struct dev_pm_opp *opp = s->private;

	seq_printf(s, "%s\n", of_node_full_name(opp->np));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(opp_debug_of_name);

/* The interconnect path's name, cut at 62 characters; empty without one. */
static int opp_debug_icc_name_show(struct seq_file *s, void *unused)
{
	const char *name = icc_get_name(s->private);

	if (name)
		seq_printf(s, "%.62s\n", name);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(opp_debug_icc_name);

static void opp_debug_add_value(struct opp_debug *dbg, struct dentry *dir,
				const char *name, struct dev_pm_opp *opp,
				const struct opp_debug_value *value,
				unsigned int index)
{
	struct opp_debug_file *f = &dbg->files[dbg->nr++];

	*f = (struct opp_debug_file){ opp, value, index };
	debugfs_create_file(name ?: value->name, 0444, dir, f,
			    &opp_debug_value_fops);
}

/* A subdirectory "<prefix><index>" of the OPP's directory. */
static struct dentry *opp_debug_add_subdir(struct opp_debug *dbg,
					   const char *prefix,
					   unsigned int index)
{
	char name[24];

	snprintf(name, sizeof(name), "%s%u", prefix, index);
	return debugfs_create_dir(name, dbg->dir);
}

static void opp_debug_add_group(struct opp_debug *dbg, struct dentry *dir,
				struct dev_pm_opp *opp, unsigned int index,
				const struct opp_debug_value *values,
				unsigned int nr)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		opp_debug_add_value(dbg, dir, NULL, opp, &values[i], index);
}

static void opp_debug_add_rates(struct opp_debug *dbg, struct dev_pm_opp *opp)
{
	char name[24];
	unsigned int i;

	if (opp->nr_clks == 1) {
		opp_debug_add_value(dbg, dbg->dir, NULL, opp, &opp_debug_rate, 0);
		return;
	}

	for (i = 0; i < opp->nr_clks; i++) {
		snprintf(name, sizeof(name), "rate_hz_%u", i);
		opp_debug_add_value(dbg, dbg->dir, name, opp, &opp_debug_rate, i);
	}
}

/*
 * Path @i of @table, or NULL. The paths are kept before the first OPP that
 * has bandwidths is added, and released only after the table's directory.
 */
static struct icc_path *opp_debug_icc_path(struct opp_table *table,
					   unsigned int i)
{
	struct icc_path **paths = READ_ONCE(table->icc_paths);

	return paths && i < READ_ONCE(table->nr_icc_paths) ? paths[i] : NULL;
}

static void opp_debug_add_paths(struct opp_debug *dbg, struct opp_table *table,
				struct dev_pm_opp *opp)
{
	struct dentry *dir;
	unsigned int i;

	for (i = 0; i < opp->nr_paths; i++) {
		dir = opp_debug_add_subdir(dbg, "icc-path-", i);
		debugfs_create_file("name", 0444, dir,
				    opp_debug_icc_path(table, i),
				    &opp_debug_icc_name_fops);
		opp_debug_add_group(dbg, dir, opp, i, opp_debug_path,
				    ARRAY_SIZE(opp_debug_path));
	}
}

/*
 * The supplies an OPP lists: dev_pm_opp_add() gives its OPP one voltage,
 * for the first supply, and the table's supplies count as one from then on,
 * whatever the table drives, so one is listed.
 */
static unsigned int opp_debug_nr_supplies(struct dev_pm_opp *opp)
{
	return opp->dynamic ? 1 : opp->nr_supplies;
}

static unsigned int opp_debug_nr_files(struct dev_pm_opp *opp)
{
	return ARRAY_SIZE(opp_debug_flags) + opp->nr_clks +
	       opp_debug_nr_supplies(opp) * ARRAY_SIZE(opp_debug_supply) +
	       opp->nr_paths * ARRAY_SIZE(opp_debug_path);
}

/* The files in the order of the layout (see the top of this file). */
static void opp_debug_fill(struct opp_debug *dbg, struct opp_table *table,
			   struct dev_pm_opp *opp)
{
	struct dentry *dir;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(opp_debug_flags); i++)
		opp_debug_add_value(dbg, dbg->dir, NULL, opp,
				    &opp_debug_flags[i], 0);
	debugfs_create_file("of_name", 0444, dbg->dir, opp,
			    &opp_debug_of_name_fops);
	opp_debug_add_rates(dbg, opp);
	for (i = 0; i < opp_debug_nr_supplies(opp); i++) {
		dir = opp_debug_add_subdir(dbg, "supply-", i);
		opp_debug_add_group(dbg, dir, opp, i, opp_debug_supply,
				    ARRAY_SIZE(opp_debug_supply));
	}
	opp_debug_add_paths(dbg, table, opp);
}

/* Caller holds debug_lock. Whether @table's directory has an entry @name. */
static bool __opp_debug_name_taken(struct opp_table *table, const char *name)
{
	struct dentry *d = debugfs_lookup(name, table->dentry);

	lockdep_assert_held(&table->debug_lock);

	dput(d);
	return d;
}

/* Available OPPs of @snap whose nodes come before @np among its siblings. */
static unsigned long opp_debug_nodes_before(struct opp_snapshot *snap,
					    struct device_node *np)
{
	struct device_node *parent __free(device_node) = of_get_parent(np);
	unsigned long nr = 0;
	unsigned int i;

	for_each_child_of_node_scoped(parent, child) {
		if (child == np)
			break;
		for (i = 0; i < snap->nr_avail; i++)
			nr += snap->opps[i]->np == child;
	}
	return nr;
}

/*
 * Caller holds @table's debug_lock. Available OPPs of @snap that got their
 * directory before @opp, leaving out those that node order places (both
 * from the device tree).
 */
static unsigned long __opp_debug_shown_before(struct opp_table *table,
					      struct opp_snapshot *snap,
					      struct dev_pm_opp *opp)
{
	struct dev_pm_opp *other;
	unsigned long nr = 0;
	unsigned int i;

	lockdep_assert_held(&table->debug_lock);

	for (i = 0; i < snap->nr_avail; i++) {
		other = snap->opps[i];
		if (other == opp || (opp->np && other->np))
			continue;
		nr += !IS_ERR_OR_NULL(other->debug);
	}
	return nr;
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
	struct opp_snapshot *snap;
	unsigned long nr = 1;

	lockdep_assert_held(&table->debug_lock);

	guard(mutex)(&table->lock);
	snap = __opp_table_snapshot(table);
	if (opp->np)
		nr += opp_debug_nodes_before(snap, opp->np);
	return nr + __opp_debug_shown_before(table, snap, opp);
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

/* Caller holds debug_lock. */
static void __opp_debug_add_opp(struct opp_table *table, struct dev_pm_opp *opp)
{
	struct opp_debug *dbg;
	char name[48];

	lockdep_assert_held(&table->debug_lock);

	if (!table->dentry || opp->debug)
		return;

	dbg = kzalloc(struct_size(dbg, files, opp_debug_nr_files(opp)),
		      GFP_KERNEL);
	if (!dbg)
		return;

	__opp_debug_name(table, opp, name, sizeof(name));
	dbg->dir = debugfs_create_dir(name, table->dentry);
	opp_debug_fill(dbg, table, opp);
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

/*
 * "<parent>-<device>" when the device has a parent: the directory name
 * scripts look a device's table up by.
 */
static void opp_debug_dev_name(struct device *dev, char *name, size_t size)
{
	if (dev->parent)
		snprintf(name, size, "%s-%s", dev_name(dev->parent),
			 dev_name(dev));
	else
		snprintf(name, size, "%s", dev_name(dev));
}

/* Caller holds dvfs_lock. Time at each OPP, the current one's running. */
static void __opp_debug_times(struct seq_file *s, struct opp_table *table)
{
	u64 running = get_jiffies_64() - table->since;
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
		time = opp->time;
		if (opp == table->current_opp && table->enabled)
			time += running;
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

/* The table's OPPs, referenced, in an array the caller frees. */
static struct dev_pm_opp **opp_debug_grab_opps(struct opp_table *table,
					       unsigned int *nr)
{
	struct dev_pm_opp **opps;
	struct opp_snapshot *snap;
	unsigned int i;

	guard(mutex)(&table->lock);
	snap = __opp_table_snapshot(table);
	*nr = snap->nr_avail + snap->nr_unavail;
	opps = kmalloc_array(*nr, sizeof(*opps), GFP_KERNEL);
	if (!opps) {
		*nr = 0;
		return NULL;
	}

	for (i = 0; i < *nr; i++)
		opps[i] = dev_pm_opp_get(snap->opps[i]);
	return opps;
}

/* Caller holds debug_lock. The table's directory, named after @dev. */
static void __opp_debug_add_home(struct opp_table *table, const char *name)
{
	struct dev_pm_opp **opps;
	unsigned int i, nr;

	lockdep_assert_held(&table->debug_lock);

	table->dentry = debugfs_create_dir(name, opp_debug_root);
	debugfs_create_file("stats", 0444, table->dentry, table,
			    &opp_debug_stats_fops);

	/* OPPs added before the directory existed. */
	opps = opp_debug_grab_opps(table, &nr);
	for (i = 0; i < nr; i++) {
		__opp_debug_add_opp(table, opps[i]);
		opp_put(opps[i]);
	}
	kfree(opps);
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

	opp_debug_dev_name(dev, name, sizeof(name));

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

static void opp_debug_summary_opps(struct seq_file *s, struct opp_table *table)
{
	struct opp_snapshot *snap;
	unsigned int i;

	guard(rcu)();
	snap = rcu_dereference(table->snap);
	for (i = 0; i < snap->nr_avail + snap->nr_unavail; i++)
		opp_debug_summary_opp(s, snap->opps[i], i < snap->nr_avail);
}

static void opp_debug_summary_device(struct device *dev, void *s)
{
	seq_printf(s, " %s", dev_name(dev));
}

static void opp_debug_summary_table(struct opp_table *table, void *s)
{
	seq_puts(s, "table:");
	__opp_table_visit_devices(table, opp_debug_summary_device, s);
	seq_printf(s, "%s\n", table->sharing == OPP_SHARING_SHARED ?
		   " (shared)" : "");
	opp_debug_summary_opps(s, table);
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
