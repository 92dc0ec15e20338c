// SPDX-License-Identifier: GPL-2.0-only
/*
 * opp_conf_config: dev_pm_opp_set_config(), what it refuses, what clearing
 * it undoes, and the tables it shapes (several clocks, several supplies).
 */

#include <kunit/test.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/pm_opp.h>

#include "conf.h"

#define CF_NAME		"conf-cf"
#define CF_F1		100000000UL
#define CF_F2		200000000UL
#define CF_U1		900000UL
#define CF_U2		1000000UL

static const char * const cf_vdd[] = { "vdd", NULL };
static const char * const cf_two_supplies[] = { "vdd", "vdd2", NULL };
static const char * const cf_two_clocks[] = { "core", "bus", NULL };
static const char * const cf_missing_clock[] = { "nope", NULL };
static const char * const cf_genpd[] = { "perf", NULL };

/* A token for the configuration is 1 or more. */
static void conf_config_token_is_positive(struct kunit *test)
{
	struct dev_pm_opp_config config = { .regulator_names = cf_vdd };
	struct device *dev;

	fake_reg(test, NULL, CF_NAME, "vdd", 0, 0);
	dev = conf_device(test, CF_NAME);
	KUNIT_EXPECT_GE(test, conf_set_config(test, dev, &config), 1);
}

/* A configuration makes an empty table; clearing it takes it away. */
static void conf_config_clear_drops_empty_table(struct kunit *test)
{
	struct dev_pm_opp_config config = { .prop_name = "slow" };
	struct device *dev = conf_device(test, CF_NAME);
	int token = conf_set_config(test, dev, &config);

	KUNIT_ASSERT_GT(test, token, 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 0);
	conf_clear_config_now(test, token);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

static int cf_config_clks(struct device *dev, struct opp_table *opp_table,
			  struct dev_pm_opp *opp, void *data, bool scaling_down)
{
	return 0;
}

/* A clock callback without clock names is -EINVAL. */
static void conf_config_clk_callback_without_clocks_is_einval(struct kunit *test)
{
	struct dev_pm_opp_config config = { .config_clks = cf_config_clks };
	struct device *dev = conf_device(test, CF_NAME);

	KUNIT_EXPECT_EQ(test, conf_set_config(test, dev, &config), -EINVAL);
}

/* Two clocks without a callback to set them is -EINVAL. */
static void conf_config_two_clocks_without_callback_is_einval(struct kunit *test)
{
	struct dev_pm_opp_config config = { .clk_names = cf_two_clocks };
	struct device *dev = conf_device(test, CF_NAME);

	KUNIT_EXPECT_EQ(test, conf_set_config(test, dev, &config), -EINVAL);
}

/* A supply with no regulator behind it is -ENODEV. */
static void conf_config_missing_regulator_is_enodev(struct kunit *test)
{
	struct dev_pm_opp_config config = { .regulator_names = cf_vdd };
	struct device *dev = conf_device(test, CF_NAME);

	KUNIT_EXPECT_EQ(test, conf_set_config(test, dev, &config), -ENODEV);
}

/* A clock name with no clock behind it is -ENOENT. */
static void conf_config_missing_clock_is_enoent(struct kunit *test)
{
	struct dev_pm_opp_config config = { .clk_names = cf_missing_clock };
	struct device *dev = conf_device(test, CF_NAME);

	KUNIT_EXPECT_EQ(test, conf_set_config(test, dev, &config), -ENOENT);
}

/* Configuring a table that already has OPPs WARNs: -EBUSY. */
static void conf_config_after_opps_is_ebusy(struct kunit *test)
{
	struct dev_pm_opp_config config = { .prop_name = "slow" };
	struct device *dev = conf_device(test, CF_NAME);
	struct fake_console *con;

	conf_add(test, dev, CF_F1, CF_U1);
	con = conf_console(test, NULL);
	CONF_EXPECT_WARN(test, "dev_pm_opp_set_config");
	KUNIT_EXPECT_EQ(test, conf_set_config(test, dev, &config), -EBUSY);
	KUNIT_ASSERT_EQ(test, fake_console_count_level(con, FAKE_CON_SPLAT), 1);
	KUNIT_EXPECT_STREQ(test, fake_console_splat(con, 0),
			   "dev_pm_opp_set_config");
}

/* Clearing a token that is gone is a caller's bug: a WARN every time. */
static void conf_config_clear_twice_warns_each_time(struct kunit *test)
{
	struct dev_pm_opp_config config = { .prop_name = "slow" };
	struct device *dev = conf_device(test, CF_NAME);
	struct fake_console *con;
	int token;

	token = dev_pm_opp_set_config(dev, &config);
	KUNIT_ASSERT_GT(test, token, 0);
	dev_pm_opp_clear_config(token);
	con = conf_console(test, NULL);
	CONF_EXPECT_WARN(test, "dev_pm_opp_clear_config");
	dev_pm_opp_clear_config(token);
	CONF_EXPECT_WARN(test, "dev_pm_opp_clear_config");
	dev_pm_opp_clear_config(token);
	KUNIT_EXPECT_EQ(test, fake_console_count_level(con, FAKE_CON_SPLAT), 2);
}

/* Clearing the configuration turns off the supply the core turned on. */
static void conf_config_clear_disables_supply(struct kunit *test)
{
	struct dev_pm_opp_config config = { .regulator_names = cf_vdd };
	struct fake_log *log = fake_log(test);
	struct device *dev;
	int token;

	fake_clk(test, log, CF_NAME, NULL, CF_F1, 0);
	fake_reg(test, log, CF_NAME, "vdd", 0, 0);
	dev = conf_device(test, CF_NAME);
	token = conf_set_config(test, dev, &config);
	KUNIT_ASSERT_GT(test, token, 0);
	conf_add(test, dev, CF_F1, CF_U1);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(dev, CF_F1), 0);
	log->nr = 0;
	conf_clear_config_now(test, token);
	FAKE_EXPECT_LOG(test, log, { FAKE_EV_OFF, 0, 0 });
}

/*
 * Power domain names for a table without required OPPs are -EINVAL; 6.1
 * takes it for required OPPs not parsed yet: -EPROBE_DEFER.
 */
static void conf_config_genpd_without_required_opps(struct kunit *test)
{
	struct dev_pm_opp_config config = { .genpd_names = cf_genpd };
	struct device *dev = conf_device(test, CF_NAME);

#ifdef OPP_TEST_API_6_1
	KUNIT_EXPECT_EQ(test, conf_set_config(test, dev, &config), -EPROBE_DEFER);
#else
	KUNIT_EXPECT_EQ(test, conf_set_config(test, dev, &config), -EINVAL);
#endif
}

/* Two clocks, set by dev_pm_opp_config_clks_simple(), and their table. */
struct cf_mc {
	struct fake_log *log;
	struct device *dev;
	struct dev_pm_opp *low;
	struct dev_pm_opp *high;
};

static struct cf_mc *cf_mc(struct kunit *test)
{
	struct cf_mc *mc = kunit_kzalloc(test, sizeof(*mc), GFP_KERNEL);
	struct dev_pm_opp_config config = {
		.clk_names = cf_two_clocks,
		.config_clks = dev_pm_opp_config_clks_simple,
	};

	KUNIT_ASSERT_NOT_NULL(test, mc);
	CONF_OVERLAY(test, conf_dvfs);
	mc->log = fake_log(test);
	fake_clk(test, mc->log, "conf-mc", "core", MC_LO_CORE, 0);
	fake_clk(test, mc->log, "conf-mc", "bus", MC_LO_BUS, 1);
	mc->dev = conf_of_device(test, "conf-mc", "conf,mc");
	KUNIT_ASSERT_GT(test, conf_set_config(test, mc->dev, &config), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, mc->dev), 0);
	mc->low = dev_pm_opp_find_freq_exact_indexed(mc->dev, MC_LO_CORE, 0,
						     true);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, mc->low);
	conf_keep_opp(test, mc->low);
	mc->high = dev_pm_opp_find_freq_exact_indexed(mc->dev, MC_HI_CORE, 0,
						      true);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, mc->high);
	conf_keep_opp(test, mc->high);
	return mc;
}

/* dev_pm_opp_config_clks_simple() going up: the clocks in table order. */
static void conf_config_simple_clocks_up_in_order(struct kunit *test)
{
	struct cf_mc *mc = cf_mc(test);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_opp(mc->dev, mc->high), 0);
	FAKE_EXPECT_LOG(test, mc->log,
			{ FAKE_EV_RATE, 0, MC_HI_CORE },
			{ FAKE_EV_RATE, 1, MC_HI_BUS });
}

/* dev_pm_opp_config_clks_simple() going down: the clocks in reverse. */
static void conf_config_simple_clocks_down_in_reverse(struct kunit *test)
{
	struct cf_mc *mc = cf_mc(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_opp(mc->dev, mc->high), 0);
	mc->log->nr = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_opp(mc->dev, mc->low), 0);
	FAKE_EXPECT_LOG(test, mc->log,
			{ FAKE_EV_RATE, 1, MC_LO_BUS },
			{ FAKE_EV_RATE, 0, MC_LO_CORE });
}

/* Two named supplies read one voltage each from opp-microvolt. */
static void conf_config_two_supplies_from_dt(struct kunit *test)
{
	struct dev_pm_opp_config config = { .regulator_names = cf_two_supplies };
	struct dev_pm_opp_supply supplies[2];
	struct device *dev;

	CONF_OVERLAY(test, conf_dvfs);
	fake_reg(test, NULL, "conf-dual", "vdd", 0, 0);
	fake_reg(test, NULL, "conf-dual", "vdd2", 1, 0);
	dev = conf_of_device(test, "conf-dual", "conf,dual");
	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_supplies(conf_exact(test, dev,
								 DUAL_F2, true),
						      supplies),
			0);
	KUNIT_EXPECT_EQ(test, supplies[0].u_volt, DUAL_V2);
	KUNIT_EXPECT_EQ(test, supplies[1].u_volt, DUAL_W2);
	KUNIT_EXPECT_EQ(test, supplies[1].u_volt_min, DUAL_W2);
}

/* One value per OPP for two supplies does not parse: -EINVAL. */
static void conf_config_microvolt_count_mismatch_is_einval(struct kunit *test)
{
	struct dev_pm_opp_config config = { .regulator_names = cf_two_supplies };
	struct device *dev;

	CONF_OVERLAY(test, conf_of);
	fake_reg(test, NULL, CF_NAME, "vdd", 0, 0);
	fake_reg(test, NULL, CF_NAME, "vdd2", 1, 0);
	dev = conf_of_device(test, CF_NAME, "conf,v2");
	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	KUNIT_EXPECT_EQ(test, conf_of_add_table(test, dev), -EINVAL);
}

/* A supply named but no opp-microvolt in the table: -EINVAL. */
static void conf_config_microvolt_missing_with_supply_is_einval(struct kunit *test)
{
	struct dev_pm_opp_config config = { .regulator_names = cf_vdd };
	struct device *dev;

	CONF_OVERLAY(test, conf_of);
	fake_reg(test, NULL, CF_NAME, "vdd", 0, 0);
	dev = conf_of_device(test, CF_NAME, "conf,excl-a");
	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	KUNIT_EXPECT_EQ(test, conf_of_add_table(test, dev), -EINVAL);
}

/*
 * Lookups by a second clock, which 6.1.192 has but answers by the first
 * clock's rate whatever the index: left out on 6.1, on both cores.
 */
#ifndef OPP_TEST_API_6_1
/* Lookups by the second clock's rate use index 1. */
static void conf_config_indexed_lookup_by_second_clock(struct kunit *test)
{
	struct cf_mc *mc = cf_mc(test);
	unsigned long freq = MC_LO_BUS + 1;
	struct dev_pm_opp *opp;

	opp = dev_pm_opp_find_freq_ceil_indexed(mc->dev, &freq, 1);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	conf_keep_opp(test, opp);
	KUNIT_EXPECT_PTR_EQ(test, opp, mc->high);
	KUNIT_EXPECT_EQ(test, freq, MC_HI_BUS);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq_indexed(opp, 0), MC_HI_CORE);
}

/* And floor lookups by it: the fastest OPP at or below the bus rate. */
static void conf_config_indexed_floor_by_second_clock(struct kunit *test)
{
	struct cf_mc *mc = cf_mc(test);
	unsigned long freq = MC_HI_BUS - 1;
	struct dev_pm_opp *opp;

	opp = dev_pm_opp_find_freq_floor_indexed(mc->dev, &freq, 1);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	conf_keep_opp(test, opp);
	KUNIT_EXPECT_PTR_EQ(test, opp, mc->low);
	KUNIT_EXPECT_EQ(test, freq, MC_LO_BUS);

	freq = MC_LO_BUS - 1;
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_floor_indexed(mc->dev,
									 &freq, 1)),
			-ERANGE);
}
#endif

#ifndef OPP_TEST_API_6_1
/* Cases of 6.12's API that 6.1's lacks: left out on 6.1, on both cores. */

/* Power domain names and required devices together are -EINVAL. */
static void conf_config_genpd_and_required_devs_is_einval(struct kunit *test)
{
	struct device *dev = conf_device(test, CF_NAME);
	struct device *required[] = { dev, NULL };
	struct dev_pm_opp_config config = {
		.genpd_names = cf_genpd,
		.required_devs = required,
	};

	KUNIT_EXPECT_EQ(test, conf_set_config(test, dev, &config), -EINVAL);
}
#endif

static struct kunit_case conf_config_cases[] = {
	KUNIT_CASE(conf_config_token_is_positive),
	KUNIT_CASE(conf_config_clear_drops_empty_table),
	KUNIT_CASE(conf_config_clk_callback_without_clocks_is_einval),
	KUNIT_CASE(conf_config_two_clocks_without_callback_is_einval),
	KUNIT_CASE(conf_config_missing_regulator_is_enodev),
	KUNIT_CASE(conf_config_missing_clock_is_enoent),
	KUNIT_CASE(conf_config_after_opps_is_ebusy),
	KUNIT_CASE(conf_config_clear_twice_warns_each_time),
	KUNIT_CASE(conf_config_clear_disables_supply),
	KUNIT_CASE(conf_config_genpd_without_required_opps),
	KUNIT_CASE(conf_config_simple_clocks_up_in_order),
	KUNIT_CASE(conf_config_simple_clocks_down_in_reverse),
	KUNIT_CASE(conf_config_two_supplies_from_dt),
	KUNIT_CASE(conf_config_microvolt_count_mismatch_is_einval),
	KUNIT_CASE(conf_config_microvolt_missing_with_supply_is_einval),
#ifndef OPP_TEST_API_6_1
	KUNIT_CASE(conf_config_indexed_lookup_by_second_clock),
	KUNIT_CASE(conf_config_indexed_floor_by_second_clock),
	KUNIT_CASE(conf_config_genpd_and_required_devs_is_einval),
#endif
	{}
};

static struct kunit_suite conf_config_suite = {
	.name = "opp_conf_config",
	.test_cases = conf_config_cases,
};

kunit_test_suites(&conf_config_suite);
