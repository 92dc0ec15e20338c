// SPDX-License-Identifier: GPL-2.0-only
/*
 * opp_conf_board: tables written as real boards write them, loaded and
 * read back as their drivers read them.
 */

#include <kunit/test.h>
#include <linux/cpufreq.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/pm_opp.h>

#include "conf.h"

#define BD_NAME		"conf-bd"

static struct device *bd_dev(struct kunit *test, const char *compatible)
{
	CONF_OVERLAY(test, conf_board);
	return conf_of_device(test, BD_NAME, compatible);
}

static struct device *bd_loaded(struct kunit *test, const char *compatible)
{
	struct device *dev = bd_dev(test, compatible);

	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	return dev;
}

static unsigned long bd_ceil(struct kunit *test, struct device *dev,
			     unsigned long freq)
{
	struct dev_pm_opp *opp = dev_pm_opp_find_freq_ceil(dev, &freq);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	dev_pm_opp_put(opp);
	return freq;
}

/* A v1 list written fastest first loads sorted, slowest first. */
static void conf_board_imx6q_v1_sorted(struct kunit *test)
{
	struct device *dev = bd_loaded(test, "conf,imx6q");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 4);
	KUNIT_EXPECT_EQ(test, bd_ceil(test, dev, 0), 396000000UL);
	KUNIT_EXPECT_EQ(test, bd_ceil(test, dev, 396000001UL), 792000000UL);
	KUNIT_EXPECT_EQ(test, bd_ceil(test, dev, 852000001UL), 996000000UL);
}

/* The v1 device's clock-latency is the table's. */
static void conf_board_imx6q_clock_latency(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test,
			dev_pm_opp_get_max_clock_latency(bd_loaded(test,
								   "conf,imx6q")),
			IMX_LAT);
}

/* A cluster table: suspend OPP, latency from the one OPP that has it. */
static void conf_board_rk_suspend_and_latency(struct kunit *test)
{
	struct device *dev = bd_loaded(test, "conf,rk");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_suspend_opp_freq(dev), RK_SUSPEND);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_max_clock_latency(dev), RK_LAT);
}

/* Its cpufreq table flags the turbo OPP alone as boost. */
static void conf_board_rk_cpufreq_boost(struct kunit *test)
{
	struct device *dev = bd_loaded(test, "conf,rk");
	struct cpufreq_frequency_table *t = NULL;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_init_cpufreq_table(dev, &t), 0);
	KUNIT_EXPECT_EQ(test, t[4].frequency, 1200000);
	KUNIT_EXPECT_EQ(test, t[4].flags, CPUFREQ_BOOST_FREQ);
	KUNIT_EXPECT_EQ(test, t[3].flags, 0);
	KUNIT_EXPECT_EQ(test, t[5].frequency, CPUFREQ_TABLE_END);
	dev_pm_opp_free_cpufreq_table(dev, &t);
}

/* Its <target min max> triplets: the maximum is the rail's. */
static void conf_board_rk_triplet(struct kunit *test)
{
	struct device *dev = bd_loaded(test, "conf,rk");
	struct dev_pm_opp_supply s = {};

	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_supplies(conf_exact(test, dev,
								 RK_SUSPEND,
								 true), &s),
			0);
	KUNIT_EXPECT_EQ(test, s.u_volt, 850000);
	KUNIT_EXPECT_EQ(test, s.u_volt_min, 850000);
	KUNIT_EXPECT_EQ(test, s.u_volt_max, RK_VMAX);
}

/* Speed bins: the bin's name picks opp-microvolt-<bin>. */
static void conf_board_sun_speed_bin(struct kunit *test)
{
	struct dev_pm_opp_config config = { .prop_name = "speed1" };
	struct device *dev = bd_dev(test, "conf,sun");

	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(conf_exact(test, dev,
								SUN_F1, true)),
			SUN_S1_U1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(conf_exact(test, dev,
								SUN_F2, true)),
			SUN_S1_U2);
}

/* Speed bins without a bin: the OPPs load, with no voltage. */
static void conf_board_sun_without_bin(struct kunit *test)
{
	struct device *dev = bd_loaded(test, "conf,sun");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(conf_exact(test, dev,
								SUN_F1, true)),
			0);
}

static int bd_hw(struct kunit *test, struct device *dev, u32 process)
{
	const u32 hw[] = { process, 0x1 };
	struct dev_pm_opp_config config = {
		.supported_hw = hw,
		.supported_hw_count = ARRAY_SIZE(hw),
	};

	return conf_set_config(test, dev, &config);
}

/* Rows of one rate, told apart by opp-supported-hw: the matching one. */
static void conf_board_tegra_row_by_hw(struct kunit *test)
{
	struct device *dev = bd_dev(test, "conf,teg");

	KUNIT_ASSERT_GT(test, bd_hw(test, dev, 0x2), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(conf_exact(test, dev, TEG_F,
								true)),
			TEG_U_B);
}

/* Two rows of one rate both supported: -EEXIST. */
static void conf_board_tegra_two_rows_is_eexist(struct kunit *test)
{
	struct device *dev = bd_dev(test, "conf,teg");

	KUNIT_ASSERT_GT(test, bd_hw(test, dev, 0x3), 0);
	KUNIT_EXPECT_EQ(test, conf_of_add_table(test, dev), -EEXIST);
}

/* A bandwidth-only table: OPPs keyed by peak bandwidth, no rate. */
static void conf_board_ddr_bandwidth_only(struct kunit *test)
{
	unsigned int bw = DDR_BW1 + 1;
	struct dev_pm_opp *opp;
	struct device *dev;

	CONF_OVERLAY(test, conf_board);
	conf_icc(test, NULL, "conf,board-icc");
	dev = conf_of_device(test, BD_NAME, "conf,ddr");
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
	opp = dev_pm_opp_find_bw_ceil(dev, &bw, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), 0);
	dev_pm_opp_put(opp);
	KUNIT_EXPECT_EQ(test, bw, DDR_BW2);
}

static struct kunit_case conf_board_cases[] = {
	KUNIT_CASE(conf_board_imx6q_v1_sorted),
	KUNIT_CASE(conf_board_imx6q_clock_latency),
	KUNIT_CASE(conf_board_rk_suspend_and_latency),
	KUNIT_CASE(conf_board_rk_cpufreq_boost),
	KUNIT_CASE(conf_board_rk_triplet),
	KUNIT_CASE(conf_board_sun_speed_bin),
	KUNIT_CASE(conf_board_sun_without_bin),
	KUNIT_CASE(conf_board_tegra_row_by_hw),
	KUNIT_CASE(conf_board_tegra_two_rows_is_eexist),
	KUNIT_CASE(conf_board_ddr_bandwidth_only),
	{}
};

static struct kunit_suite conf_board_suite = {
	.name = "opp_conf_board",
	.test_cases = conf_board_cases,
};

kunit_test_suites(&conf_board_suite);
