// SPDX-License-Identifier: GPL-2.0-only
/*
 * opp_conf_getters: what the per-OPP getters and the per-device latency and
 * suspend queries return for OPPs added at run time.
 */

#include <kunit/test.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/pm_opp.h>

#include "conf.h"

#define GT_NAME		"conf-gt"
#define GT_F1		100000000UL
#define GT_F2		200000000UL
#define GT_U1		900000UL
#define GT_U2		1100000UL
#define GT_RAMP		1000		/* uV per us */

static struct device *gt_device(struct kunit *test)
{
	struct device *dev = conf_device(test, GT_NAME);

	conf_add(test, dev, GT_F1, GT_U1);
	conf_add(test, dev, GT_F2, GT_U2);
	return dev;
}

/* dev_pm_opp_get_voltage() is the voltage the OPP was added with. */
static void conf_getters_voltage_of_added_opp(struct kunit *test)
{
	struct device *dev = gt_device(test);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(conf_exact(test, dev, GT_F2,
								true)),
			GT_U2);
}

/* An added OPP's supply has min = target = max and no current. */
static void conf_getters_supplies_of_added_opp(struct kunit *test)
{
	struct dev_pm_opp *opp = conf_exact(test, gt_device(test), GT_F1, true);
	struct dev_pm_opp_supply supply = { .u_amp = 1 };

	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_supplies(opp, &supply), 0);
	KUNIT_EXPECT_EQ(test, supply.u_volt, GT_U1);
	KUNIT_EXPECT_EQ(test, supply.u_volt_min, GT_U1);
	KUNIT_EXPECT_EQ(test, supply.u_volt_max, GT_U1);
	KUNIT_EXPECT_EQ(test, supply.u_amp, 0);
}

/* An added OPP has no power figure. */
static void conf_getters_power_of_added_opp_is_zero(struct kunit *test)
{
	struct dev_pm_opp *opp = conf_exact(test, gt_device(test), GT_F1, true);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_power(opp), 0);
}

/* dev_pm_opp_get_level() of an OPP from dev_pm_opp_add() is 0. */
static void conf_getters_level_of_added_opp_is_zero(struct kunit *test)
{
	struct dev_pm_opp *opp = conf_exact(test, gt_device(test), GT_F1, true);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), 0);
}

/* dev_pm_opp_get_level() of a disabled OPP is that of no level. */
static void conf_getters_level_of_disabled_opp_is_unset(struct kunit *test)
{
	struct device *dev = gt_device(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, GT_F1), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(conf_exact(test, dev, GT_F1,
							      false)),
			CONF_NO_LEVEL);
}

/* A rate index past the table's clocks reads 0. */
static void conf_getters_freq_index_beyond_clocks_is_zero(struct kunit *test)
{
	struct dev_pm_opp *opp = conf_exact(test, gt_device(test), GT_F1, true);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq_indexed(opp, 0), GT_F1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq_indexed(opp, 1), 0);
}

/* Without required OPPs, every required performance state reads 0. */
static void conf_getters_required_pstate_without_required_is_zero(struct kunit *test)
{
	struct dev_pm_opp *opp = conf_exact(test, gt_device(test), GT_F1, true);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_required_pstate(opp, 0), 0);
}

/* Added OPPs have no clock latency; a device without a table neither. */
static void conf_getters_clock_latency_of_added_is_zero(struct kunit *test)
{
	struct device *none = conf_device(test, "conf-gt-none");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_max_clock_latency(gt_device(test)),
			0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_max_clock_latency(none), 0);
}

/* No supply named, no voltage latency, whatever the OPPs' voltages. */
static void conf_getters_volt_latency_without_supply_is_zero(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_max_volt_latency(gt_device(test)),
			0);
}

static const char * const gt_supplies[] = { "vdd", NULL };

/* The voltage latency is the regulator's time across the OPPs' range. */
static void conf_getters_volt_latency_from_regulator_ramp(struct kunit *test)
{
	struct dev_pm_opp_config config = { .regulator_names = gt_supplies };
	struct device *dev;

	fake_reg(test, NULL, GT_NAME, "vdd", 0, GT_RAMP);
	dev = conf_device(test, GT_NAME);
	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	conf_add(test, dev, GT_F1, GT_U1);
	conf_add(test, dev, GT_F2, GT_U2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_max_volt_latency(dev),
			(GT_U2 - GT_U1) / GT_RAMP * 1000);
}

/* Added OPPs are never the suspend OPP. */
static void conf_getters_suspend_freq_of_added_is_zero(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_suspend_opp_freq(gt_device(test)),
			0);
}

#ifndef OPP_TEST_API_6_1
/* Cases of 6.12's API that 6.1's lacks: left out on 6.1, on both cores. */

/* A disabled turbo OPP is not reported as turbo. */
static void conf_getters_turbo_of_disabled_opp_is_false(struct kunit *test)
{
	struct device *dev = gt_device(test);
	struct dev_pm_opp_data data = { .freq = GT_F2 * 2, .turbo = true };

	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, GT_F2 * 2), 0);
	KUNIT_EXPECT_FALSE(test, dev_pm_opp_is_turbo(conf_exact(test, dev,
								GT_F2 * 2,
								false)));
}

/* A turbo OPP from dev_pm_opp_add_dynamic() says so; a plain one does not. */
static void conf_getters_turbo_of_added_opp(struct kunit *test)
{
	struct device *dev = gt_device(test);
	struct dev_pm_opp_data data = { .freq = GT_F2 * 2, .turbo = true };

	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);
	KUNIT_EXPECT_TRUE(test, dev_pm_opp_is_turbo(conf_exact(test, dev,
							       GT_F2 * 2, true)));
	KUNIT_EXPECT_FALSE(test, dev_pm_opp_is_turbo(conf_exact(test, dev, GT_F2,
								true)));
}
#endif

static struct kunit_case conf_getters_cases[] = {
	KUNIT_CASE(conf_getters_voltage_of_added_opp),
	KUNIT_CASE(conf_getters_supplies_of_added_opp),
	KUNIT_CASE(conf_getters_power_of_added_opp_is_zero),
	KUNIT_CASE(conf_getters_level_of_added_opp_is_zero),
	KUNIT_CASE(conf_getters_level_of_disabled_opp_is_unset),
	KUNIT_CASE(conf_getters_freq_index_beyond_clocks_is_zero),
	KUNIT_CASE(conf_getters_required_pstate_without_required_is_zero),
	KUNIT_CASE(conf_getters_clock_latency_of_added_is_zero),
	KUNIT_CASE(conf_getters_volt_latency_without_supply_is_zero),
	KUNIT_CASE(conf_getters_volt_latency_from_regulator_ramp),
	KUNIT_CASE(conf_getters_suspend_freq_of_added_is_zero),
#ifndef OPP_TEST_API_6_1
	KUNIT_CASE(conf_getters_turbo_of_disabled_opp_is_false),
	KUNIT_CASE(conf_getters_turbo_of_added_opp),
#endif
	{}
};

static struct kunit_suite conf_getters_suite = {
	.name = "opp_conf_getters",
	.test_cases = conf_getters_cases,
};

kunit_test_suites(&conf_getters_suite);
