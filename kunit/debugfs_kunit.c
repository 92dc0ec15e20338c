// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_debugfs: the /sys/kernel/debug/opp tree follows the
 * tables. Entries are found with debugfs_lookup() and read the way user
 * space reads them: opened and read through a kernel mount of debugfs.
 */

#include <kunit/test.h>
#include <linux/debugfs.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/of.h>
#include <linux/pm_opp.h>
#include <linux/string.h>

#include "../opp.h"
#include "debugfs_kunit.h"
#include "dvfs_kunit.h"
#include "of_kunit.h"
#include "opp_kunit_dvfs.h"
#include "opp_kunit_helpers.h"

KUNIT_DEFINE_ACTION_WRAPPER(opp_debugfs_dput, dput, struct dentry *);

/* The entry @path ("a/b/c") under opp/, or NULL; put when the test ends. */
static struct dentry *opp_debugfs_find(struct kunit *test, const char *path)
{
	char *copy = kunit_kzalloc(test, strlen(path) + 1, GFP_KERNEL);
	struct dentry *d, *parent;
	char *part, *rest;

	KUNIT_ASSERT_NOT_NULL(test, copy);
	strscpy(copy, path, strlen(path) + 1);
	rest = copy;

	d = debugfs_lookup("opp", NULL);
	while (d && (part = strsep(&rest, "/"))) {
		parent = d;
		d = debugfs_lookup(part, parent);
		dput(parent);
	}
	if (d && kunit_add_action_or_reset(test, opp_debugfs_dput, d))
		KUNIT_FAIL_AND_ABORT(test, "cannot track a dentry");
	return d;
}

/* Opens opp/@path as user space would; closed when the test ends. */
static struct file *opp_debugfs_open(struct kunit *test, const char *path)
{
	char *full = kunit_kzalloc(test, strlen(path) + 5, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, full);
	sprintf(full, "opp/%s", path);
	return opp_kunit_debugfs_open(test, full, O_RDONLY);
}

static ssize_t opp_debugfs_read(struct kunit *test, struct file *file,
				char *buf, size_t size)
{
	return opp_kunit_debugfs_io(test, file, buf, size, false);
}

/* The text of file @path under opp/. */
static const char *opp_debugfs_text(struct kunit *test, const char *path)
{
	struct file *file = opp_debugfs_open(test, path);
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_GT(test, opp_debugfs_read(test, file, buf, PAGE_SIZE), 0);
	return buf;
}

static unsigned long opp_debugfs_value(struct kunit *test, const char *path)
{
	const char *text = opp_debugfs_text(test, path);
	unsigned long value;

	KUNIT_ASSERT_EQ(test, kstrtoul(text, 10, &value), 0);
	return value;
}

/* The directory name Linux gives a device: "<parent>-<device>". */
static const char *opp_debugfs_dir(struct kunit *test, struct device *dev,
				   const char *sub)
{
	char *path = kunit_kzalloc(test, 256, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, path);
	if (dev->parent)
		snprintf(path, 256, "%s-%s%s", dev_name(dev->parent),
			 dev_name(dev), sub);
	else
		snprintf(path, 256, "%s%s", dev_name(dev), sub);
	return path;
}

/* The value in file @sub of @dev's table directory. */
static void expect_value(struct kunit *test, struct device *dev,
			 const char *sub, unsigned long want)
{
	const char *path = opp_debugfs_dir(test, dev, sub);

	KUNIT_EXPECT_EQ_MSG(test, opp_debugfs_value(test, path), want, "%s", sub);
}

static bool has_entry(struct kunit *test, struct device *dev, const char *sub)
{
	return opp_debugfs_find(test, opp_debugfs_dir(test, dev, sub));
}

/* The text of file @sub of @dev's table directory. */
static void expect_text(struct kunit *test, struct device *dev,
			const char *sub, const char *want)
{
	const char *path = opp_debugfs_dir(test, dev, sub);

	KUNIT_EXPECT_STREQ_MSG(test, opp_debugfs_text(test, path), want, "%s",
			       sub);
}

/*
 * Each OPP gets opp:<rate> with its flags (Y or N, as debugfs_create_bool()
 * prints them), numbers, node name and supply. dev_pm_opp_add() gives the
 * OPP level 0, no latency and no node; dynamic tables have one supply.
 */
static void opp_debugfs_shows_each_opp(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-dbg");

	opp_kunit_add(test, dev, DVFS_F1, DVFS_V1);
	opp_kunit_add(test, dev, DVFS_F2, DVFS_V2);

	expect_value(test, dev, "/opp:100000000/rate_hz", DVFS_F1);
	expect_value(test, dev, "/opp:200000000/supply-0/u_volt_target",
		     DVFS_V2);
	expect_value(test, dev, "/opp:200000000/supply-0/u_volt_min", DVFS_V2);
	expect_value(test, dev, "/opp:200000000/supply-0/u_volt_max", DVFS_V2);
	expect_value(test, dev, "/opp:200000000/supply-0/u_amp", 0);
	expect_value(test, dev, "/opp:200000000/supply-0/u_watt", 0);
	expect_text(test, dev, "/opp:200000000/available", "Y\n");
	expect_text(test, dev, "/opp:200000000/dynamic", "Y\n");
	expect_text(test, dev, "/opp:200000000/turbo", "N\n");
	expect_text(test, dev, "/opp:200000000/suspend", "N\n");
	expect_text(test, dev, "/opp:200000000/level", "0\n");
	expect_text(test, dev, "/opp:200000000/clock_latency_ns", "0\n");
	expect_text(test, dev, "/opp:200000000/of_name", "<no-node>\n");

	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, "/opp:200000000/supply-1"));
	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, "/opp:200000000/rate_hz_0"));
	KUNIT_EXPECT_FALSE(test,
			   has_entry(test, dev, "/opp:200000000/icc-path-0"));
}

/* Files show the current values: availability and adjusted voltage. */
static void opp_debugfs_follows_changes(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-dbg");

	opp_kunit_add(test, dev, DVFS_F1, DVFS_V1);
	expect_text(test, dev, "/opp:100000000/available", "Y\n");
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, DVFS_F1), 0);
	expect_text(test, dev, "/opp:100000000/available", "N\n");
	KUNIT_ASSERT_EQ(test, dev_pm_opp_adjust_voltage(dev, DVFS_F1, DVFS_V2,
							DVFS_V2, DVFS_V2), 0);
	expect_value(test, dev, "/opp:100000000/supply-0/u_volt_target",
		     DVFS_V2);
}

/*
 * OPPs without a rate are numbered by the available OPPs their table had
 * once they were added: 1, 2, ... in the order they came.
 */
static void opp_debugfs_rateless_dynamic_opps_numbered(struct kunit *test)
{
	struct dev_pm_opp_data data = { .level = DBG_L_HIGH };
	struct device *dev = opp_kunit_device(test, "opp-dbg");

	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);
	data.level = DBG_L_LOW;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);

	expect_value(test, dev, "/opp:1/level", DBG_L_HIGH);
	expect_value(test, dev, "/opp:2/level", DBG_L_LOW);
	expect_value(test, dev, "/opp:2/rate_hz", 0);
	expect_value(test, dev, "/opp:2/supply-0/u_volt_target", 0);
	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, "/opp:0"));
	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, "/opp:3"));
}

static int opp_debugfs_apply_of(struct kunit *test)
{
	return of_overlay_apply_kunit(test, opp_of_kunit);
}

static int opp_debugfs_apply_own(struct kunit *test)
{
	return of_overlay_apply_kunit(test, opp_debugfs_kunit);
}

static struct device *opp_debugfs_loaded(struct kunit *test,
					 const char *compatible)
{
	struct device *dev = opp_kunit_of_device(test, compatible);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);
	return dev;
}

/*
 * A device tree OPP shows its node's name, its flags, latency and supply
 * values; a table without configured regulators whose OPPs have
 * "opp-microvolt" has one supply.
 */
static void opp_debugfs_dt_opp_files(struct kunit *test)
{
	struct device *dev;

	KUNIT_ASSERT_EQ(test, opp_debugfs_apply_of(test), 0);
	dev = opp_debugfs_loaded(test, "opp-kunit,seed-0");

	expect_text(test, dev, "/opp:1000000000/of_name", "opp-1000000000\n");
	expect_text(test, dev, "/opp:1000000000/dynamic", "N\n");
	expect_text(test, dev, "/opp:1000000000/suspend", "Y\n");
	expect_text(test, dev, "/opp:1000000000/turbo", "N\n");
	expect_text(test, dev, "/opp:1200000000/turbo", "Y\n");
	expect_text(test, dev, "/opp:1200000000/suspend", "N\n");
	expect_value(test, dev, "/opp:1000000000/level", OPP_LEVEL_UNSET);
	expect_value(test, dev, "/opp:1000000000/clock_latency_ns", SEED_LAT1);
	expect_value(test, dev, "/opp:1000000000/supply-0/u_volt_target",
		     SEED_V1);
	expect_value(test, dev, "/opp:1000000000/supply-0/u_volt_min",
		     SEED_V1_MIN);
	expect_value(test, dev, "/opp:1000000000/supply-0/u_volt_max",
		     SEED_V1_MAX);
	expect_value(test, dev, "/opp:1000000000/supply-0/u_amp", SEED_A1);
	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, "/opp:1000000000/supply-1"));
	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, "/opp:1300000000"));
}

/*
 * The second device of a shared table is a symlink to the first one's
 * directory, by name, and the OPPs read the same through it.
 */
static void opp_debugfs_shared_table_symlink(struct kunit *test)
{
	struct device *dev0, *dev1;
	struct dentry *home, *link;

	KUNIT_ASSERT_EQ(test, opp_debugfs_apply_of(test), 0);
	dev0 = opp_debugfs_loaded(test, "opp-kunit,seed-0");
	dev1 = opp_debugfs_loaded(test, "opp-kunit,seed-1");

	link = opp_debugfs_find(test, opp_debugfs_dir(test, dev1, ""));
	KUNIT_ASSERT_NOT_NULL(test, link);
	KUNIT_ASSERT_TRUE(test, d_is_symlink(link));
	KUNIT_EXPECT_STREQ(test, d_inode(link)->i_link,
			   opp_debugfs_dir(test, dev0, ""));
	home = opp_debugfs_find(test, opp_debugfs_dir(test, dev0, ""));
	KUNIT_EXPECT_TRUE(test, home && d_is_dir(home));
	expect_value(test, dev1, "/opp:1100000000/rate_hz", SEED_F2);
}

/*
 * "<k><sub>" for the OPP of node @node in @dev's table, where k is the
 * node's position among the table's available children in the order the
 * live tree lists them, which is the order Linux adds them in and numbers
 * OPPs without a single rate by. (An overlay attaches nodes in reverse, so
 * this is not the source order.)
 */
static const char *opp_debugfs_node_dir(struct kunit *test, struct device *dev,
					const char *node, const char *sub)
{
	struct device_node *table __free(device_node) =
		of_parse_phandle(dev->of_node, "operating-points-v2", 0);
	unsigned int k = 0;
	char *path;

	KUNIT_ASSERT_NOT_NULL(test, table);
	for_each_available_child_of_node_scoped(table, child) {
		k++;
		if (strcmp(of_node_full_name(child), node))
			continue;
		path = kunit_kzalloc(test, 64, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, path);
		snprintf(path, 64, "/opp:%u%s", k, sub);
		return path;
	}

	KUNIT_FAIL_AND_ABORT(test, "%pOF has no available node %s", table, node);
	return NULL;
}

/*
 * A level-only table from the device tree: OPP directories are numbered
 * from 1 in node order (a disabled node is no OPP), not in level order
 * (opp-low, the lowest level, is the middle node either way); no supply
 * directory without supply properties; the rate is 0.
 */
static void opp_debugfs_level_table_in_node_order(struct kunit *test)
{
	struct device *dev;

	KUNIT_ASSERT_EQ(test, opp_debugfs_apply_own(test), 0);
	dev = opp_debugfs_loaded(test, "opp-kunit,dbg-domain");

	KUNIT_EXPECT_STREQ(test, opp_debugfs_node_dir(test, dev, "opp-low", ""),
			   "/opp:2");
	expect_value(test, dev, "/opp:2/level", DBG_L_LOW);
	expect_text(test, dev, "/opp:2/of_name", "opp-low\n");
	expect_value(test, dev,
		     opp_debugfs_node_dir(test, dev, "opp-mid", "/level"),
		     DBG_L_MID);
	expect_value(test, dev,
		     opp_debugfs_node_dir(test, dev, "opp-high", "/level"),
		     DBG_L_HIGH);
	expect_text(test, dev,
		    opp_debugfs_node_dir(test, dev, "opp-high", "/of_name"),
		    "opp-high\n");
	expect_value(test, dev, "/opp:1/rate_hz", 0);
	expect_text(test, dev, "/opp:1/available", "Y\n");
	KUNIT_EXPECT_TRUE(test, has_entry(test, dev, "/opp:3"));
	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, "/opp:4"));
	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, "/opp:1/supply-0"));
}

/* 6.12 only: 6.1's OPPs take no level from their power domain. */
#ifndef OPP_TEST_API_6_1
/*
 * An OPP whose only required OPP is a power domain's shows that OPP's level,
 * once the domain's table is there; unset (U32_MAX) before.
 */
static void opp_debugfs_inherited_level(struct kunit *test)
{
	struct device *consumer, *domain;

	KUNIT_ASSERT_EQ(test, opp_debugfs_apply_own(test), 0);
	consumer = opp_debugfs_loaded(test, "opp-kunit,dbg-consumer");
	expect_text(test, consumer, "/opp:250000000/level", "4294967295\n");

	domain = opp_debugfs_loaded(test, "opp-kunit,dbg-domain");
	expect_value(test, consumer, "/opp:250000000/level", DBG_L_HIGH);
	expect_value(test, domain,
		     opp_debugfs_node_dir(test, domain, "opp-high", "/level"),
		     DBG_L_HIGH);
}
#endif

/* The text of @path, which may be empty. */
static const char *opp_debugfs_maybe_empty(struct kunit *test,
					   const char *path)
{
	struct file *file = opp_debugfs_open(test, path);
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_GE(test, opp_debugfs_read(test, file, buf, PAGE_SIZE), 0);
	return buf;
}

/*
 * Bandwidth-only OPPs: numbered in node order (opp-slow, the lowest, is the
 * middle node either way), one icc-path-<n> directory per interconnect path
 * with the path's name and both bandwidths (0 without "opp-avg-kBps").
 * The paths come from the suites' fake interconnect provider.
 */
static void opp_debugfs_bandwidth_paths(struct kunit *test)
{
	const char *name;
	struct device *dev;

	KUNIT_ASSERT_EQ(test, opp_debugfs_apply_own(test), 0);
	fake_icc(test, NULL, opp_kunit_of_device(test, "opp-kunit,dbg-icc"));
	dev = opp_debugfs_loaded(test, "opp-kunit,dbg-bw");

	expect_text(test, dev, "/opp:2/of_name", "opp-slow\n");
	expect_value(test, dev, "/opp:2/icc-path-0/peak_bw", DBG_BW_SLOW0);
	expect_value(test, dev, "/opp:2/icc-path-1/peak_bw", DBG_BW_SLOW1);
	expect_value(test, dev, "/opp:2/icc-path-0/avg_bw", DBG_AVG_SLOW0);
	expect_value(test, dev, "/opp:2/icc-path-1/avg_bw", DBG_AVG_SLOW1);
	expect_value(test, dev, opp_debugfs_node_dir(test, dev, "opp-fast",
						     "/icc-path-1/peak_bw"),
		     DBG_BW_FAST1);
	expect_value(test, dev, opp_debugfs_node_dir(test, dev, "opp-fast",
						     "/icc-path-0/avg_bw"), 0);
	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, "/opp:2/icc-path-2"));
	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, "/opp:2/supply-0"));
	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, "/opp:4"));

	/* The interconnect core names a path "<source>-<destination>". */
	name = opp_debugfs_dir(test, dev, "/opp:2/icc-path-1/name");
	KUNIT_EXPECT_NOT_NULL(test, strstr(opp_debugfs_maybe_empty(test, name),
					   "fake-m1-fake-s1"));
}

/*
 * A two-clock table: rate_hz_<n> per clock and no rate_hz; the directories
 * are numbered in node order.
 */
static void opp_debugfs_two_clocks(struct kunit *test)
{
	static const char * const clks[] = { "core", "bus", NULL };
	struct dev_pm_opp_config config = {
		.clk_names = clks,
		.config_clks = dev_pm_opp_config_clks_simple,
	};
	struct opp_kunit_dvfs *fix;
	struct device *dev;

	KUNIT_ASSERT_EQ(test, of_overlay_apply_kunit(test, opp_dvfs_kunit), 0);
	fix = opp_kunit_dvfs(test, "opp-kunit,2clk", true, DVFS_F2, 0);
	dev = fix->dev;
	KUNIT_ASSERT_EQ(test, devm_pm_opp_set_config(dev, &config), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);

	expect_value(test, dev,
		     opp_debugfs_node_dir(test, dev, "opp-low", "/rate_hz_0"),
		     DVFS_F1);
	expect_value(test, dev,
		     opp_debugfs_node_dir(test, dev, "opp-low", "/rate_hz_1"), 0);
	expect_value(test, dev,
		     opp_debugfs_node_dir(test, dev, "opp-high", "/rate_hz_0"),
		     DVFS_F3);
	expect_value(test, dev,
		     opp_debugfs_node_dir(test, dev, "opp-high", "/rate_hz_1"),
		     DVFS_F2);
	expect_text(test, dev,
		    opp_debugfs_node_dir(test, dev, "opp-high", "/of_name"),
		    "opp-high\n");
	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, "/opp:1/rate_hz"));
	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, "/opp:1/rate_hz_2"));
	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, "/opp:3"));
}

/* Two configured regulators: supply-0 and supply-1, in supply order. */
static void opp_debugfs_two_supplies(struct kunit *test)
{
	static const char * const names[] = { "vdd", "vdd2", NULL };
	struct opp_kunit_dvfs *fix;

	KUNIT_ASSERT_EQ(test, of_overlay_apply_kunit(test, opp_dvfs_kunit), 0);
	fix = opp_kunit_dvfs(test, "opp-kunit,dual", true, DVFS_F1, 2);
	KUNIT_ASSERT_EQ(test, devm_pm_opp_set_regulators(fix->dev, names), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(fix->dev), 0);

	expect_value(test, fix->dev, "/opp:300000000/supply-0/u_volt_target",
		     DVFS_V3);
	expect_value(test, fix->dev, "/opp:300000000/supply-1/u_volt_target",
		     DVFS_W3);
	expect_value(test, fix->dev, "/opp:100000000/supply-1/u_volt_min",
		     DVFS_W1);
	KUNIT_EXPECT_FALSE(test,
			   has_entry(test, fix->dev, "/opp:100000000/supply-2"));
}

/* Removed OPPs and dead tables leave no entry behind. */
static void opp_debugfs_entries_go_with_objects(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-dbg");

	opp_kunit_add(test, dev, DVFS_F1, DVFS_V1);
	opp_kunit_add(test, dev, DVFS_F2, DVFS_V2);
	dev_pm_opp_remove(dev, DVFS_F1);
	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, "/opp:100000000"));
	KUNIT_EXPECT_TRUE(test, has_entry(test, dev, "/opp:200000000"));

	dev_pm_opp_remove(dev, DVFS_F2);
	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, ""));
}

/* A file left open while its OPP and table go reads an error, not freed memory. */
static void opp_debugfs_open_file_survives_removal(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-dbg");
	const char *rate_path = opp_debugfs_dir(test, dev,
						"/opp:100000000/rate_hz");
	struct file *rate, *stats;
	char buf[32];

	opp_kunit_add(test, dev, DVFS_F1, DVFS_V1);
	rate = opp_debugfs_open(test, rate_path);
	stats = opp_debugfs_open(test, opp_debugfs_dir(test, dev, "/stats"));
	KUNIT_ASSERT_GT(test, opp_debugfs_read(test, rate, buf, sizeof(buf)), 0);

	dev_pm_opp_remove(dev, DVFS_F1);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
	opp_flush_releases();
	KUNIT_EXPECT_LT(test, opp_debugfs_read(test, rate, buf, sizeof(buf)), 0);
	KUNIT_EXPECT_LT(test, opp_debugfs_read(test, stats, buf, sizeof(buf)), 0);
}

/* OPPs that share a rate get distinct directories. */
static void opp_debugfs_same_rate_distinct_names(struct kunit *test)
{
	struct dev_pm_opp_data data = { .freq = DVFS_F1, .u_volt = DVFS_V1 };
	struct device *dev = opp_kunit_device(test, "opp-dbg");

	data.level = 1;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);
	data.level = 2;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);
	expect_value(test, dev, "/opp:100000000/level", 1);
	expect_value(test, dev, "/opp:100000000-2/level", 2);
}

/*
 * A multi-key table: three OPPs of one rate and one level, told apart by
 * bandwidth only. The first keeps the 6.12 name, the others do not collide.
 */
static void opp_debugfs_same_rate_and_level_distinct_names(struct kunit *test)
{
	static const struct opp_kunit_desc descs[] = {
		{ .rates = { DVFS_F1 }, .peak = { 1000 }, .level = 5,
		  .available = true },
		{ .rates = { DVFS_F1 }, .peak = { 2000 }, .level = 5,
		  .available = true },
		{ .rates = { DVFS_F1 }, .peak = { 3000 }, .level = 5,
		  .available = true },
	};
	struct device *dev = opp_kunit_device(test, "opp-dbg");

	opp_kunit_populate(test, dev, 1, 1, descs, ARRAY_SIZE(descs));
	expect_value(test, dev, "/opp:100000000/level", 5);
	expect_value(test, dev, "/opp:100000000-5/level", 5);
	expect_value(test, dev, "/opp:100000000-5.1/level", 5);
	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, "/opp:100000000-5.2"));
}

/* 6.12 only: 6.1's OPPs take no level from their power domain. */
#ifndef OPP_TEST_API_6_1
/*
 * OPPs of one rate told apart by the levels they inherit from their power
 * domain, loaded after it, show those levels. The OPP of the node that
 * comes first keeps the 6.12 name, the other one's names its level.
 */
static void opp_debugfs_inherited_levels(struct kunit *test)
{
	struct device *domain, *dev;
	unsigned long first, other;
	char path[40];

	KUNIT_ASSERT_EQ(test, of_overlay_apply_kunit(test, opp_of_kunit), 0);
	domain = opp_kunit_of_device(test, "opp-kunit,domain");
	dev = opp_kunit_of_device(test, "opp-kunit,same-rate");
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(domain), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);

	first = opp_debugfs_value(test,
				  opp_debugfs_dir(test, dev, "/opp:200000000/level"));
	KUNIT_ASSERT_TRUE(test, first == DOM_L1 || first == DOM_L2);
	other = first == DOM_L1 ? DOM_L2 : DOM_L1;
	snprintf(path, sizeof(path), "/opp:200000000-%lu/level", other);
	expect_value(test, dev, path, other);
}
#endif

/* stats counts transitions; summary lists the table and its OPPs. */
static void opp_debugfs_stats_and_summary(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-dbg-dvfs", false,
						    DVFS_F1, 0);
	const char *stats, *summary;

	opp_kunit_add(test, fix->dev, DVFS_F1, DVFS_V1);
	opp_kunit_add(test, fix->dev, DVFS_F3, DVFS_V3);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), 0);

	stats = opp_debugfs_text(test, opp_debugfs_dir(test, fix->dev, "/stats"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(stats, "transitions: 1\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(stats, "current_opp_hz: 300000000\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(stats, "time_in_state_ms:\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(stats, "  100000000: 0\n"));

	summary = opp_debugfs_text(test, "summary");
	KUNIT_EXPECT_NOT_NULL(test, strstr(summary, "opp-dbg-dvfs"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(summary, "300000000 Hz"));
}

static struct kunit_case opp_debugfs_cases[] = {
	KUNIT_CASE(opp_debugfs_shows_each_opp),
	KUNIT_CASE(opp_debugfs_follows_changes),
	KUNIT_CASE(opp_debugfs_rateless_dynamic_opps_numbered),
	KUNIT_CASE(opp_debugfs_dt_opp_files),
	KUNIT_CASE(opp_debugfs_shared_table_symlink),
	KUNIT_CASE(opp_debugfs_level_table_in_node_order),
#ifndef OPP_TEST_API_6_1
	KUNIT_CASE(opp_debugfs_inherited_level),
#endif
	KUNIT_CASE(opp_debugfs_bandwidth_paths),
	KUNIT_CASE(opp_debugfs_two_clocks),
	KUNIT_CASE(opp_debugfs_two_supplies),
	KUNIT_CASE(opp_debugfs_entries_go_with_objects),
	KUNIT_CASE(opp_debugfs_open_file_survives_removal),
	KUNIT_CASE(opp_debugfs_same_rate_distinct_names),
	KUNIT_CASE(opp_debugfs_same_rate_and_level_distinct_names),
#ifndef OPP_TEST_API_6_1
	KUNIT_CASE(opp_debugfs_inherited_levels),
#endif
	KUNIT_CASE(opp_debugfs_stats_and_summary),
	{}
};

static struct kunit_suite opp_debugfs_suite = {
	.name = "opp_debugfs",
	.test_cases = opp_debugfs_cases,
};

kunit_test_suite(opp_debugfs_suite);
