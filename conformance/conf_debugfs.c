// SPDX-License-Identifier: GPL-2.0-only
/*
 * opp_conf_debugfs: the files under /sys/kernel/debug/opp, read as user
 * space reads them.
 */

#include <kunit/test.h>
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/kstrtox.h>
#include <linux/pm_opp.h>

#include "conf.h"

#define DBG_F1		100000000UL
#define DBG_U1		900000UL
#define DBG_DIR		"opp/conf-dbg/opp:100000000/"

/* A device with one added OPP at 100 MHz and 0.9 V. */
static struct device *dbg_added(struct kunit *test)
{
	struct device *dev = conf_device(test, "conf-dbg");

	conf_add(test, dev, DBG_F1, DBG_U1);
	return dev;
}

/* A device named conf-dbg on the node of @compatible, its table loaded. */
static struct device *dbg_of(struct kunit *test, const char *compatible)
{
	struct device *dev;

	CONF_OVERLAY(test, conf_of);
	dev = conf_of_device(test, "conf-dbg", compatible);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	return dev;
}

/* "available" reads Y, and N once the OPP is disabled. */
static void conf_debugfs_available_is_y_then_n(struct kunit *test)
{
	struct device *dev = dbg_added(test);

	conf_expect_debugfs(test, DBG_DIR "available", "Y\n");
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, DBG_F1), 0);
	conf_expect_debugfs(test, DBG_DIR "available", "N\n");
}

/* "rate_hz" is the rate in Hz. */
static void conf_debugfs_rate_hz(struct kunit *test)
{
	dbg_added(test);
	conf_expect_debugfs(test, DBG_DIR "rate_hz", "100000000\n");
}

/* An added OPP: dynamic Y, turbo N, suspend N, level 0. */
static void conf_debugfs_flags_of_added_opp(struct kunit *test)
{
	dbg_added(test);
	conf_expect_debugfs(test, DBG_DIR "dynamic", "Y\n");
	conf_expect_debugfs(test, DBG_DIR "turbo", "N\n");
	conf_expect_debugfs(test, DBG_DIR "suspend", "N\n");
	conf_expect_debugfs(test, DBG_DIR "level", "0\n");
}

/* supply-0 holds the target, minimum and maximum voltages. */
static void conf_debugfs_supply_of_added_opp(struct kunit *test)
{
	dbg_added(test);
	conf_expect_debugfs(test, DBG_DIR "supply-0/u_volt_target", "900000\n");
	conf_expect_debugfs(test, DBG_DIR "supply-0/u_volt_min", "900000\n");
	conf_expect_debugfs(test, DBG_DIR "supply-0/u_volt_max", "900000\n");
	conf_expect_debugfs(test, DBG_DIR "supply-0/u_amp", "0\n");
}

/* An added OPP has no node: of_name says so. */
static void conf_debugfs_of_name_of_added_opp(struct kunit *test)
{
	dbg_added(test);
	conf_expect_debugfs(test, DBG_DIR "of_name", "<no-node>\n");
}

/* A DT OPP: of_name is its node's name, dynamic N. */
static void conf_debugfs_of_name_of_dt_opp(struct kunit *test)
{
	dbg_of(test, "conf,v2");
	conf_expect_debugfs(test, DBG_DIR "of_name", "opp-100000000\n");
	conf_expect_debugfs(test, DBG_DIR "dynamic", "N\n");
}

/* A DT OPP's turbo, suspend and latency files. */
static void conf_debugfs_dt_flags(struct kunit *test)
{
	dbg_of(test, "conf,v2");
	conf_expect_debugfs(test, "opp/conf-dbg/opp:300000000/turbo", "Y\n");
	conf_expect_debugfs(test, "opp/conf-dbg/opp:300000000/suspend", "Y\n");
	conf_expect_debugfs(test, DBG_DIR "clock_latency_ns", "50000\n");
}

/* A DT OPP without opp-level reads level 4294967295. */
static void conf_debugfs_dt_level_unset(struct kunit *test)
{
	dbg_of(test, "conf,v2");
	conf_expect_debugfs(test, DBG_DIR "level",
			    CONF_NO_LEVEL ? "4294967295\n" : "0\n");
}

/* A triplet's three voltages and the current. */
static void conf_debugfs_dt_supply_triplet(struct kunit *test)
{
	dbg_of(test, "conf,v2");
	conf_expect_debugfs(test, "opp/conf-dbg/opp:200000000/supply-0/u_volt_target",
			    "950000\n");
	conf_expect_debugfs(test, "opp/conf-dbg/opp:200000000/supply-0/u_volt_min",
			    "900000\n");
	conf_expect_debugfs(test, "opp/conf-dbg/opp:200000000/supply-0/u_volt_max",
			    "1000000\n");
	conf_expect_debugfs(test, "opp/conf-dbg/opp:200000000/supply-0/u_amp",
			    "70000\n");
	conf_expect_debugfs(test, "opp/conf-dbg/opp:200000000/supply-0/u_watt",
			    "300000\n");
}

/* A table without opp-microvolt has no supply directory. */
static void conf_debugfs_no_supply_without_microvolt(struct kunit *test)
{
	dbg_of(test, "conf,excl-a");
	KUNIT_EXPECT_TRUE(test, conf_debugfs_exists(test, DBG_DIR "rate_hz"));
	KUNIT_EXPECT_FALSE(test, conf_debugfs_exists(test, DBG_DIR "supply-0"));
}

/* The level read from "opp/conf-dbg/opp:<n>/level", or 0. */
static unsigned long dbg_level_of(struct kunit *test, unsigned int n)
{
	char path[40], buf[32];
	unsigned long level;

	snprintf(path, sizeof(path), "opp/conf-dbg/opp:%u/level", n);
	if (conf_debugfs_read(test, path, buf, sizeof(buf)) <= 0 ||
	    kstrtoul(buf, 10, &level))
		return 0;
	return level;
}

/*
 * Without rates, the directories are numbered from 1 as the OPPs load, in
 * node order: opp:1 to opp:3, one OPP each. An overlay puts the children
 * of a node in the live tree in the reverse of their source order, so the
 * first node is opp-high.
 */
static void conf_debugfs_level_only_dirs_are_numbered(struct kunit *test)
{
	dbg_of(test, "conf,level");
	KUNIT_EXPECT_EQ(test, dbg_level_of(test, 1), LVL_3);
	KUNIT_EXPECT_EQ(test, dbg_level_of(test, 2), LVL_2);
	KUNIT_EXPECT_EQ(test, dbg_level_of(test, 3), LVL_1);
	KUNIT_EXPECT_FALSE(test, conf_debugfs_exists(test, "opp/conf-dbg/opp:0"));
	KUNIT_EXPECT_FALSE(test, conf_debugfs_exists(test, "opp/conf-dbg/opp:4"));
}

/* Each interconnect path: its name, peak and average bandwidth. */
static void conf_debugfs_icc_paths(struct kunit *test)
{
	struct device *dev;

	CONF_OVERLAY(test, conf_of);
	conf_icc(test, NULL, "conf,icc");
	dev = conf_of_device(test, "conf-dbg", "conf,bw");
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	conf_expect_debugfs(test, DBG_DIR "icc-path-0/name", "fake-m0-fake-s0\n");
	conf_expect_debugfs(test, DBG_DIR "icc-path-1/name", "fake-m1-fake-s1\n");
	conf_expect_debugfs(test, DBG_DIR "icc-path-0/peak_bw", "1000\n");
	conf_expect_debugfs(test, DBG_DIR "icc-path-1/avg_bw", "1500\n");
}

/* The second device of a shared table reaches it through its own name. */
static void conf_debugfs_shared_table_second_device(struct kunit *test)
{
	struct device *a, *b;

	CONF_OVERLAY(test, conf_of);
	a = conf_of_device(test, "conf-dbg-a", "conf,shared-a");
	b = conf_of_device(test, "conf-dbg-b", "conf,shared-b");
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, a), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, b), 0);
	conf_expect_debugfs(test, "opp/conf-dbg-b/opp:100000000/rate_hz",
			    "100000000\n");
	conf_expect_debugfs(test, "opp/conf-dbg-a/opp:200000000/rate_hz",
			    "200000000\n");
}

/* A removed table's directory is gone. */
static void conf_debugfs_removed_table_is_gone(struct kunit *test)
{
	struct device *dev = dbg_added(test);

	KUNIT_ASSERT_TRUE(test, conf_debugfs_exists(test, "opp/conf-dbg"));
	dev_pm_opp_remove(dev, DBG_F1);
	KUNIT_EXPECT_FALSE(test, conf_debugfs_exists(test, "opp/conf-dbg"));
}

/* A removed OPP's directory is gone, its table's stays. */
static void conf_debugfs_removed_opp_is_gone(struct kunit *test)
{
	struct device *dev = dbg_added(test);

	conf_add(test, dev, DBG_F1 * 2, DBG_U1);
	dev_pm_opp_remove(dev, DBG_F1 * 2);
	KUNIT_EXPECT_FALSE(test, conf_debugfs_exists(test,
						     "opp/conf-dbg/opp:200000000"));
	KUNIT_EXPECT_TRUE(test, conf_debugfs_exists(test, DBG_DIR "rate_hz"));
}

static const char * const dbg_clocks[] = { "core", "bus", NULL };

/* Reads opp:<n>/rate_hz_<i>, or 0. */
static unsigned long dbg_rate_of(struct kunit *test, unsigned int n,
				 unsigned int i)
{
	char path[48], buf[32];
	unsigned long rate;

	snprintf(path, sizeof(path), "opp/conf-dbg/opp:%u/rate_hz_%u", n, i);
	if (conf_debugfs_read(test, path, buf, sizeof(buf)) <= 0 ||
	    kstrtoul(buf, 10, &rate))
		return 0;
	return rate;
}

/*
 * Two clocks: each numbered directory (opp:1, opp:2) has rate_hz_0 and
 * rate_hz_1, the OPP's two rates.
 */
static void conf_debugfs_two_clocks(struct kunit *test)
{
	unsigned int high;

	struct dev_pm_opp_config config = {
		.clk_names = dbg_clocks,
		.config_clks = dev_pm_opp_config_clks_simple,
	};
	struct device *dev;

	CONF_OVERLAY(test, conf_dvfs);
	fake_clk(test, NULL, "conf-dbg", "core", MC_LO_CORE, 0);
	fake_clk(test, NULL, "conf-dbg", "bus", MC_LO_BUS, 1);
	dev = conf_of_device(test, "conf-dbg", "conf,mc");
	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	high = dbg_rate_of(test, 1, 0) == MC_HI_CORE ? 1 : 2;
	KUNIT_EXPECT_EQ(test, dbg_rate_of(test, high, 0), MC_HI_CORE);
	KUNIT_EXPECT_EQ(test, dbg_rate_of(test, high, 1), MC_HI_BUS);
	KUNIT_EXPECT_EQ(test, dbg_rate_of(test, 3 - high, 0), MC_LO_CORE);
	KUNIT_EXPECT_EQ(test, dbg_rate_of(test, 3 - high, 1), MC_LO_BUS);
}

/* A device with a parent is listed as "<parent>-<device>". */
static void conf_debugfs_dir_names_parent_and_device(struct kunit *test)
{
	struct device *dev = kunit_device_register(test, "dbg");
	char path[160];

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	KUNIT_ASSERT_NOT_NULL(test, dev->parent);
	conf_track_tables(test, dev);
	conf_add(test, dev, DBG_F1, DBG_U1);
	snprintf(path, sizeof(path), "opp/%s-%s/opp:100000000/rate_hz",
		 dev_name(dev->parent), dev_name(dev));
	conf_expect_debugfs(test, path, "100000000\n");
}

static struct kunit_case conf_debugfs_cases[] = {
	KUNIT_CASE(conf_debugfs_available_is_y_then_n),
	KUNIT_CASE(conf_debugfs_rate_hz),
	KUNIT_CASE(conf_debugfs_flags_of_added_opp),
	KUNIT_CASE(conf_debugfs_supply_of_added_opp),
	KUNIT_CASE(conf_debugfs_of_name_of_added_opp),
	KUNIT_CASE(conf_debugfs_of_name_of_dt_opp),
	KUNIT_CASE(conf_debugfs_dt_flags),
	KUNIT_CASE(conf_debugfs_dt_level_unset),
	KUNIT_CASE(conf_debugfs_dt_supply_triplet),
	KUNIT_CASE(conf_debugfs_no_supply_without_microvolt),
	KUNIT_CASE(conf_debugfs_level_only_dirs_are_numbered),
	KUNIT_CASE(conf_debugfs_icc_paths),
	KUNIT_CASE(conf_debugfs_shared_table_second_device),
	KUNIT_CASE(conf_debugfs_removed_table_is_gone),
	KUNIT_CASE(conf_debugfs_removed_opp_is_gone),
	KUNIT_CASE(conf_debugfs_two_clocks),
	KUNIT_CASE(conf_debugfs_dir_names_parent_and_device),
	{}
};

static struct kunit_suite conf_debugfs_suite = {
	.name = "opp_conf_debugfs",
	.test_cases = conf_debugfs_cases,
};

kunit_test_suites(&conf_debugfs_suite);
