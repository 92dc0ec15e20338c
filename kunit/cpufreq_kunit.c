// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_cpufreq: cpufreq frequency tables built from OPP tables.
 */

#include <kunit/test.h>
#include <linux/cpufreq.h>
#include <linux/device.h>
#include <linux/pm_opp.h>

#include "opp_kunit_helpers.h"

#define F1	500000000UL
#define F2	800000000UL
#define F3	1000000000UL
#define V1	800000UL

/* A cpufreq table lists the available OPPs in kHz and flags turbo ones. */
static void opp_cpufreq_table_lists_available_opps(struct kunit *test)
{
	struct dev_pm_opp_data turbo = { .freq = F3, .u_volt = V1, .turbo = true };
	struct device *dev = opp_kunit_device(test, "opp-cpufreq");
	struct cpufreq_frequency_table *freqs;

	opp_kunit_add(test, dev, F2, V1);
	opp_kunit_add(test, dev, F1, V1);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &turbo), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, F2), 0);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_init_cpufreq_table(dev, &freqs), 0);
	KUNIT_EXPECT_EQ(test, freqs[0].frequency, F1 / 1000);
	KUNIT_EXPECT_EQ(test, freqs[0].flags, 0);
	KUNIT_EXPECT_EQ(test, freqs[1].frequency, F3 / 1000);
	KUNIT_EXPECT_EQ(test, freqs[1].flags, CPUFREQ_BOOST_FREQ);
	KUNIT_EXPECT_EQ(test, freqs[1].driver_data, 1);
	KUNIT_EXPECT_EQ(test, freqs[2].frequency, CPUFREQ_TABLE_END);

	dev_pm_opp_free_cpufreq_table(dev, &freqs);
	KUNIT_EXPECT_NULL(test, freqs);
}

/* No table is -ENODEV; a table with nothing available is -ENODATA. */
static void opp_cpufreq_table_errors(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-cpufreq-err");
	struct cpufreq_frequency_table *freqs = NULL;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_init_cpufreq_table(dev, &freqs), -ENODEV);
	opp_kunit_add(test, dev, F1, V1);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, F1), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_init_cpufreq_table(dev, &freqs),
			-ENODATA);
	KUNIT_EXPECT_NULL(test, freqs);
}

/*
 * Two available OPPs at one rate (told apart by their level) make no
 * cpufreq table: -ERANGE, as walking the rates upwards runs out of OPPs.
 */
static void opp_cpufreq_table_repeated_rate_is_erange(struct kunit *test)
{
	struct dev_pm_opp_data data = { .freq = F1, .u_volt = V1, .level = 1 };
	struct device *dev = opp_kunit_device(test, "opp-cpufreq-rep");
	struct cpufreq_frequency_table *freqs = NULL;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);
	data.level = 2;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_init_cpufreq_table(dev, &freqs),
			-ERANGE);
	KUNIT_EXPECT_NULL(test, freqs);
}

static struct kunit_case opp_cpufreq_cases[] = {
	KUNIT_CASE(opp_cpufreq_table_lists_available_opps),
	KUNIT_CASE(opp_cpufreq_table_errors),
	KUNIT_CASE(opp_cpufreq_table_repeated_rate_is_erange),
	{}
};

static struct kunit_suite opp_cpufreq_suite = {
	.name = "opp_cpufreq",
	.test_cases = opp_cpufreq_cases,
};

kunit_test_suite(opp_cpufreq_suite);
