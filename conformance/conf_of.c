// SPDX-License-Identifier: GPL-2.0-only
/*
 * opp_conf_of: which OPPs a device tree table loads, with which values, and
 * the errors of the tables the core refuses.
 * opp_conf_of_hw: opp-supported-hw and opp-microvolt-<name>.
 * opp_conf_of_v1: the deprecated operating-points binding.
 * opp_conf_of_tables: shared, exclusive and indexed tables, and their
 * life cycle.
 */

#include <kunit/test.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/of.h>
#include <linux/pm_opp.h>
#include <linux/string.h>

#include "conf.h"

#define OF_NAME		"conf-of"

/* A device bound to the node of @compatible in the parsing overlay. */
static struct device *of_dev(struct kunit *test, const char *compatible)
{
	CONF_OVERLAY(test, conf_of);
	return conf_of_device(test, OF_NAME, compatible);
}

/* The same, with its table loaded. */
static struct device *of_loaded(struct kunit *test, const char *compatible)
{
	struct device *dev = of_dev(test, compatible);

	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	return dev;
}

static struct dev_pm_opp_supply of_supply(struct kunit *test,
					  struct device *dev,
					  unsigned long freq)
{
	struct dev_pm_opp_supply supply = {};

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_supplies(conf_exact(test, dev, freq,
								 true),
						      &supply),
			0);
	return supply;
}

/* Nodes with status = "disabled" are not OPPs at all. */
static void conf_of_disabled_node_is_not_loaded(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,v2");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_exact(dev, V2_F4,
								 false)),
			-ERANGE);
}

/* One opp-microvolt value is the target, the minimum and the maximum. */
static void conf_of_single_microvolt_is_target_min_max(struct kunit *test)
{
	struct dev_pm_opp_supply s = of_supply(test, of_loaded(test, "conf,v2"),
					       V2_F1);

	KUNIT_EXPECT_EQ(test, s.u_volt, V2_U1);
	KUNIT_EXPECT_EQ(test, s.u_volt_min, V2_U1);
	KUNIT_EXPECT_EQ(test, s.u_volt_max, V2_U1);
}

/* Three opp-microvolt values are target, minimum, maximum. */
static void conf_of_microvolt_triplet(struct kunit *test)
{
	struct dev_pm_opp_supply s = of_supply(test, of_loaded(test, "conf,v2"),
					       V2_F2);

	KUNIT_EXPECT_EQ(test, s.u_volt, V2_U2);
	KUNIT_EXPECT_EQ(test, s.u_volt_min, V2_U2_MIN);
	KUNIT_EXPECT_EQ(test, s.u_volt_max, V2_U2_MAX);
}

/* opp-microamp is the supply's current. */
static void conf_of_microamp(struct kunit *test)
{
	struct dev_pm_opp_supply s = of_supply(test, of_loaded(test, "conf,v2"),
					       V2_F2);

	KUNIT_EXPECT_EQ(test, s.u_amp, V2_A2);
}

/* opp-microwatt is the OPP's power. */
static void conf_of_microwatt_is_power(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,v2");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_power(conf_exact(test, dev, V2_F2,
							      true)),
			V2_W2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_power(conf_exact(test, dev, V2_F1,
							      true)),
			0);
}

/* The table's clock latency is the largest clock-latency-ns. */
static void conf_of_clock_latency_is_max(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test,
			dev_pm_opp_get_max_clock_latency(of_loaded(test, "conf,v2")),
			V2_LAT2);
}

/* turbo-mode marks that OPP alone. */
static void conf_of_turbo_mode(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,v2");

	KUNIT_EXPECT_TRUE(test, dev_pm_opp_is_turbo(conf_exact(test, dev, V2_F3,
							       true)));
	KUNIT_EXPECT_FALSE(test, dev_pm_opp_is_turbo(conf_exact(test, dev, V2_F2,
								true)));
}

/* opp-suspend names the suspend OPP. */
static void conf_of_opp_suspend(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test,
			dev_pm_opp_get_suspend_opp_freq(of_loaded(test, "conf,v2")),
			V2_F3);
}

/* Of two opp-suspend OPPs, the faster one is the suspend OPP. */
static void conf_of_two_suspend_opps_keep_fastest(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test,
			dev_pm_opp_get_suspend_opp_freq(of_loaded(test,
								  "conf,suspend2")),
			SUSP_F2);
}

/* A disabled suspend OPP gives no suspend rate. */
static void conf_of_disabled_suspend_opp_is_zero(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,v2");

	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, V2_F3), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_suspend_opp_freq(dev), 0);
}

/* A levels-only table: every OPP with its level, found by level. */
static void conf_of_level_only_table(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,level");
	struct dev_pm_opp *opp;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
	opp = dev_pm_opp_find_level_exact(dev, LVL_2);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	conf_keep_opp(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), LVL_2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), 0);
}

#ifndef OPP_TEST_API_6_1
/* A table without opp-level has no levels: a ceil level lookup is -ENODEV. */
static void conf_of_level_ceil_without_levels(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,v2");
	unsigned int level = 0;

	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_level_ceil(dev, &level)),
			-ENODEV);
}
#else
/* 6.1: an OPP without opp-level is at level 0, where a ceil lookup starts. */
static void conf_of_level_ceil_without_levels(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,v2");
	unsigned int level = 0;
	struct dev_pm_opp *opp = dev_pm_opp_find_level_ceil(dev, &level);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	conf_keep_opp(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), V2_F1);
	KUNIT_EXPECT_EQ(test, level, 0);
}
#endif

/* An OPP without opp-level reads the level of none. */
static void conf_of_level_unset_reads_no_level(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,v2");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(conf_exact(test, dev, V2_F1,
							      true)),
			CONF_NO_LEVEL);
}

/* The bandwidth table, its interconnect provider made first. */
static struct device *of_bw(struct kunit *test)
{
	CONF_OVERLAY(test, conf_of);
	conf_icc(test, NULL, "conf,icc");
	return conf_of_device(test, OF_NAME, "conf,bw");
}

/* Bandwidth lookups compare the peak of the path asked for. */
static void conf_of_bw_ceil_by_path(struct kunit *test)
{
	struct device *dev = of_bw(test);
	unsigned int bw0 = BW_P1 + 1, bw1 = BW_P1B + 1;
	struct dev_pm_opp *opp;

	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	opp = dev_pm_opp_find_bw_ceil(dev, &bw0, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), BW_F2);
	dev_pm_opp_put(opp);
	opp = dev_pm_opp_find_bw_ceil(dev, &bw1, 1);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), BW_F2);
	dev_pm_opp_put(opp);
	KUNIT_EXPECT_EQ(test, bw0, BW_P2);
	KUNIT_EXPECT_EQ(test, bw1, BW_P2B);
}

/* A floor bandwidth lookup rounds down. */
static void conf_of_bw_floor(struct kunit *test)
{
	struct device *dev = of_bw(test);
	unsigned int bw = BW_P2 - 1;
	struct dev_pm_opp *opp;

	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	opp = dev_pm_opp_find_bw_floor(dev, &bw, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), BW_F1);
	dev_pm_opp_put(opp);
	KUNIT_EXPECT_EQ(test, bw, BW_P1);
}

/* A path index past the table's paths, or below 0, is -EINVAL, quietly. */
static void conf_of_bw_index_beyond_paths_is_einval(struct kunit *test)
{
	struct device *dev = of_bw(test);
	struct fake_console *con;
	unsigned int bw = 0;

	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	con = conf_console(test, dev);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_bw_ceil(dev, &bw, 2)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_bw_floor(dev, &bw, -1)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, fake_console_count(con), 0);
}

/* Bandwidth lookups on a table without bandwidth are -EINVAL. */
static void conf_of_bw_without_paths_is_einval(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,v2");
	unsigned int bw = 0;

	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_bw_ceil(dev, &bw, 0)),
			-EINVAL);
}

/* Without its interconnect provider, the bandwidth table defers. */
static void conf_of_bw_without_provider_defers(struct kunit *test)
{
	struct device *dev = of_dev(test, "conf,bw");

	KUNIT_EXPECT_EQ(test, conf_of_add_table(test, dev), -EPROBE_DEFER);
}

/* Two OPP nodes with the same rate and voltage: the second is skipped. */
static void conf_of_duplicate_opp_is_skipped(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,dup-same");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
}

/* The same rate with another voltage fails the whole table: -EEXIST. */
static void conf_of_same_rate_other_voltage_is_eexist(struct kunit *test)
{
	struct device *dev = of_dev(test, "conf,dup-volt");

	KUNIT_EXPECT_EQ(test, conf_of_add_table(test, dev), -EEXIST);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* An OPP node with neither rate, bandwidth nor level: -ENODEV. */
static void conf_of_node_without_key_is_enodev(struct kunit *test)
{
	struct device *dev = of_dev(test, "conf,nokey");

	KUNIT_EXPECT_EQ(test, conf_of_add_table(test, dev), -ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* A table none of whose OPPs the hardware supports: -ENOENT. */
static void conf_of_no_supported_opp_is_enoent(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, conf_of_add_table(test, of_dev(test, "conf,allhw")),
			-ENOENT);
}

/*
 * A table node with no OPP nodes: -ENOENT, with a warning that the table is
 * empty, an error that it has no OPP to read bandwidths from, and an error
 * that no OPP could be added.
 */
static void conf_of_empty_table_is_enoent(struct kunit *test)
{
	struct device *dev = of_dev(test, "conf,empty");
	struct fake_console *con = conf_console(test, dev);

	KUNIT_EXPECT_EQ(test, conf_of_add_table(test, dev), -ENOENT);
	KUNIT_EXPECT_EQ(test, fake_console_count(con), 3);
}

/* Two opp-hz values for a table with one clock: -EINVAL. */
static void conf_of_opp_hz_count_mismatch_is_einval(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, conf_of_add_table(test, of_dev(test, "conf,twohz")),
			-EINVAL);
}

/*
 * A load that fails at a node: the notifiers heard of the OPPs of the nodes
 * before it one by one, in node order, then of their removal, in rate
 * order. The OPP added by code stays.
 */
static void conf_of_failed_load_adds_then_removes(struct kunit *test)
{
	struct device *dev = of_dev(test, "conf,late-bad");
	struct device_node *np __free(device_node) =
		dev_pm_opp_of_get_opp_desc_node(dev);
	struct conf_notes *notes;
	u64 hz[3], lo;
	unsigned int n = 0, i;

	KUNIT_ASSERT_NOT_NULL(test, np);
	conf_add(test, dev, LATE_F_DYN, LATE_U);
	notes = conf_notes(test, dev);
	KUNIT_EXPECT_EQ(test, conf_of_add_table(test, dev), -EINVAL);

	for_each_available_child_of_node_scoped(np, child) {
		if (of_property_count_u64_elems(child, "opp-hz") != 1 || n == 3)
			break;
		KUNIT_ASSERT_EQ(test, of_property_read_u64(child, "opp-hz",
							   &hz[n]), 0);
		n++;
	}
	KUNIT_ASSERT_GT(test, n, 0);
	KUNIT_ASSERT_EQ(test, notes->nr, 2 * n);
	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_EQ(test, notes->event[i], OPP_EVENT_ADD);
		KUNIT_EXPECT_EQ(test, notes->freq[i], hz[i]);
	}
	if (n == 2 && hz[1] < hz[0]) {
		lo = hz[1];
		hz[1] = hz[0];
		hz[0] = lo;
	}
	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_EQ(test, notes->event[n + i], OPP_EVENT_REMOVE);
		KUNIT_EXPECT_EQ(test, notes->freq[n + i], hz[i]);
	}
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
}

/* A node with neither binding: -ENODEV. */
static void conf_of_no_table_property_is_enodev(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, conf_of_add_table(test, of_dev(test, "conf,none")),
			-ENODEV);
}

/* A device with no device tree node at all: -ENODEV. */
static void conf_of_device_without_node_is_enodev(struct kunit *test)
{
	struct device *dev = conf_device(test, OF_NAME);

	KUNIT_EXPECT_EQ(test, conf_of_add_table(test, dev), -ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* Interconnect paths asked for a device with no node at all: -ENODEV. */
static void conf_of_find_icc_paths_without_node_is_enodev(struct kunit *test)
{
	struct device *dev = conf_device(test, OF_NAME);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_find_icc_paths(dev, NULL), -ENODEV);
}

/* A node whose table has no "opp-peak-kBps" has no paths: no error. */
static void conf_of_find_icc_paths_without_bandwidth_is_zero(struct kunit *test)
{
	struct device *dev = of_dev(test, "conf,v2");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_find_icc_paths(dev, NULL), 0);
}

/* Nor has a node without a table. */
static void conf_of_find_icc_paths_without_table_is_zero(struct kunit *test)
{
	struct device *dev = of_dev(test, "conf,none");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_find_icc_paths(dev, NULL), 0);
}

/* dev_pm_opp_get_of_node() is the OPP's node. */
static void conf_of_opp_node(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,v2");
	struct device_node *np;

	np = dev_pm_opp_get_of_node(conf_exact(test, dev, V2_F1, true));
	KUNIT_ASSERT_NOT_NULL(test, np);
	KUNIT_EXPECT_STREQ(test, kbasename(of_node_full_name(np)),
			   "opp-100000000");
	of_node_put(np);
}

/* dev_pm_opp_of_get_opp_desc_node() is the table's node. */
static void conf_of_desc_node(struct kunit *test)
{
	struct device *dev = of_dev(test, "conf,v2");
	struct device_node *np = dev_pm_opp_of_get_opp_desc_node(dev);

	KUNIT_ASSERT_NOT_NULL(test, np);
	KUNIT_EXPECT_STREQ(test, kbasename(of_node_full_name(np)),
			   "conf-v2-table");
	of_node_put(np);
}

static const char * const of_vdd[] = { "vdd", NULL };

/* Latency of a transition: the regulator's across the range, plus clock. */
static void conf_of_transition_latency(struct kunit *test)
{
	struct dev_pm_opp_config config = { .regulator_names = of_vdd };
	struct device *dev;

	CONF_OVERLAY(test, conf_of);
	fake_reg(test, NULL, OF_NAME, "vdd", 0, 1000);
	dev = conf_of_device(test, OF_NAME, "conf,v2");
	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_max_volt_latency(dev),
			(V2_U2_MAX - V2_U1) / 1000 * 1000);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_max_transition_latency(dev),
			(V2_U2_MAX - V2_U1) / 1000 * 1000 + V2_LAT2);
}

#ifndef OPP_TEST_API_6_1
/* Cases of 6.12's API that 6.1's lacks: left out on 6.1, on both cores. */

/* Level lookups round as rate lookups do. */
static void conf_of_level_ceil_and_floor(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,level");
	unsigned int up = LVL_1 + 1, down = LVL_3 - 1;
	struct dev_pm_opp *opp;

	opp = dev_pm_opp_find_level_ceil(dev, &up);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	dev_pm_opp_put(opp);
	opp = dev_pm_opp_find_level_floor(dev, &down);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	dev_pm_opp_put(opp);
	KUNIT_EXPECT_EQ(test, up, LVL_2);
	KUNIT_EXPECT_EQ(test, down, LVL_2);
}

/*
 * dev_pm_opp_of_has_required_opp() of a device whose table node has no OPP
 * node: false, with a warning that the table is empty.
 */
static void conf_of_has_required_opp_of_empty_table(struct kunit *test)
{
	struct device *dev = of_dev(test, "conf,empty");
	struct fake_console *con = conf_console(test, dev);

	KUNIT_EXPECT_FALSE(test, dev_pm_opp_of_has_required_opp(dev));
	KUNIT_EXPECT_EQ(test, fake_console_count(con), 1);
}
#endif

static struct kunit_case conf_of_cases[] = {
	KUNIT_CASE(conf_of_disabled_node_is_not_loaded),
	KUNIT_CASE(conf_of_single_microvolt_is_target_min_max),
	KUNIT_CASE(conf_of_microvolt_triplet),
	KUNIT_CASE(conf_of_microamp),
	KUNIT_CASE(conf_of_microwatt_is_power),
	KUNIT_CASE(conf_of_clock_latency_is_max),
	KUNIT_CASE(conf_of_turbo_mode),
	KUNIT_CASE(conf_of_opp_suspend),
	KUNIT_CASE(conf_of_two_suspend_opps_keep_fastest),
	KUNIT_CASE(conf_of_disabled_suspend_opp_is_zero),
	KUNIT_CASE(conf_of_level_only_table),
	KUNIT_CASE(conf_of_level_ceil_without_levels),
	KUNIT_CASE(conf_of_level_unset_reads_no_level),
	KUNIT_CASE(conf_of_bw_ceil_by_path),
	KUNIT_CASE(conf_of_bw_floor),
	KUNIT_CASE(conf_of_bw_index_beyond_paths_is_einval),
	KUNIT_CASE(conf_of_bw_without_paths_is_einval),
	KUNIT_CASE(conf_of_bw_without_provider_defers),
	KUNIT_CASE(conf_of_duplicate_opp_is_skipped),
	KUNIT_CASE(conf_of_same_rate_other_voltage_is_eexist),
	KUNIT_CASE(conf_of_node_without_key_is_enodev),
	KUNIT_CASE(conf_of_no_supported_opp_is_enoent),
	KUNIT_CASE(conf_of_empty_table_is_enoent),
	KUNIT_CASE(conf_of_opp_hz_count_mismatch_is_einval),
	KUNIT_CASE(conf_of_failed_load_adds_then_removes),
	KUNIT_CASE(conf_of_no_table_property_is_enodev),
	KUNIT_CASE(conf_of_device_without_node_is_enodev),
	KUNIT_CASE(conf_of_find_icc_paths_without_node_is_enodev),
	KUNIT_CASE(conf_of_find_icc_paths_without_bandwidth_is_zero),
	KUNIT_CASE(conf_of_find_icc_paths_without_table_is_zero),
	KUNIT_CASE(conf_of_opp_node),
	KUNIT_CASE(conf_of_desc_node),
	KUNIT_CASE(conf_of_transition_latency),
#ifndef OPP_TEST_API_6_1
	KUNIT_CASE(conf_of_level_ceil_and_floor),
	KUNIT_CASE(conf_of_has_required_opp_of_empty_table),
#endif
	{}
};

CONF_SUITE_OVERLAY(conf_of, conf_of);

static struct kunit_suite conf_of_suite = {
	.name = "opp_conf_of",
	.suite_init = conf_of_suite_init,
	.suite_exit = conf_of_suite_exit,
	.test_cases = conf_of_cases,
};

static int of_hw_config(struct kunit *test, struct device *dev,
			const u32 *versions, unsigned int count)
{
	struct dev_pm_opp_config config = {
		.supported_hw = versions,
		.supported_hw_count = count,
	};

	return conf_set_config(test, dev, &config);
}

static bool of_has(struct device *dev, unsigned long freq)
{
	struct dev_pm_opp *opp = dev_pm_opp_find_freq_exact(dev, freq, true);

	if (IS_ERR(opp))
		return false;
	dev_pm_opp_put(opp);
	return true;
}

/* Without versions from the platform, OPPs with opp-supported-hw are out. */
static void conf_of_hw_unset_skips_marked_opps(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,hw1");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
	KUNIT_EXPECT_TRUE(test, of_has(dev, HW_F4));
}

/*
 * One version word: an OPP is in if it shares a bit with it; once versions
 * are set, an OPP without opp-supported-hw is out.
 */
static void conf_of_hw_one_word_matches_bits(struct kunit *test)
{
	static const u32 hw[] = { 0x1 };
	struct device *dev = of_dev(test, "conf,hw1");

	KUNIT_ASSERT_GT(test, of_hw_config(test, dev, hw, ARRAY_SIZE(hw)), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_EXPECT_TRUE(test, of_has(dev, HW_F1));
	KUNIT_EXPECT_FALSE(test, of_has(dev, HW_F2));
	KUNIT_EXPECT_TRUE(test, of_has(dev, HW_F3));
	KUNIT_EXPECT_FALSE(test, of_has(dev, HW_F4));
}

/* Two words: an OPP is in if any of its versions matches both. */
static void conf_of_hw_two_words_any_version(struct kunit *test)
{
	static const u32 hw[] = { 0x1, 0x4 };
	struct device *dev = of_dev(test, "conf,hw2");

	KUNIT_ASSERT_GT(test, of_hw_config(test, dev, hw, ARRAY_SIZE(hw)), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
	KUNIT_EXPECT_TRUE(test, of_has(dev, HW_F3));
}

/* A cell count that is no multiple of the version words: OPP skipped. */
static void conf_of_hw_bad_cell_count_skips_opp(struct kunit *test)
{
	static const u32 hw[] = { 0x1, 0x1 };
	struct device *dev = of_dev(test, "conf,hw2");

	KUNIT_ASSERT_GT(test, of_hw_config(test, dev, hw, ARRAY_SIZE(hw)), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_EXPECT_TRUE(test, of_has(dev, HW_F1));
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_exact(dev, HW_F4,
								 false)),
			-ERANGE);
}

static int of_named(struct kunit *test, struct device *dev)
{
	struct dev_pm_opp_config config = { .prop_name = "slow" };

	return conf_set_config(test, dev, &config);
}

/* With a property name, opp-microvolt-<name> wins over opp-microvolt. */
static void conf_of_prop_name_selects_named_microvolt(struct kunit *test)
{
	struct device *dev = of_dev(test, "conf,named");

	KUNIT_ASSERT_GT(test, of_named(test, dev), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_EXPECT_EQ(test, of_supply(test, dev, NAMED_F1).u_volt,
			NAMED_U1_SLOW);
}

/* Where opp-microvolt-<name> is missing, opp-microvolt applies. */
static void conf_of_prop_name_falls_back_to_plain(struct kunit *test)
{
	struct device *dev = of_dev(test, "conf,named");

	KUNIT_ASSERT_GT(test, of_named(test, dev), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_EXPECT_EQ(test, of_supply(test, dev, NAMED_F2).u_volt, NAMED_U2);
}

/* The property name applies to opp-microamp too. */
static void conf_of_prop_name_selects_named_microamp(struct kunit *test)
{
	struct device *dev = of_dev(test, "conf,named");

	KUNIT_ASSERT_GT(test, of_named(test, dev), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_EXPECT_EQ(test, of_supply(test, dev, NAMED_F1).u_amp,
			NAMED_A1_SLOW);
}

/* Without a property name the named variants are ignored. */
static void conf_of_no_prop_name_reads_plain(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,named");

	KUNIT_EXPECT_EQ(test, of_supply(test, dev, NAMED_F1).u_volt, NAMED_U1);
}

static struct kunit_case conf_of_hw_cases[] = {
	KUNIT_CASE(conf_of_hw_unset_skips_marked_opps),
	KUNIT_CASE(conf_of_hw_one_word_matches_bits),
	KUNIT_CASE(conf_of_hw_two_words_any_version),
	KUNIT_CASE(conf_of_hw_bad_cell_count_skips_opp),
	KUNIT_CASE(conf_of_prop_name_selects_named_microvolt),
	KUNIT_CASE(conf_of_prop_name_falls_back_to_plain),
	KUNIT_CASE(conf_of_prop_name_selects_named_microamp),
	KUNIT_CASE(conf_of_no_prop_name_reads_plain),
	{}
};

CONF_SUITE_OVERLAY(conf_of_hw, conf_of);

static struct kunit_suite conf_of_hw_suite = {
	.name = "opp_conf_of_hw",
	.suite_init = conf_of_hw_suite_init,
	.suite_exit = conf_of_hw_suite_exit,
	.test_cases = conf_of_hw_cases,
};

/* operating-points pairs are kHz and uV. */
static void conf_of_v1_rates_in_khz(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,v1");
	struct dev_pm_opp *opp = conf_exact(test, dev, V1_K2 * 1000UL, true);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(opp), V1_U2);
}

/* voltage-tolerance, in percent, sets the minimum and maximum. */
static void conf_of_v1_tolerance_sets_range(struct kunit *test)
{
	struct dev_pm_opp_config config = { .regulator_names = of_vdd };
	struct dev_pm_opp_supply s;
	struct device *dev;

	CONF_OVERLAY(test, conf_of);
	fake_reg(test, NULL, OF_NAME, "vdd", 0, 0);
	dev = conf_of_device(test, OF_NAME, "conf,v1");
	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	s = of_supply(test, dev, V1_K1 * 1000UL);

	KUNIT_EXPECT_EQ(test, s.u_volt, V1_U1);
	KUNIT_EXPECT_EQ(test, s.u_volt_min, V1_U1 - V1_U1 * V1_TOL / 100);
	KUNIT_EXPECT_EQ(test, s.u_volt_max, V1_U1 + V1_U1 * V1_TOL / 100);
}

/* The device's clock-latency is the table's clock latency. */
static void conf_of_v1_clock_latency(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test,
			dev_pm_opp_get_max_clock_latency(of_loaded(test, "conf,v1")),
			V1_LAT);
}

/* dev_pm_opp_get_level() of a v1 OPP is 0. */
static void conf_of_v1_level_is_zero(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,v1");
	struct dev_pm_opp *opp = conf_exact(test, dev, V1_K1 * 1000UL, true);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), 0);
}

/* A v1 OPP has no node of its own. */
static void conf_of_v1_opp_has_no_node(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,v1");
	struct dev_pm_opp *opp = conf_exact(test, dev, V1_K1 * 1000UL, true);

	KUNIT_EXPECT_NULL(test, dev_pm_opp_get_of_node(opp));
}

/* An odd number of cells: -EINVAL. */
static void conf_of_v1_odd_cells_is_einval(struct kunit *test)
{
	struct device *dev = of_dev(test, "conf,v1-odd");

	KUNIT_EXPECT_EQ(test, conf_of_add_table(test, dev), -EINVAL);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* v1 OPPs are static: dev_pm_opp_remove_all_dynamic() keeps them. */
static void conf_of_v1_opps_are_static(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,v1");

	dev_pm_opp_remove_all_dynamic(dev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
}

static struct kunit_case conf_of_v1_cases[] = {
	KUNIT_CASE(conf_of_v1_rates_in_khz),
	KUNIT_CASE(conf_of_v1_tolerance_sets_range),
	KUNIT_CASE(conf_of_v1_clock_latency),
	KUNIT_CASE(conf_of_v1_level_is_zero),
	KUNIT_CASE(conf_of_v1_opp_has_no_node),
	KUNIT_CASE(conf_of_v1_odd_cells_is_einval),
	KUNIT_CASE(conf_of_v1_opps_are_static),
	{}
};

CONF_SUITE_OVERLAY(conf_of_v1, conf_of);

static struct kunit_suite conf_of_v1_suite = {
	.name = "opp_conf_of_v1",
	.suite_init = conf_of_v1_suite_init,
	.suite_exit = conf_of_v1_suite_exit,
	.test_cases = conf_of_v1_cases,
};

/* Two devices on an opp-shared table: one table. */
static void conf_of_shared_table_is_one(struct kunit *test)
{
	struct device *a, *b;

	CONF_OVERLAY(test, conf_of);
	a = conf_of_device(test, "conf-sh-a", "conf,shared-a");
	b = conf_of_device(test, "conf-sh-b", "conf,shared-b");
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, a), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, b), 0);
	KUNIT_EXPECT_PTR_EQ(test, conf_table(test, a), conf_table(test, b));
}

/* An OPP disabled through one device of a shared table is out for both. */
static void conf_of_shared_table_disable_seen_by_both(struct kunit *test)
{
	struct device *a, *b;

	CONF_OVERLAY(test, conf_of);
	a = conf_of_device(test, "conf-sh-a", "conf,shared-a");
	b = conf_of_device(test, "conf-sh-b", "conf,shared-b");
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, a), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, b), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(a, SH_F2), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(b), 1);
}

/* Two devices on a table without opp-shared: a table each. */
static void conf_of_unshared_table_per_device(struct kunit *test)
{
	struct device *a, *b;

	CONF_OVERLAY(test, conf_of);
	a = conf_of_device(test, "conf-ex-a", "conf,excl-a");
	b = conf_of_device(test, "conf-ex-b", "conf,excl-b");
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, a), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, b), 0);
	KUNIT_EXPECT_PTR_NE(test, conf_table(test, a), conf_table(test, b));
}

/*
 * Devices on different clocks may point at one shared table (Exynos bus
 * devfreq): the second joins without a message, and a transition through
 * it moves the table's clock, the one of the device that built it.
 */
static void conf_of_shared_table_on_two_clocks(struct kunit *test)
{
	struct fake_clk *ca, *cb;
	struct fake_console *con;
	struct device *a, *b;

	CONF_OVERLAY(test, conf_of);
	a = conf_of_device(test, "conf-sh-a", "conf,shared-a");
	b = conf_of_device(test, "conf-sh-b", "conf,shared-b");
	ca = fake_clk(test, NULL, "conf-sh-a", NULL, SH_F1, 0);
	cb = fake_clk(test, NULL, "conf-sh-b", NULL, SH_F1, 1);
	con = conf_console(test, b);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, a), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, b), 0);
	KUNIT_EXPECT_EQ(test, fake_console_count(con), 0);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(b, SH_F2), 0);
	KUNIT_EXPECT_EQ(test, ca->rate, SH_F2);
	KUNIT_EXPECT_EQ(test, cb->rate, SH_F1);
	KUNIT_EXPECT_EQ(test, cb->sets, 0);
}

/* A table added twice needs two removals. */
static void conf_of_add_twice_needs_two_removes(struct kunit *test)
{
	struct device *dev = of_loaded(test, "conf,v2");

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);
	dev_pm_opp_of_remove_table(dev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
}

/* dev_pm_opp_of_remove_table() leaves OPPs added at run time. */
static void conf_of_remove_table_keeps_added(struct kunit *test)
{
	struct device *dev = of_dev(test, "conf,v2");

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_add(dev, V2_F4 * 2, V2_U3), 0);
	dev_pm_opp_of_remove_table(dev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
}

KUNIT_DEFINE_ACTION_WRAPPER(of_remove, dev_pm_opp_of_remove_table,
			    struct device *);

/* dev_pm_opp_of_add_table_indexed(), undone with the test if it worked. */
static int of_add_indexed(struct kunit *test, struct device *dev, int index)
{
	int ret = dev_pm_opp_of_add_table_indexed(dev, index);

	if (!ret)
		KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, of_remove,
								dev), 0);
	return ret;
}

/* The table at an index of operating-points-v2. */
static void conf_of_indexed_table(struct kunit *test)
{
	struct device *dev = of_dev(test, "conf,indexed");

	KUNIT_ASSERT_EQ(test, of_add_indexed(test, dev, 1), 0);
	KUNIT_EXPECT_TRUE(test, of_has(dev, IDX1_F));
	KUNIT_EXPECT_FALSE(test, of_has(dev, IDX0_F));
}

/* With a single phandle, every index means that table. */
static void conf_of_single_phandle_any_index(struct kunit *test)
{
	struct device *dev = of_dev(test, "conf,single");

	KUNIT_ASSERT_EQ(test, of_add_indexed(test, dev, 1), 0);
	KUNIT_EXPECT_TRUE(test, of_has(dev, IDX0_F));
}

/* devm_pm_opp_of_add_table(): the table goes when the device does. */
static void conf_of_devm_table_goes_with_device(struct kunit *test)
{
	struct device *dev;
	char path[160];

	CONF_OVERLAY(test, conf_of);
	dev = kunit_device_register(test, "devm");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	KUNIT_ASSERT_NOT_NULL(test, dev->parent);
	device_set_node(dev, of_fwnode_handle(conf_node(test, "conf,v2")));
	snprintf(path, sizeof(path), "opp/%s-%s", dev_name(dev->parent),
		 dev_name(dev));
	KUNIT_ASSERT_EQ(test, devm_pm_opp_of_add_table(dev), 0);
	KUNIT_EXPECT_TRUE(test, conf_debugfs_exists(test, path));
	kunit_device_unregister(test, dev);
	KUNIT_EXPECT_FALSE(test, conf_debugfs_exists(test, path));
}

static struct kunit_case conf_of_tables_cases[] = {
	KUNIT_CASE(conf_of_shared_table_is_one),
	KUNIT_CASE(conf_of_shared_table_disable_seen_by_both),
	KUNIT_CASE(conf_of_unshared_table_per_device),
	KUNIT_CASE(conf_of_shared_table_on_two_clocks),
	KUNIT_CASE(conf_of_add_twice_needs_two_removes),
	KUNIT_CASE(conf_of_remove_table_keeps_added),
	KUNIT_CASE(conf_of_indexed_table),
	KUNIT_CASE(conf_of_single_phandle_any_index),
	KUNIT_CASE(conf_of_devm_table_goes_with_device),
	{}
};

CONF_SUITE_OVERLAY(conf_of_tables, conf_of);

static struct kunit_suite conf_of_tables_suite = {
	.name = "opp_conf_of_tables",
	.suite_init = conf_of_tables_suite_init,
	.suite_exit = conf_of_tables_suite_exit,
	.test_cases = conf_of_tables_cases,
};

kunit_test_suites(&conf_of_suite, &conf_of_hw_suite, &conf_of_v1_suite,
		  &conf_of_tables_suite);
